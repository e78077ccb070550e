// Search figures: index bytes per context, keystroke-to-rendered-suggestions (warm index) and the time
// to the first suggestions on a cold load, measured in the page itself (timestamps from a keydown
// listener and a MutationObserver on the suggestion list).
import fs from 'node:fs';
import path from 'node:path';
import {openHydrated} from './browser.mjs';
import {fileSizes, sumFiles} from './bytes.mjs';
import {median, percentile} from './stats.mjs';

/** Queries typed one character at a time: words of the docs, so every prefix has suggestions. */
export const QUERIES = [
  'metrics',
  'dimensions',
  'dashboard',
  'spaces',
  'scheduled deliveries',
  'slack',
  'filters',
  'table calculations',
  'joins',
  'dbt',
  'deploy',
  'preview',
  'embedding',
  'google sheets',
  'user attributes',
  'groups',
  'roles',
  'caching',
  'sql runner',
  'custom fields',
  'validate',
  'docker',
  'environment variables',
  'charts',
];

const INPUT = 'input.navbar__search-input';

/**
 * Index files per context: search-index{-context}.json at the build root (the released version) and
 * in each version folder (next/). Returns [{context, raw, gzip}] context like `/`, `/guides` or `/next/`.
 */
export function indexBytes(buildDir) {
  const found = [];
  const scan = (folder) => {
    const dir = path.join(buildDir, folder);
    for (const name of fs.readdirSync(dir).sort()) {
      const match = /^search-index(?:-(.+))?\.json$/.exec(name);
      if (!match) continue;
      const context = `/${folder ? `${folder}/` : ''}${match[1] ?? ''}`;
      found.push({context, ...fileSizes(path.join(dir, name))});
    }
  };
  scan('');
  for (const entry of fs.readdirSync(buildDir, {withFileTypes: true})) {
    if (
      entry.isDirectory() &&
      fs.readdirSync(path.join(buildDir, entry.name)).some((f) => f.startsWith('search-index'))
    ) {
      scan(entry.name);
    }
  }
  return found;
}

/**
 * Installed in the page: records performance.now() at each keydown, and the time at which the
 * suggestion list next holds options that were not there at that keydown (a new render).
 */
function instrumentSearch() {
  /** @type {{pending: number | null, before: Element | null, samples: number[], firstRender: number | null}} */
  const state = {pending: null, before: null, samples: [], firstRender: null};
  const firstOption = () => document.querySelector('[role="listbox"] [role="option"]');
  document.addEventListener(
    'keydown',
    () => {
      state.pending = performance.now();
      state.before = firstOption();
    },
    true,
  );
  new MutationObserver(() => {
    if (state.pending === null) return;
    const option = firstOption();
    if (option && option !== state.before) {
      const now = performance.now();
      state.samples.push(now - state.pending);
      state.firstRender ??= now;
      state.pending = null;
    }
  }).observe(document.body, {subtree: true, childList: true});
  /** @type {any} */ (window).__benchSearch = state;
}

async function sampleCount(page) {
  return page.evaluate(() => /** @type {any} */ (window).__benchSearch.samples.length);
}

/** Types one character and waits for its rendered suggestions; returns the time or null (none came). */
async function typeAndTime(page, char, timeoutMs = 2000) {
  const before = await sampleCount(page);
  await page.keyboard.type(char);
  try {
    await page.waitForFunction((n) => /** @type {any} */ (window).__benchSearch.samples.length > n, before, {
      timeout: timeoutMs,
    });
  } catch {
    await page.evaluate(() => {
      const win = /** @type {any} */ (window);
      return (win.__benchSearch.pending = null);
    });
    return null;
  }
  return page.evaluate(() => /** @type {any} */ (window).__benchSearch.samples.at(-1));
}

async function openSearchPage(browser, origin, urlPath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openHydrated(page, origin + urlPath);
  await page.evaluate(instrumentSearch);
  return {context, page};
}

/** One pass of the warm typing in a new tab: samples (ms) and the inputs that got no suggestions. */
async function typeQueries(browser, origin, urlPath) {
  const {context, page} = await openSearchPage(browser, origin, urlPath);
  try {
    await page.click(INPUT);
    for (const char of 'warm') await typeAndTime(page, char, 30_000);
    const samples = [];
    const missed = []; // the input's value when no suggestions came
    for (const query of QUERIES) {
      await page.fill(INPUT, '');
      await page.focus(INPUT);
      for (const char of query) {
        if (char === ' ') {
          await page.keyboard.type(char);
          continue;
        }
        const ms = await typeAndTime(page, char);
        if (ms === null) missed.push(await page.inputValue(INPUT));
        else samples.push(ms);
      }
    }
    return {samples, missed};
  } finally {
    await context.close();
  }
}

