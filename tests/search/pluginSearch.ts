/**
 * Runs a query through the search plugin's own browser code against the production build, so the
 * relevance figures are the ones a reader gets in the search box.
 *
 * In the browser, @easyops-cn/docusaurus-search-local 0.55.3 runs every search in a web worker:
 * `dist/client/client/theme/worker.js` exports `SearchWorker`, whose `search()` tokenizes the input
 * (`tokenize`), expands it into lunr queries (`smartQueries`: exact, prefix while typing, fuzzy
 * distance 1, minus stop words, minus one word), queries each index in turn (titles, headings,
 * descriptions, keywords, content) until it has `limit` results, then orders them
 * (`sortSearchResults`: headings and paragraphs after their page) and marks trees
 * (`processTreeStatusOfSearchResults`). We import that class and call it unchanged. Only three things
 * around it are replaced, because they exist only in a browser build:
 * - `comlink` (the worker's message channel to the page): `expose` becomes a no-op;
 * - `proxiedGeneratedConstants` (re-exports a module Docusaurus generates at build time): we load the
 *   very file this build generated, `.docusaurus/.../generated-constants.js` (language, stop words,
 *   fuzzy distance, result limit, index file name);
 * - `fetch`/`location` (the worker downloads `search-index*.json` from the site): read from `build/`.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {vi} from 'vitest';
import type {LoadedIndexes} from '../../src/search/types';
import {pageResults} from '../../src/search/pageResults';
import {PAGE_RESULTS} from '../../src/search/searchPage';
import {sectionFavour} from '../../src/search/sectionFavour';
import {searchSite} from '../../src/search/rankedSearch';

export const ROOT = path.resolve(__dirname, '../..');
export const BUILD_DIR = path.join(ROOT, 'build');
const GENERATED_CONSTANTS = path.join(
  ROOT,
  '.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
);
const SITE_ORIGIN = 'http://docs.test';

vi.mock('comlink', () => ({expose: () => undefined, wrap: () => undefined}));
vi.mock('@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js', async () => {
  // vi.mock factories are hoisted above this module's constants, so the path is rebuilt here.
  const file = path.resolve(
    __dirname,
    '../../.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
  );
  return import(/* @vite-ignore */ pathToFileURL(file).href);
});

/** One line of the result list as the search box shows it. */
export interface Hit {
  /** Page path without anchor, e.g. `/references/metrics`. */
  path: string;
  /** Path plus `#anchor` for heading and paragraph results. */
  url: string;
  /** Text of the result (page title, heading or paragraph). */
  text: string;
}

export type Search = (input: string, context?: string) => Promise<Hit[]>;

/** Fails with the command to run when the production build (or its search index) is missing. */
export function requireBuild(): void {
  const missing = [path.join(BUILD_DIR, 'search-index.json'), GENERATED_CONSTANTS].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `The search relevance test reads the production build, but ${missing
        .map((f) => path.relative(ROOT, f))
        .join(' and ')} is missing. Run \`npm run build\` first.`,
    );
  }
}

/** Serves `build/` to the worker's `fetch`, as the static host does. */
function fetchFromBuild(input: string | URL): Promise<Response> {
  const {pathname} = new URL(String(input), SITE_ORIGIN);
  const file = path.join(BUILD_DIR, decodeURIComponent(pathname));
  if (!file.startsWith(BUILD_DIR) || !existsSync(file)) {
    return Promise.resolve(new Response(`not in build/: ${pathname}`, {status: 404}));
  }
  return Promise.resolve(new Response(readFileSync(file)));
}

/**
 * The plugin's own worker, reading `build/` (see the file's comment), and the result limit this build
 * was made with (`searchResultLimits`, 8 here).
 */
async function pluginWorker() {
  requireBuild();
  vi.stubGlobal('location', {origin: SITE_ORIGIN});
  vi.stubGlobal('fetch', fetchFromBuild);
  const {SearchWorker} = await import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js');
  const {searchResultLimits} =
    await import('@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js');
  return {worker: new SearchWorker(), searchResultLimits};
}

/** The loaded indexes of search context `context` ('' for the whole site), as the site's search gets them. */
export async function loadIndexes(context = ''): Promise<LoadedIndexes> {
  const {worker} = await pluginWorker();
  return worker.lowLevelFetchIndexes('/', context);
}

/**
 * The search as the navbar search box runs it: the plugin's search ranked by src/search (see
 * rankedSearch.ts), `searchResultLimits` results (8 here), over the whole site's index
 * (`search-index.json`), with the pages of `context` favoured as on a page of that section
 * (sectionFavour.ts; '' for the home page). `{ranked: false}` gives the plugin's own order over the
 * section's own index (`search-index-api-v1.json` for `api/v1`), for comparison.
 */
export async function createPluginSearch({ranked = true}: {ranked?: boolean} = {}): Promise<Search> {
  const {worker, searchResultLimits} = await pluginWorker();
  return async (input, context = '') =>
    toHits(
      ranked
        ? searchSite(await worker.lowLevelFetchIndexes('/', ''), input, searchResultLimits, sectionFavour(context))
        : await worker.search('/', context, input, searchResultLimits),
    );
}

/**
 * The search as the `/search` page runs it (src/search/pageResults.ts): up to PAGE_RESULTS results of
 * the index of the section filter `context` ('' for every section, the page's default).
 */
export async function createPageSearch(): Promise<Search> {
  const {worker, searchResultLimits} = await pluginWorker();
  return async (input, context = '') =>
    toHits(
      pageResults(await worker.lowLevelFetchIndexes('/', context), input, PAGE_RESULTS, searchResultLimits).results,
    );
}

function toHits(results: {document: {u: string; h?: string; t: string}}[]): Hit[] {
  return results.map(({document}) => ({
    path: document.u,
    url: document.u + (document.h ?? ''),
    text: document.t,
  }));
}
