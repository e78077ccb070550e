#!/usr/bin/env node
// Compiles the TypeSpec contract (contract/main.tsp) to OpenAPI 3.1 and TypeScript types:
//   generated/openapi/openapi.json, generated/openapi/openapi.yaml, generated/openapi/types.d.ts
// Any compiler diagnostic (warnings included) fails the build, so the contract stays clean.
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {compile, formatDiagnostic, NodeHost, resolveCompilerOptions} from '@typespec/compiler';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entrypoint = path.join(root, 'contract', 'main.tsp');
const outDir = path.join(root, 'generated', 'openapi');
const jsonFile = path.join(outDir, 'openapi.json');
const yamlFile = path.join(outDir, 'openapi.yaml');
const typesFile = path.join(outDir, 'types.d.ts');

/**
 * @param {string} message
 * @param {readonly import('@typespec/compiler').Diagnostic[]} [diagnostics]
 * @returns {never}
 */
function fail(message, diagnostics = []) {
  console.error(`contract:build failed: ${message}`);
  for (const diagnostic of diagnostics) {
    console.error(formatDiagnostic(diagnostic, {pretty: process.stderr.isTTY, pathRelativeTo: root}));
  }
  process.exit(1);
}

const started = performance.now();
// Loading openapi-typescript (and the Redocly core it bundles) takes a while; start it now, await it after compiling.
const openapiTypescript = import('openapi-typescript');

const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
  entrypoint,
  cwd: root,
  configPath: path.join(root, 'contract', 'tspconfig.yaml'),
});
if (configDiagnostics.length > 0) fail('invalid contract/tspconfig.yaml', configDiagnostics);

// Stale output must not survive a failed compile.
await rm(outDir, {recursive: true, force: true});
await mkdir(outDir, {recursive: true});

const program = await compile(NodeHost, entrypoint, options);
if (program.diagnostics.length > 0) {
  const errors = program.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = program.diagnostics.length - errors;
  fail(`TypeSpec reported ${errors} error(s) and ${warnings} warning(s)`, program.diagnostics);
}

let document;
try {
  document = JSON.parse(await readFile(jsonFile, 'utf8'));
} catch (error) {
  fail(`the OpenAPI emitter did not write ${path.relative(root, jsonFile)} (${/** @type {Error} */ (error).message})`);
}

await writeFile(yamlFile, YAML.stringify(document, {lineWidth: 0, aliasDuplicateObjects: false}));

const {default: openapiTS, astToString} = await openapiTypescript;
const ast = await openapiTS(document);
const banner =
  '// Generated from contract/ by scripts/build-contract.mjs. Do not edit: run `npm run contract:build`.\n\n';
await writeFile(typesFile, banner + astToString(ast));

const operations = Object.values(document.paths ?? {}).reduce(
  (count, item) =>
    count + Object.keys(item).filter((k) => ['get', 'put', 'post', 'patch', 'delete'].includes(k)).length,
  0,
);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(
  `contract:build: ${operations} operations, ${Object.keys(document.components?.schemas ?? {}).length} schemas ` +
    `-> ${path.relative(root, outDir)}/{openapi.json,openapi.yaml,types.d.ts} in ${seconds}s`,
);
