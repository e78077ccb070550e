/**
 * What the search page (src/theme/SearchPage) lists for a query, outside the worker so the relevance
 * tests measure the very list a reader gets there. The worker (./worker.ts) adds the index stages.
 */
import type {LoadedIndexes, SearchResult} from './types';
import {searchSite, searchSiteExplained} from './rankedSearch';
import {closestPagesByTitle, type SimilarPage} from './similarPages';
import {SearchDocumentType} from './documentTypes.mjs';

/**
 * Words the search page does not name among the ignored ones: "how to create a metric" would say
 * "Ignored: how, to, a", and "doesn't" leaves a "t". The reader loses nothing by their leaving.
 */
const UNSAID_WORDS: ReadonlySet<string> = new Set(['a', 'the', 'to', 'how', 'why', 't']);

export interface PageResults {
  results: SearchResult[];
  /** Words of the query the search left out (on no page, or only saying that something is wrong). */
  ignored: string[];
  /** When there is no result: the pages whose titles are closest to the query. */
  closest: SimilarPage[];
}

/**
 * At most `limit` results for `input` in `loaded`: the first `boxLimit` exactly the box's on the home
 * page for the same words and index (the same call, so the same order), then the rest of the wider
 * search (`wider`, cached by the worker), each page once. With them, the words the search left out,
 * and when nothing was found the pages whose titles are closest to the query.
 */
export function pageResults(
  loaded: LoadedIndexes,
  input: string,
  limit: number,
  boxLimit: number,
  wider: (limit: number) => SearchResult[] = (n) => searchSite(loaded, input, n),
): PageResults {
  const first = searchSiteExplained(loaded, input, Math.min(limit, boxLimit));
  const pages = new Set(first.results.map((result) => result.document.u));
  const more = wider(limit).filter((result) => !pages.has(result.document.u));
  const results = [...first.results, ...more].slice(0, limit);
  return {
    results,
    ignored: [...new Set(first.relaxed?.ignored ?? [])].filter((word) => !UNSAID_WORDS.has(word)),
    closest:
      results.length === 0
        ? closestPagesByTitle(input, loaded.wrappedIndexes[SearchDocumentType.Title]?.documents ?? [], 3)
        : [],
  };
}
