#!/usr/bin/env node
// How long the docs' YAML checker (src/lib/yamlCheck, through its entry index.ts) takes on large dbt properties files, to size
// the page's debounce and limits: a 10,000-line file, valid and with one wrong metric type in every model, and a
// file at the size cap. Runs the TypeScript module through the MCP server's loader hooks, as `npm run mcp` does.
//
//   node scripts/bench-yaml-check.mjs            print the figures
//   node scripts/bench-yaml-check.mjs --write    also write bench-results/yaml-check.md
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import '../mcp/lib/search/register.mjs';
import {bigDbtYaml} from '../tests/yaml-samples.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {checkDbtYaml, MAX_YAML_CHARS} = await import('../src/lib/yamlCheck/index.ts');

const lineCount = (text) => (text.match(/\n/g) ?? []).length.toLocaleString('en-US');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(text, runs = 5) {
  const durations = [];
  let result;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = checkDbtYaml(text);
    durations.push(performance.now() - start);
  }
  const last = /** @type {ReturnType<typeof checkDbtYaml>} */ (result); // runs ≥ 1
  return {ms: median(durations), problems: last.problems.length + last.omitted};
}

const valid = bigDbtYaml(10_000);
const invalid = bigDbtYaml(10_000, {wrongMetricType: true});
let atCap = valid;
while (atCap.length < MAX_YAML_CHARS - valid.length) atCap += valid.replace(/^version: 2\nmodels:\n/, '');
const rows = [
  [`${lineCount(valid)} lines, valid`, valid],
  [`${lineCount(invalid)} lines, one wrong metric type per model`, invalid],
  [`${lineCount(atCap)} lines (near the ${MAX_YAML_CHARS.toLocaleString('en-US')}-character cap)`, atCap],
].map(([name, text]) => ({name, chars: text.length, ...time(text)}));

const date = new Date().toISOString().slice(0, 10);
const table = [
  '| file | characters | problems | median of 5 runs (ms) |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.name} | ${r.chars.toLocaleString('en-US')} | ${r.problems} | ${r.ms.toFixed(0)} |`),
].join('\n');
console.log(table);
if (process.argv.includes('--write')) {
  const text = `# YAML checker\n\nWritten by \`node scripts/bench-yaml-check.mjs --write\` on ${date}, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}). Time of one \`checkDbtYaml\` call (parse, validate, messages).\n\n${table}\n`;
  fs.writeFileSync(path.join(siteDir, 'bench-results/yaml-check.md'), text);
}
