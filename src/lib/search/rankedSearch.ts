/**
 * The site's search: candidates from the plugin's loaded indexes (./candidates.ts), ordered by
 * ./ranking.ts; when a half-typed last word finds nothing, retried with that word cut back.
 * The search box's worker (./worker.ts), the tests and other consumers (an MCP server that loads the
 * plugin's indexes in node) call `searchSite` and get the same results.
 */
import type {LoadedIndexes, SearchResult} from './types';
import {searchCandidates} from './candidates';
import {apiShapeOf, CANDIDATE_LIMIT, rankSearchResults} from './ranking';
import {withCutBack} from './typing';

/**
 * At most `limit` results for `input` in `loaded` (what the plugin's
 * `SearchWorker.prototype.lowLevelFetchIndexes(baseUrl, searchContext)` resolves to), ranked.
 */
export function searchSite(loaded: LoadedIndexes, input: string, limit: number): SearchResult[] {
  const pool = Math.max(limit, CANDIDATE_LIMIT);
  const {terms} = apiShapeOf(input);
  const candidates = withCutBack((text) => searchCandidates(loaded, text, limit, pool, text === terms), terms);
  return rankSearchResults(input, candidates, limit);
}