/**
 * Warm keystroke latency: one warm-up query loads the index, then every query of QUERIES is typed
 * character by character (spaces do not change the query's terms, so they are not timed). `passes`
 * tabs type them all, and their samples are pooled: most of a keystroke's time is the browser's wait
 * for its next frame (the same on every site), so one pass's p95 moves by a millisecond from run to run.
 */
export async function keystrokeLatency(browser, origin, urlPath, passes = 1) {
  const samples = [];
  const missed = new Set();
  for (let pass = 0; pass < passes; pass++) {
    const typed = await typeQueries(browser, origin, urlPath);
    samples.push(...typed.samples);
    for (const input of typed.missed) missed.add(input);
  }
  return {
    samples: samples.length,
    passes,
    missed: [...missed],
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
  };
}

/** Lighthouse's mobile network (slow 4G): what a reader on a phone waits through. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * One cold search: the page loaded in a new context (empty cache), 'metrics' typed as soon as React
 * has hydrated. Returns when the first suggestions rendered (from the keystroke and from navigation
 * start) and the same-origin files that finished downloading from the click into the box up to then
 * (index stages, the search worker and its chunks; not the page's own first load).
 */
async function coldSearch(browser, origin, urlPath, network) {
  const {context, page} = await openSearchPage(browser, origin, urlPath);
  try {
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', network);
    }
    // The index is fetched by the search worker, whose downloads are not in the page's resource
    // timing; Playwright reports them with the page's.
    const finished = [];
    page.on('requestfinished', (request) => {
      const {startTime, responseEnd} = request.timing();
      finished.push({url: request.url(), start: startTime, end: startTime + responseEnd});
    });
    const typedAt = await page.evaluate(() => performance.now());
    await page.click(INPUT);
    await page.keyboard.type('metrics');
    await page.waitForFunction(() => /** @type {any} */ (window).__benchSearch.firstRender !== null, null, {
      timeout: 120_000,
    });
    const {timeOrigin, firstRender} = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      firstRender: /** @type {any} */ (window).__benchSearch.firstRender,
    }));
    const fetched = finished
      .filter((r) => r.start >= timeOrigin + typedAt && r.end <= timeOrigin + firstRender)
      .map((r) => new URL(r.url))
      .filter((url) => url.origin === origin)
      .map((url) => url.pathname);
    return {fromKeystroke: firstRender - typedAt, fromNavigation: firstRender, fetched};
  } finally {
    await context.close();
  }
}

/**
 * Cold first suggestions: the times are the median of `runs` loads on the bench's own network. The
 * bytes the reader waited for come from one more load on a slow-4G network, where a file still
 * downloading when the suggestions show (the whole index behind a first stage) is not counted; on the
 * local network it would finish first. Sized as gzip of the build's files, like the first-load rows.
 */
export async function coldFirstSuggestions(browser, origin, buildDir, urlPath, runs = 3) {
  const fromKeystroke = [];
  const fromNavigation = [];
  for (let i = 0; i < runs; i++) {
    const run = await coldSearch(browser, origin, urlPath);
    fromKeystroke.push(run.fromKeystroke);
    fromNavigation.push(run.fromNavigation);
  }
  const slow = await coldSearch(browser, origin, urlPath, SLOW_4G);
  const sized = sumFiles(path.resolve(buildDir), slow.fetched);
  return {
    fromKeystroke: median(fromKeystroke),
    fromNavigation: median(fromNavigation),
    bytesBeforeSuggestions: sized.gzip,
    filesBeforeSuggestions: sized.files,
    slow4gFromKeystroke: slow.fromKeystroke,
    runs,
  };
}

/** Every search figure of a target. */
export async function measureSearch(browser, target, {runs = 3} = {}) {
  const urlPath = target.searchPage;
  return {
    index: indexBytes(target.buildDir),
    page: urlPath,
    warm: await keystrokeLatency(browser, target.origin, urlPath, runs),
    cold: await coldFirstSuggestions(browser, target.origin, target.buildDir, urlPath, runs),
  };
}
