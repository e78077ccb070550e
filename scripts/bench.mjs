#!/usr/bin/env node
// `npm run bench`: build time and memory, first-load bytes, Lighthouse and search figures of this site,
// next to a default Docusaurus classic build of our docs and docusaurus-theme-openapi-docs rendering our
// contract, with the ratio ours/peer. Not part of `npm test`: it takes about 30 minutes on 2 cores.
//
//   npm run bench -- [--json bench.json] [--only build,bytes,lighthouse,search,bundle,search-quality,peers] [--runs N] [--port P] [--fresh]
//
// `search-quality` (only when named in --only, since every run reads the held-out questions): top-1, top-5,
// MRR and empty results on the held-out half of the real-questions corpus, for ours, the search plugin's
// default order and Pagefind's defaults over build/ (scripts/bench/search-quality.mjs). About a minute.
//
// Progress goes to stderr, the table (Markdown) to stdout, the same figures as JSON to --json. `bundle`
// writes what the first-load chunks are made of to bench-results/main-bundle.md (committed).
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {chromiumSettings, launchBrowser} from './bench/browser.mjs';
import {measureBuilds, OUR_BUILD_STEPS} from './bench/build.mjs';
import {measureBytes} from './bench/bytes.mjs';
import {formatBundle, measureBundle} from './bench/bundle.mjs';
import {LIGHTHOUSE_VERSION, measureLighthouse} from './bench/lighthouse.mjs';
import {GUIDE_PAGE, REFERENCE_PAGE, SAMPLE_OPERATION, operationSegment, preparePeer} from './bench/peers.mjs';
import {BenchError, WORK_ROOT, cleanupAll, installSignalHandlers, interruptedBy, log, run} from './bench/process.mjs';
import {measureSearch} from './bench/search.mjs';
import {formatSearchQuality, measureSearchQuality} from './bench/search-quality.mjs';
import {serveBuild} from './bench/server.mjs';
import {buildRows, formatTable, PEERS} from './bench/table.mjs';
import {ensureTool} from './bench/tools.mjs';
import {addSyntheticCopies, commitAll, copySite} from './bench/workspace.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MEASUREMENTS = ['build', 'bytes', 'lighthouse', 'search', 'bundle'];
/** Measured only when named in --only: each run reads the held-out questions (tests/search/corpus.ts). */
const ON_REQUEST = ['search-quality'];
/** Where `--only bundle` writes its table; committed, so a change's effect on the main bundle shows in review. */
const BUNDLE_REPORT = path.join(siteDir, 'bench-results/main-bundle.md');
const USAGE =
  'Usage: npm run bench -- [--json <file>] [--only build,bytes,lighthouse,search,bundle,search-quality,peers] [--runs N] [--port P] [--fresh]';

/** Command line → {json, measurements, withPeers, runs, port, fresh}; throws BenchError on bad input. */
export function parseOptions(argv) {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        json: {type: 'string'},
        only: {type: 'string'},
        runs: {type: 'string', default: '3'},
        port: {type: 'string', default: '4700'},
        fresh: {type: 'boolean', default: false},
        help: {type: 'boolean', default: false},
      },
    }));
  } catch (error) {
    throw new BenchError(`${/** @type {Error} */ (error).message}\n${USAGE}`);
  }
  if (values.help) return {help: true};
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...MEASUREMENTS, 'peers'];
  const unknown = only.filter((s) => ![...MEASUREMENTS, ...ON_REQUEST, 'peers'].includes(s));
  if (unknown.length) throw new BenchError(`Unknown --only part: ${unknown.join(', ')}.\n${USAGE}`);
  const runs = Number(values.runs);
  const port = Number(values.port);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20)
    throw new BenchError(`--runs must be 1–20, got ${values.runs}.`);
  if (!Number.isInteger(port) || port < 1024 || port > 65000)
    throw new BenchError(`--port must be 1024–65000, got ${values.port}.`);
  const measurements = only.filter((s) => MEASUREMENTS.includes(s) || ON_REQUEST.includes(s));
  return {
    json: values.json ? path.resolve(values.json) : null,
    // `--only peers` alone means every measurement, with the peers.
    measurements: measurements.length ? measurements : MEASUREMENTS,
    withPeers: only.includes('peers'),
    runs,
    port,
    fresh: values.fresh,
  };
}

