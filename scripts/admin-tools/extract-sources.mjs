#!/usr/bin/env node
// Extracts, from the released Lightdash's own code (src/lib/releasedVersion.mjs) and the Helm chart of the same era, the facts that the self-host
// configuration builder and the permissions explorer rest on, into src/lib/adminTools/sourceExtract.json:
//   - the environment variables that release reads (parseConfig.ts, and `process.env` elsewhere in the backend);
//   - the variables the docker-compose.yml of the release passes to the lightdash service;
//   - every key path of the chart's values.yaml at 2713c2a;
//   - every `can(action, subject, conditions)` rule of organizationMemberAbility.ts and projectMemberAbility.ts,
//     with its role and line.
// The sources are git clones that are not in this repository (they are on the docs team's machines), so the result is
// committed and the tests check the data files against it (tests/unit/adminTools.test.ts).
//
//   node scripts/admin-tools/extract-sources.mjs           write the extract
//   node scripts/admin-tools/extract-sources.mjs --check   exit 1 when the committed extract differs from the sources
//   LIGHTDASH_REPO=… HELM_REPO=…                           where the clones are (defaults: /work/.mirror/…)
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import * as prettier from 'prettier';
import {parse as parseYaml} from 'yaml';
import {RELEASE_COMMIT, RELEASE_DATE} from '../../src/lib/releasedVersion.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(siteDir, 'src/lib/adminTools/sourceExtract.json');
const LIGHTDASH_REPO = process.env.LIGHTDASH_REPO ?? '/work/.mirror/houserx+lightdash-hrx/repo';
const HELM_REPO = process.env.HELM_REPO ?? '/work/.mirror/lightdash+helm-charts/repo';
/** The released patch's commit, and the chart of 2024-09-26 (the last chart release before it). */
const LIGHTDASH = {
  repo: 'lightdash/lightdash',
  commit: RELEASE_COMMIT.slice(0, 8),
  date: RELEASE_DATE,
  readFrom: 'houserx/lightdash-hrx',
};
const HELM = {repo: 'lightdash/helm-charts', commit: '2713c2a', date: '2024-09-26'};

const show = (repo, commit, file) =>
  execFileSync('git', ['-C', repo, 'show', `${commit}:${file}`], {encoding: 'utf8', maxBuffer: 64 << 20});
const lsTree = (repo, commit, dir) =>
  execFileSync('git', ['-C', repo, 'ls-tree', '-r', '--name-only', commit, dir], {encoding: 'utf8'})
    .split('\n')
    .filter(Boolean);

const PARSE_CONFIG = 'packages/backend/src/config/parseConfig.ts';
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{3,}$/;

