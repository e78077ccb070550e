/**
 * The search engine as one module: load an index from its JSON, search and rank it. The browser's
 * worker (./worker.ts, through ./indexStages.ts), the docs MCP server (mcp/lib/search/search.mjs) and
 * the tests (tests/search/pluginSearch.ts) all load indexes with `loadIndexes` and rank with
 * `searchSite` (./rankedSearch.ts), so the figures the tests print are the ones readers and agents get.
 *
 * Nothing global is touched: `createSearch` is handed a function that reads a file of the site
 * (`readText` from disk, an HTTP client, a docs source with its own limits), so it runs in a browser,
 * in Node, or in a worker thread alike.
 */
import type {LoadedIndexes, SearchDocument, SearchResult} from './types';
import {loadIndexes, SearchIndexError} from './loadIndexes';
import {searchSite, searchSiteExplained} from './rankedSearch';
import {pageResults, type PageResults} from './pageResults';
import {sectionFavour} from './sectionFavour';
import {PAGE_RESULTS} from './searchPage';
import {searchResultLimits} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';

export {loadIndexes, SearchIndexError, searchSite, searchSiteExplained};
// The search's front door: code outside src/search (the docs MCP server, scripts) imports this module only
// (eslint.config.mjs keeps mcp/ and scripts/ to it), so it also gives the plugin's document types and the shapes
// of documents and results.
export {SearchDocumentType} from './documentTypes.mjs';
export type {LoadedIndexes, SearchDocument, SearchResult};

/** The box's number of results (the plugin's `searchResultLimits`, docusaurus.config.ts). */
export const BOX_LIMIT: number = searchResultLimits;

/** Where each version's indexes live on the site (the plugin's `versionUrl`). */
export const VERSION_PATHS = {released: '/', next: '/next/'} as const;
export type Version = keyof typeof VERSION_PATHS;

/** The site path of the index of `section` ('' for every section) in `version`: `/next/search-index-guides.json`. */
export function indexPath(version: Version, section = ''): string {
  const dir = section ? `-${section.replace(/\//g, '-')}` : '';
  return `${VERSION_PATHS[version]}search-index${dir}.json`;
}

export interface SearchOptions {
  version?: Version;
  /**
   * The reader's section (a search context of src/searchContexts.json, '' for none). In the box
   * (`view: 'box'`) the whole site is searched, the API reference's pages favoured inside it (./sectionFavour.ts);
   * on the results page (`view: 'page'`) only that section's index is searched.
   */
  section?: string;
  limit?: number;
  view?: 'box' | 'page';
}

/**
 * How the engine reads a file of the site: its text (`readText`), or its parsed JSON (`readJson`,
 * for a reader that already parses and checks it).
 */
export type SiteReader =
  | {readText: (sitePath: string) => Promise<string>; readJson?: undefined}
  | {readJson: (sitePath: string) => Promise<unknown>; readText?: undefined};

export interface SiteSearch {
  /** Ranked results for `query`, as the box (default) or the results page lists them. */
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
  /** The results page's whole answer: results, ignored words, closest titles. */
  searchPage(query: string, options?: Omit<SearchOptions, 'view'>): Promise<PageResults>;
  /** The loaded index of `section` in `version`, loading it once. */
  indexes(version?: Version, section?: string): Promise<LoadedIndexes>;
}

/**
 * A search over the site that `reader` reads. Each index is loaded once; one that failed is asked for
 * again at the next search (a site that was down may be back).
 */
export function createSearch(reader: SiteReader, {minParts = 1}: {minParts?: number} = {}): SiteSearch {
  const loading = new Map<string, Promise<LoadedIndexes>>();
  const read = async (sitePath: string): Promise<unknown> => {
    if (reader.readJson) return reader.readJson(sitePath);
    const text = await reader.readText(sitePath);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new SearchIndexError(`${sitePath} is not valid JSON (${(error as Error).message})`);
    }
  };
  const indexes = (version: Version = 'released', section = ''): Promise<LoadedIndexes> => {
    if (!(version in VERSION_PATHS)) {
      return Promise.reject(new SearchIndexError(`unknown version "${version}" (released or next)`));
    }
    const sitePath = indexPath(version, section);
    let promise = loading.get(sitePath);
    if (!promise) {
      promise = read(sitePath).then((data) => {
        try {
          return loadIndexes(data, minParts);
        } catch (error) {
          if (error instanceof SearchIndexError) throw new SearchIndexError(`${sitePath}: ${error.message}`);
          throw error;
        }
      });
      loading.set(sitePath, promise);
      promise.catch(() => loading.delete(sitePath));
    }
    return promise;
  };
  const searchPage = async (query: string, {version, section = '', limit = PAGE_RESULTS}: SearchOptions = {}) =>
    pageResults(await indexes(version, section), query, limit, BOX_LIMIT);
  return {
    indexes,
    searchPage,
    async search(query, {version, section = '', limit, view = 'box'} = {}) {
      if (view === 'page') return (await searchPage(query, {version, section, limit})).results;
      return searchSite(await indexes(version, ''), query, limit ?? BOX_LIMIT, sectionFavour(section));
    },
  };
}