/** Our sample pages; the operation page's URL follows the API reference's /api/v1/<tag>/<operation segment>. */
function ourPages() {
  const contract = JSON.parse(fs.readFileSync(path.join(siteDir, 'generated/openapi/openapi.json'), 'utf8'));
  const op = Object.values(contract.paths)
    .flatMap((item) => Object.values(item))
    .find((o) => o?.operationId === SAMPLE_OPERATION);
  if (!op) throw new BenchError(`The contract has no operation ${SAMPLE_OPERATION} to measure.`);
  const tag = op.tags[0]
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return {
    home: '/',
    guide: GUIDE_PAGE,
    reference: REFERENCE_PAGE,
    apiOperation: `/api/v1/${tag}/${operationSegment(SAMPLE_OPERATION)}`,
    search: '/search',
  };
}

/** Ours at today's content and at 5× (4 synthetic copies of every docs page in every version). */
async function buildOurs() {
  const oneX = path.join(WORK_ROOT, 'site-1x');
  copySite(siteDir, oneX);
  await commitAll(oneX);
  const build1x = await measureBuilds(oneX, 'ours 1×', {}, OUR_BUILD_STEPS);

  const fiveX = path.join(WORK_ROOT, 'site-5x');
  copySite(siteDir, fiveX);
  const versionDirs = ['docs', ...fs.readdirSync(path.join(fiveX, 'versioned_docs')).map((v) => `versioned_docs/${v}`)];
  const added = versionDirs.reduce((sum, dir) => sum + addSyntheticCopies(path.join(fiveX, dir)), 0);
  log(`5× copy: ${added} synthetic pages added in ${versionDirs.join(', ')}`);
  await commitAll(fiveX);
  const build5x = await measureBuilds(fiveX, 'ours 5×', {}, OUR_BUILD_STEPS);
  fs.rmSync(fiveX, {recursive: true, force: true});
  return {buildDir: path.join(oneX, 'build'), build: {'1x': build1x, '5x': {...build5x, syntheticPages: added}}};
}

async function buildPeer(peer, timed) {
  if (timed) return {'1x': await measureBuilds(peer.dir, peer.name)};
  log(`${peer.name}: build (not timed)...`);
  await run(path.join(peer.dir, 'node_modules/.bin/docusaurus'), ['build'], {cwd: peer.dir});
  return undefined;
}

/** Bytes, Lighthouse and search figures of one served target. */
async function measureServed(target, options, browser) {
  const result = {};
  if (options.measurements.includes('bytes')) {
    log(`${target.name}: first-load bytes...`);
    result.bytes = await measureBytes(browser, target);
  }
  if (options.measurements.includes('search')) {
    log(`${target.name}: search timing...`);
    result.search = await measureSearch(browser, target, {runs: options.runs});
  }
  if (options.measurements.includes('lighthouse')) {
    log(`${target.name}: Lighthouse ×${options.runs} per page and form factor...`);
    result.lighthouse = await measureLighthouse(target, {runs: options.runs, pageTypes: target.lighthousePages});
  }
  return result;
}

/** Failing accessibility / best-practices / SEO audits, for the team to fix. */
function lighthouseMisses(results) {
  const misses = [];
  for (const [target, r] of Object.entries(results)) {
    for (const [page, byForm] of Object.entries(r.lighthouse ?? {})) {
      for (const [formFactor, {failing}] of Object.entries(byForm)) {
        if (failing.length) misses.push({target, page, formFactor, audits: failing});
      }
    }
  }
  return misses;
}

