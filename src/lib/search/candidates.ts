/**
 * Candidate results for the ranking, found with the plugin's own query building (its `tokenize` and
 * `smartQueries`: exact words, then the last word as a prefix while typing, then one typo allowed, then
 * without stop words, then without one of the words) over its loaded indexes.
 *
 * Why not the plugin's `SearchWorker.search` with a larger limit: it walks those query variants until it
 * has `limit` results, so asking for a pool of candidates runs the slow fuzzy variants over the whole
 * body text on most keystrokes, and stopping at 8 keeps whatever the first variant found in the body of
 * pages (API operations mention "api", "run", "query" … everywhere) while the page titled with most of
 * the words is found only by a later variant. Here every index (titles, headings, descriptions, keywords,
 * body) is asked with each variant in turn until `pool` results are in. Once `enough` results are in,
 * the typo-tolerant (fuzzy) variants are skipped and the body text is asked for whole words only: those
 * are the slow queries (a prefix or a typo over the largest index expands to many words). The later
 * variants still run, so a page that has all the words but one ("warehouse credentials per user") is a
 * candidate. On every typed prefix of the relevance set's questions this is as fast as the plugin's own
 * 8-result search in the median and faster at p95 (measured in node: 3.3 against 3.7 ms, 49 against
 * 150 ms).
 */
import type {LoadedIndexes, SearchDocument, SearchResult, WrappedIndex} from './types';
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';
import {installLinearUnion} from './lunrUnion';

installLinearUnion();

/** The plugin's SearchDocumentType values of the small indexes: titles, headings, descriptions, keywords. */
const SMALL_PLACES = new Set([0, 1, 2, 3]);

const documentMaps = new WeakMap<SearchDocument[], Map<string, SearchDocument>>();

/** Documents by id (the plugin looks each one up with a linear `find`). */
function documentById(documents: SearchDocument[], ref: string): SearchDocument | undefined {
  let map = documentMaps.get(documents);
  if (!map) {
    map = new Map(documents.map((doc) => [String(doc.i), doc]));
    documentMaps.set(documents, map);
  }
  return map.get(ref);
}

/**
 * Results for `input` from `loaded` (what `SearchWorker.lowLevelFetchIndexes` returns), in the plugin's
 * result shape: at most `pool` of them; the slow variants stop once `enough` results are in. `fuzzy` false
 * leaves out the typo-tolerant variants (for the cut-back inputs of a half-typed word, which are tried
 * one after the other: a typo there is not the problem, and the fuzzy variants are the slow ones).
 */
export function searchCandidates(
  loaded: LoadedIndexes,
  input: string,
  enough: number,
  pool: number,
  fuzzy = true,
): SearchResult[] {
  const rawTokens = tokenize(input, language);
  if (rawTokens.length === 0) return [];
  const {wrappedIndexes, zhDictionary} = loaded;
  const titles: WrappedIndex | undefined = wrappedIndexes[0];
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const {term, tokens} of smartQueries(rawTokens, zhDictionary)) {
    const typoTolerant = term.some((item) => item.editDistance);
    if (typoTolerant && (!fuzzy || results.length >= enough)) continue;
    const prefix = term.some((item) => item.wildcard);
    for (const {documents, index, type} of wrappedIndexes) {
      // Once there are enough results, the body text (the largest index) is asked only for whole words:
      // a prefix over it expands to many words and is the slow query of a keystroke.
      if (prefix && results.length >= enough && !SMALL_PLACES.has(type)) continue;
      const hits = index.query((query) => {
        for (const item of term) {
          query.term(item.value, {
            wildcard: item.wildcard,
            presence: item.presence,
            ...(item.editDistance ? {editDistance: item.editDistance} : null),
          });
        }
      });
      for (const hit of hits) {
        if (seen.has(hit.ref)) continue;
        const document = documentById(documents, hit.ref);
        if (!document) continue;
        seen.add(hit.ref);
        const page =
          type !== 0 && titles && document.p !== undefined && documentById(titles.documents, String(document.p));
        results.push({document, type, page: page || false, metadata: hit.matchData.metadata, tokens, score: hit.score});
        if (results.length >= pool) return results;
      }
    }
  }
  // The plugin's variants leave out one word only from three or more; of two words, one may be unknown
  // to the docs ("S3_ENDPOINT minio"): the pages with the other word beat no suggestion at all.
  if (results.length === 0 && rawTokens.length === 2) {
    for (const word of rawTokens) {
      for (const result of searchCandidates(loaded, word, enough, pool, fuzzy)) {
        const key = `${result.type}:${result.document.i}`;
        if (seen.has(key) || results.length >= pool) continue;
        seen.add(key);
        results.push(result);
      }
    }
  }
  return results;
}
