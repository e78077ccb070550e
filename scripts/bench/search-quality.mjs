// Search quality on the held-out half of the real-questions corpus (issue 46,
// tests/search/held-out-questions.yaml): top-1, top-5, MRR@10 and the number of questions with no result, for
//  - ours, in its three views (the box on the home page, the box on a guide, /search), measured by
//    tests/search/held-out.test.ts exactly as the tests measure them;
//  - the search plugin as the classic peer ships it: @easyops-cn/docusaurus-search-local 0.55.3 with our
//    options and its own order, over this same build's index (the peer's site has the same docs, so the
//    difference is the ranking; measured by the same test file, `SEARCH_QUALITY_OUT` set);
//  - Pagefind 1.6 with its defaults (no configuration, every released page's HTML indexed whole), over the
//    same build, searched through the very pagefind.js a browser would load.
// Aggregates only: the held-out half is never reported question by question (see the file's header).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parse} from 'yaml';
import {BenchError, WORK_ROOT, log, start} from './process.mjs';

export const HELD_OUT = 'tests/search/held-out-questions.yaml';
/** Results looked at per question for MRR, the same for every engine (the box shows 8). */
export const MRR_DEPTH = 10;

/** `/references/joins/#x` → `/references/joins` (the tests' pathOf). */
export function pathOf(route) {
  const p = String(route).split(/[?#]/)[0];
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

/**
 * Aggregate of one engine: `lists` holds, per question, the page paths it returned in order (anchors
 * stripped); a question is found at the first position of its page or of one of its `also` pages.
 */
export function aggregate(questions, lists) {
  if (questions.length !== lists.length) throw new BenchError('one result list per question is needed');
  let top1 = 0;
  let top5 = 0;
  let reciprocal = 0;
  let empty = 0;
  questions.forEach((question, i) => {
    const wanted = new Set([question.page, ...(question.also ?? [])].map(pathOf));
    const list = lists[i].map(pathOf);
    if (list.length === 0) empty += 1;
    const rank = list.slice(0, MRR_DEPTH).findIndex((p) => wanted.has(p)) + 1;
    if (rank === 1) top1 += 1;
    if (rank >= 1 && rank <= 5) top5 += 1;
    if (rank >= 1) reciprocal += 1 / rank;
  });
  const n = questions.length;
  return {n, top1: top1 / n, top5: top5 / n, mrr: reciprocal / n, empty};
}

/** The held-out questions (plain fields; the tests check the file itself). */
export function heldOutQuestions(siteDir) {
  const file = path.join(siteDir, HELD_OUT);
  const questions = parse(fs.readFileSync(file, 'utf8'))?.questions;
  if (!Array.isArray(questions) || questions.length === 0) throw new BenchError(`${HELD_OUT} has no questions.`);
  return questions;
}

/** Released routes of the build: the sitemap without the unreleased version under /next/. */
export function releasedRoutes(buildDir) {
  const sitemap = path.join(buildDir, 'sitemap.xml');
  if (!fs.existsSync(sitemap)) throw new BenchError(`${sitemap} is missing: run \`npm run build\` first.`);
  const routes = [...fs.readFileSync(sitemap, 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) =>
    m[1] === '' ? '/' : m[1],
  );
  return routes.filter((r) => !r.startsWith('/next/') && r !== '/next');
}

/** Ours (three views) and the plugin's own order, from tests/search/held-out.test.ts. */
async function measureByTest(siteDir) {
  const out = path.join(WORK_ROOT, 'search-quality-ours.json');
  fs.mkdirSync(WORK_ROOT, {recursive: true});
  fs.rmSync(out, {force: true});
  const vitest = path.join(siteDir, 'node_modules/.bin/vitest');
  const {done} = start(vitest, ['run', 'tests/search/held-out.test.ts'], {
    cwd: siteDir,
    env: {SEARCH_QUALITY_OUT: out},
  });
  const result = await done;
  if (!fs.existsSync(out)) {
    const tail = result.output.split('\n').slice(-25).join('\n');
    throw new BenchError(`tests/search/held-out.test.ts wrote no figures (exit ${result.code}):\n${tail}`);
  }
  const figures = JSON.parse(fs.readFileSync(out, 'utf8'));
  // The figures are written even when a floor fails; say so, the table still shows them.
  if (result.code !== 0) log('search-quality: tests/search/held-out.test.ts failed a floor (figures below)');
  return {figures, floorsPassed: result.code === 0};
}

/**
 * Serves a folder on a loopback port, as a static host would, for pagefind.js to fetch its wasm and index
 * chunks from with Node's own fetch (nothing global is replaced). Resolves to {url, close}.
 */
export async function serveFolder(folder) {
  const root = path.resolve(folder);
  const server = http.createServer((request, response) => {
    const file = path.join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(`${root}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream'});
    response.end(fs.readFileSync(file));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve(undefined)));
  const {port} = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * Pagefind with its defaults over the released pages of the build; returns a search (q → page paths).
 * `outputPath` is where its index is written (the bench's work folder unless a test gives its own).
 */
export async function pagefindSearch(buildDir, outputPath = path.join(WORK_ROOT, 'pagefind')) {
  const pagefind = await import('pagefind');
  const {index, errors} = await pagefind.createIndex();
  if (!index) throw new BenchError(`pagefind could not start: ${errors.join('; ')}`);
  let pages = 0;
  for (const route of releasedRoutes(buildDir)) {
    const file = path.join(buildDir, route, 'index.html');
    if (!fs.existsSync(file)) continue;
    const added = await index.addHTMLFile({url: route, content: fs.readFileSync(file, 'utf8')});
    if (added.errors.length) throw new BenchError(`pagefind could not index ${route}: ${added.errors.join('; ')}`);
    pages += 1;
  }
  fs.rmSync(outputPath, {recursive: true, force: true});
  const written = await index.writeFiles({outputPath});
  if (written.errors.length) throw new BenchError(`pagefind could not write its index: ${written.errors.join('; ')}`);
  await pagefind.close();
  log(`search-quality: Pagefind indexed ${pages} released pages`);

  // pagefind.js fetches its wasm and index chunks from its basePath, here the folder served over HTTP.
  const host = await serveFolder(outputPath);
  const client = await import(pathToFileURL(path.join(outputPath, 'pagefind.js')).href);
  // basePath: where its files are fetched from; baseUrl: what result URLs start with (the site root).
  await client.options({basePath: host.url, baseUrl: '/'});
  await client.init();
  const search = async (q) => {
    const response = await client.search(q);
    const top = await Promise.all((response?.results ?? []).slice(0, MRR_DEPTH).map((r) => r.data()));
    return top.map((d) => d.url);
  };
  return {search, pages, close: host.close};
}

/** All figures of the search-quality part: {questions, ours: {home, guide, page}, plugin, pagefind}. */
export async function measureSearchQuality(siteDir, buildDir = path.join(siteDir, 'build')) {
  const questions = heldOutQuestions(siteDir);
  log(`search-quality: ${questions.length} held-out questions (aggregates only)`);
  log('search-quality: ours and the plugin default, through tests/search/held-out.test.ts...');
  const {figures, floorsPassed} = await measureByTest(siteDir);
  log('search-quality: Pagefind defaults...');
  const pf = await pagefindSearch(buildDir);
  const lists = [];
  try {
    for (const question of questions) lists.push(await pf.search(question.q));
  } finally {
    await pf.close();
  }
  return {
    questions: questions.length,
    floorsPassed,
    ours: figures.ours,
    plugin: figures.plugin,
    pagefind: {...aggregate(questions, lists), pages: pf.pages},
  };
}

const pct = (rate) => `${(rate * 100).toFixed(1)} %`;

/** Markdown table of the search-quality figures (one row per engine and view). */
export function formatSearchQuality(sq) {
  const rows = [
    ['ours: box on the home page', sq.ours.home],
    ['ours: box on a guide', sq.ours.guide],
    ['ours: /search', sq.ours.page],
    ['classic peer: search plugin default order', sq.plugin],
    ['Pagefind 1.6 defaults', sq.pagefind],
  ];
  return [
    `Search quality on the held-out half (${sq.questions} questions; MRR over the first ${MRR_DEPTH} results):`,
    '',
    '| Engine | top-1 | top-5 | MRR | empty |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(([label, f]) => `| ${label} | ${pct(f.top1)} | ${pct(f.top5)} | ${f.mrr.toFixed(3)} | ${f.empty} |`),
  ].join('\n');
}