async function main(options) {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const served = options.measurements.some((m) => m !== 'build' && m !== 'bundle' && !ON_REQUEST.includes(m));
  if (served) await chromiumSettings();
  // Fail before any long step if a tool cannot be installed.
  if (options.measurements.includes('lighthouse')) await ensureTool('lighthouse', LIGHTHOUSE_VERSION);
  fs.mkdirSync(WORK_ROOT, {recursive: true});
  log('compiling the contract (generated/openapi)...');
  await run(process.execPath, ['scripts/build-contract.mjs'], {cwd: siteDir});

  const results = {ours: {}};
  /** @type {any[]} */
  const targets = [];
  let ourBuildDir = path.join(siteDir, 'build');
  if (options.measurements.includes('bundle')) {
    results.ours.bundle = await measureBundle(siteDir);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: siteDir, encoding: 'utf8'}).trim();
    fs.mkdirSync(path.dirname(BUNDLE_REPORT), {recursive: true});
    fs.writeFileSync(
      BUNDLE_REPORT,
      `# Main bundle\n\nWritten by \`npm run bench -- --only bundle\` on commit ${commit}. ${formatBundle(results.ours.bundle)}\n`,
    );
    log(`bundle analysis written to ${path.relative(siteDir, BUNDLE_REPORT)}`);
  }
  if (options.measurements.includes('build')) {
    const ours = await buildOurs();
    results.ours.build = ours.build;
    ourBuildDir = ours.buildDir;
  } else if (served && !fs.existsSync(path.join(ourBuildDir, 'index.html'))) {
    throw new BenchError('No build in build/: run `npm run build` first, or include `build` in --only.');
  }
  targets.push({name: 'ours', buildDir: ourBuildDir, pages: ourPages(), lighthousePages: null, searchPage: '/'});

  const peerInfo = {};
  if (options.withPeers) {
    for (const name of PEERS) {
      const peer = await preparePeer(name, siteDir, {fresh: options.fresh});
      results[name] = {build: await buildPeer(peer, options.measurements.includes('build'))};
      if (peer.generateSeconds !== null) results[name].generateSeconds = peer.generateSeconds;
      peerInfo[name] = {versions: peer.versions, pages: peer.pages};
      targets.push(peer);
    }
  }

  if (served) {
    // Lighthouse starts its own Chrome; Playwright's is for bytes and search.
    const needsBrowser = options.measurements.some((m) => m === 'bytes' || m === 'search');
    const browser = needsBrowser ? await launchBrowser() : null;
    for (const [i, target] of targets.entries()) {
      const server = await serveBuild(target.buildDir, options.port + i);
      target.origin = server.origin;
      Object.assign(results[target.name], await measureServed(target, options, browser));
      await server.stop();
    }
  }

  // Reads the worktree's build/ (the tests' search does), even when `build` measured a copy.
  const searchQuality = options.measurements.includes('search-quality') ? await measureSearchQuality(siteDir) : null;

  const rows = buildRows(results);
  const table = [rows.length ? formatTable(rows) : '', searchQuality && formatSearchQuality(searchQuality)]
    .filter(Boolean)
    .join('\n\n');
  const report = {
    meta: {
      date: new Date().toISOString(),
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      seconds: (Date.now() - started) / 1000,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg(),
      runs: options.runs,
      measurements: options.measurements,
      lighthouse: LIGHTHOUSE_VERSION,
      ourBuild: ourBuildDir,
      ourPages: targets[0].pages,
      peers: peerInfo,
    },
    results,
    searchQuality,
    lighthouseMisses: lighthouseMisses(results),
    rows,
  };
  if (options.json) {
    fs.mkdirSync(path.dirname(options.json), {recursive: true});
    fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    log(`JSON written to ${options.json}`);
  }
  for (const miss of report.lighthouseMisses) {
    log(`Lighthouse miss: ${miss.target} ${miss.page} ${miss.formFactor}: ${miss.audits.join(', ')}`);
  }
  log(`done in ${(report.meta.seconds / 60).toFixed(1)} min (load average ${loadBefore[0].toFixed(1)} at start)`);
  process.stdout.write(`${table}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  installSignalHandlers();
  let code = 0;
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options.help) process.stdout.write(`${USAGE}\n`);
    else await main(options);
  } catch (error) {
    code = 1;
    if (interruptedBy()) code = interruptedBy() === 'SIGINT' ? 130 : 143;
    else
      process.stderr.write(
        `\nbench failed: ${error instanceof BenchError ? error.message : /** @type {Error} */ (error).stack}\n`,
      );
  } finally {
    await cleanupAll();
  }
  process.exit(code);
}