/** Names read from the environment by parseConfig.ts: `process.env.X`, and 'X' passed to its env helpers. */
export function envNamesOfParseConfig(text) {
  const names = new Set();
  for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
  // The helpers (getIntegerFromEnvironmentVariable('X'), getPemFileContent(process.env.X) …) take the name as a string.
  for (const m of text.matchAll(/(?:EnvironmentVariable|CommaSeparatedList|RoleArray)\(\s*'([A-Z][A-Z0-9_]*)'/g))
    names.add(m[1]);
  return [...names].filter((n) => ENV_NAME.test(n)).sort();
}

/** `process.env.X` in the backend's other source files (not tests, seeds or parseConfig): name → first file. */
function envReadsElsewhere(files) {
  const found = {};
  for (const file of files) {
    if (file === PARSE_CONFIG || /\.(test|mock)\.ts$|\/seeds\/|\/tests?\//.test(file) || !file.endsWith('.ts'))
      continue;
    const text = show(LIGHTDASH_REPO, LIGHTDASH.commit, file);
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) found[m[1]] ??= file;
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** Every key path of a YAML mapping (`a.b.c`), maps inside lists excluded (the chart's lists are examples). */
function keyPaths(value, prefix = '') {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    return [here, ...keyPaths(child, here)];
  });
}

const ROLES = ['member', 'viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];

/**
 * The `can(...)` calls of an ability file, each with the role whose function holds it. A role's function starts at
 * `    <role>(member, { can }) {` and ends at the next one; the role functions call the role below first, so a rule
 * is first granted to the role it is written under.
 */
export function abilityRules(text, file) {
  const lines = text.split('\n');
  const rules = [];
  let role;
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i].match(/^ {4}([a-z_]+)\(member, \{ can \}\) \{/);
    if (start && ROLES.includes(start[1])) role = start[1];
    if (/^};/.test(lines[i])) role = undefined;
    const call = lines[i].match(/\bcan\(\s*'([a-z]+)',\s*'([A-Za-z]+)'(.*)$/);
    if (!call) continue;
    // The conditions object runs to the matching `)`.
    let depth = 0;
    let body = '';
    for (let j = i; j < lines.length; j++) {
      const text = j === i ? lines[j].slice(lines[j].indexOf('can(') + 3) : lines[j];
      for (const ch of text) {
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        body += ch;
        if (depth === 0) break;
      }
      if (depth === 0) break;
      body += ' ';
    }
    const conditions = body
      .replace(/^\(\s*'[a-z]+',\s*'[A-Za-z]+',?\s*/, '')
      .replace(/\)$/, '')
      .replace(/\s+/g, ' ')
      .replace(/,\s*}/g, ' }')
      .trim();
    rules.push({
      file,
      line: i + 1,
      role: role ?? 'dynamic',
      action: call[1],
      subject: call[2],
      conditions: conditions || '',
    });
  }
  return rules;
}

export function extract() {
  const parseConfig = show(LIGHTDASH_REPO, LIGHTDASH.commit, PARSE_CONFIG);
  const backendFiles = lsTree(LIGHTDASH_REPO, LIGHTDASH.commit, 'packages/backend/src');
  const compose = parseYaml(show(LIGHTDASH_REPO, LIGHTDASH.commit, 'docker-compose.yml'));
  const values = parseYaml(show(HELM_REPO, HELM.commit, 'charts/lightdash/values.yaml'));
  const abilityFiles = [
    'packages/common/src/authorization/organizationMemberAbility.ts',
    'packages/common/src/authorization/projectMemberAbility.ts',
  ];
  return {
    $comment:
      'Generated by scripts/admin-tools/extract-sources.mjs from the sources below; do not edit. `--check` compares it with them.',
    sources: {lightdash: LIGHTDASH, helm: HELM},
    env: {
      parseConfig: envNamesOfParseConfig(parseConfig),
      elsewhere: envReadsElsewhere(backendFiles),
    },
    compose: {
      file: 'docker-compose.yml',
      services: Object.keys(compose.services),
      lightdashEnvironment: compose.services.lightdash.environment.map((line) => line.split('=')[0]).sort(),
    },
    helm: {
      file: 'charts/lightdash/values.yaml',
      keyPaths: keyPaths(values).sort(),
      // Variables the chart's own ConfigMap template writes before `configMap`: the same name in `configMap` would
      // appear twice in the ConfigMap.
      configMapTemplate: 'charts/lightdash/templates/configmap.yaml',
      templateVariables: [
        ...new Set(
          [
            ...show(HELM_REPO, HELM.commit, 'charts/lightdash/templates/configmap.yaml').matchAll(
              /^ {2}([A-Z][A-Z0-9_]*):/gm,
            ),
          ].map((m) => m[1]),
        ),
      ].sort(),
    },
    abilities: abilityFiles.flatMap((file) => abilityRules(show(LIGHTDASH_REPO, LIGHTDASH.commit, file), file)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Written as prettier writes it, so the lint step and `--check` agree on the same text.
  const text = await prettier.format(JSON.stringify(extract(), null, 2), {
    ...(await prettier.resolveConfig(OUT)),
    filepath: OUT,
  });
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (committed !== text) {
      console.error(
        `${path.relative(siteDir, OUT)} differs from the sources: run node scripts/admin-tools/extract-sources.mjs`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(siteDir, OUT)} matches the sources.`);
  } else {
    fs.writeFileSync(OUT, text);
    console.log(`wrote ${path.relative(siteDir, OUT)}`);
  }
}
