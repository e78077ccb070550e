// Search figures: index bytes per context, keystroke-to-rendered-suggestions (warm index) and the time
// to the first suggestions on a cold load, measured in the page itself (timestamps from a keydown
// listener and a MutationObserver on the suggestion list).
import fs from 'node:fs';
import path from 'node:path';
import {openHydrated} from './browser.mjs';
import {fileSizes} from './bytes.mjs';
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
  window.__benchSearch = state;
}

async function sampleCount(page) {
  return page.evaluate(() => window.__benchSearch.samples.length);
}

/** Types one character and waits for its rendered suggestions; returns the time or null (none came). */
async function typeAndTime(page, char, timeoutMs = 2000) {
  const before = await sampleCount(page);
  await page.keyboard.type(char);
  try {
    await page.waitForFunction((n) => window.__benchSearch.samples.length > n, before, {timeout: timeoutMs});
  } catch {
    await page.evaluate(() => (window.__benchSearch.pending = null));
    return null;
  }
  return page.evaluate(() => window.__benchSearch.samples.at(-1));
}

async function openSearchPage(browser, origin, urlPath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openHydrated(page, origin + urlPath);
  await page.evaluate(instrumentSearch);
  return {context, page};
}

/**
 * Warm keystroke latency: one warm-up query loads the index, then every query of QUERIES is typed
 * character by character (spaces do not change the query's terms, so they are not timed).
 */
export async function keystrokeLatency(browser, origin, urlPath) {
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
    return {
      samples: samples.length,
      missed,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: Math.max(...samples),
    };
  } finally {
    await context.close();
  }
}

/**
 * Cold: a new browser context (empty cache), the page loaded, the query typed as soon as React has
 * hydrated. Returns milliseconds from the first keystroke, and from navigation start, to the first
 * rendered suggestions (median of runs).
 */
export async function coldFirstSuggestions(browser, origin, urlPath, runs = 3) {
  const fromKeystroke = [];
  const fromNavigation = [];
  for (let i = 0; i < runs; i++) {
    const {context, page} = await openSearchPage(browser, origin, urlPath);
    try {
      const typedAt = await page.evaluate(() => performance.now());
      await page.click(INPUT);
      await page.keyboard.type('metrics');
      await page.waitForFunction(() => window.__benchSearch.firstRender !== null, null, {timeout: 60_000});
      const firstRender = await page.evaluate(() => window.__benchSearch.firstRender);
      fromKeystroke.push(firstRender - typedAt);
      fromNavigation.push(firstRender);
    } finally {
      await context.close();
    }
  }
  return {fromKeystroke: median(fromKeystroke), fromNavigation: median(fromNavigation), runs};
}

/** Every search figure of a target. */
export async function measureSearch(browser, target, {runs = 3} = {}) {
  const urlPath = target.searchPage;
  return {
    index: indexBytes(target.buildDir),
    page: urlPath,
    warm: await keystrokeLatency(browser, target.origin, urlPath),
    cold: await coldFirstSuggestions(browser, target.origin, urlPath, runs),
  };
}
