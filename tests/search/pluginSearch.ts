/**
 * Runs a query through the site's search engine (src/search/engine.ts) on the production build, so the
 * relevance figures are the ones readers get: the browser's worker and the docs MCP server load and
 * rank indexes through the same module. The engine reads `build/` through the `readText` it is given;
 * nothing global is stubbed. Only the module of constants Docusaurus generates at build time
 * (`proxiedGeneratedConstants`, which a bundler resolves in the browser) is pointed at the very file this
 * build generated, `.docusaurus/.../generated-constants.js` (language, stop words, fuzzy distance,
 * result limit).
 */
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {vi} from 'vitest';
import type {LoadedIndexes} from '../../src/search/types';
import {BOX_LIMIT, createSearch, type SiteSearch} from '../../src/search/engine';
import {BUILD_DIR, ROOT} from '../support/build';

export {BUILD_DIR, ROOT};
const GENERATED_CONSTANTS = path.join(
  ROOT,
  '.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
);

// The plugin's own worker (for its own order, createPluginSearch({ranked: false})) exposes itself over
// comlink when imported; here it is called directly.
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

/** Reads a file of `build/`, as the static host serves it. */
async function readFromBuild(sitePath: string): Promise<string> {
  const file = path.join(BUILD_DIR, decodeURIComponent(sitePath));
  if (!file.startsWith(BUILD_DIR)) throw new Error(`not in build/: ${sitePath}`);
  return readFile(file, 'utf8');
}

let engine: SiteSearch | undefined;

/** The engine over `build/`, one per test file (each loads an index once). */
function siteSearch(): SiteSearch {
  requireBuild();
  engine ??= createSearch({readText: readFromBuild});
  return engine;
}

/** The loaded indexes of search context `context` ('' for the whole site), as the site's search gets them. */
export async function loadIndexes(context = ''): Promise<LoadedIndexes> {
  return siteSearch().indexes('released', context);
}

/**
 * The search as the navbar search box runs it (src/search/engine.ts, `view: 'box'`): BOX_LIMIT results
 * (8 here) over the whole site's index (`search-index.json`), as on a page of section `context`
 * (sectionFavour.ts favours only the API reference's pages; '' for the home page). `{ranked: false}` gives the plugin's
 * own order (its `SearchWorker.search`, unchanged, what a default install ships) over the section's own
 * index (`search-index-api-v1.json` for `api/v1`), for comparison: the worker is handed the indexes the
 * engine loaded in place of its own download, so nothing global is stubbed for it either.
 */
export async function createPluginSearch({ranked = true}: {ranked?: boolean} = {}): Promise<Search> {
  const engine = siteSearch();
  await engine.indexes();
  if (!ranked) {
    const {SearchWorker} = await import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js');
    const worker = new SearchWorker();
    worker.lowLevelFetchIndexes = (_baseUrl: string, context: string) => engine.indexes('released', context);
    return async (input, context = '') => toHits(await worker.search('/', context, input, BOX_LIMIT));
  }
  return async (input, context = '') => toHits(await engine.search(input, {section: context}));
}

/**
 * The search as the `/search` page runs it (src/search/engine.ts, `view: 'page'`, pageResults.ts): up
 * to PAGE_RESULTS results of the index of the section filter `context` ('' for every section, the
 * page's default).
 */
export async function createPageSearch(): Promise<Search> {
  const engine = siteSearch();
  return async (input, context = '') => toHits(await engine.search(input, {section: context, view: 'page'}));
}

function toHits(results: {document: {u: string; h?: string; t: string}}[]): Hit[] {
  return results.map(({document}) => ({
    path: document.u,
    url: document.u + (document.h ?? ''),
    text: document.t,
  }));
}
