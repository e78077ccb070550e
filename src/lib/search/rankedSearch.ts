/**
 * The site's search: candidates from the plugin's loaded indexes (./candidates.ts), ordered by
 * ./ranking.ts; when a half-typed last word finds nothing, retried with that word cut back, and when
 * that finds nothing either, with only the words the docs have (./relax.ts).
 * The search box's worker (./worker.ts), the tests and other consumers (an MCP server that loads the
 * plugin's indexes in node) call `searchSite` and get the same results.
 */
import type {LoadedIndexes, SearchResult} from './types';
import {searchCandidates} from './candidates';
import {apiShapeOf, CANDIDATE_LIMIT, rankSearchResults} from './ranking';
import {relaxInput} from './relax';
import {withCutBack} from './typing';

/**
 * At most `limit` results for `input` in `loaded` (what the plugin's
 * `SearchWorker.prototype.lowLevelFetchIndexes(baseUrl, searchContext)` resolves to), ranked.
 */
export function searchSite(loaded: LoadedIndexes, input: string, limit: number): SearchResult[] {
  const pool = Math.max(limit, CANDIDATE_LIMIT);
  const {terms} = apiShapeOf(input);
  const find = (words: string) =>
    withCutBack((text) => searchCandidates(loaded, text, limit, pool, text === words), words);
  let candidates = find(terms);
  if (candidates.length > 0) return rankSearchResults(input, candidates, limit);
  const {input: words, ignored} = relaxInput(loaded, terms);
  if (!words) return []; // no word of the question is on any page, or only words like "not working"
  if (ignored.length > 0) candidates = find(words);
  // No line has all the words (a reader's question spans a page, not a line): the lines of each word,
  // for the ranking to prefer the pages that hold the most of them.
  if (candidates.length === 0) candidates = eachWord(words, find, pool);
  return rankSearchResults(input, candidates, limit);
}

/** The results of each word of `words` searched alone, each line once, at most `pool` per word. */
function eachWord(words: string, find: (words: string) => SearchResult[], pool: number): SearchResult[] {
  const seen = new Set<string>();
  const merged: SearchResult[] = [];
  const list = words.split(/\s+/).filter(Boolean);
  if (list.length < 2) return merged;
  for (const word of list) {
    for (const result of find(word).slice(0, pool)) {
      const key = `${result.type}:${result.document.i}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(result);
    }
  }
  return merged;
}
