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
 * body) is asked with each variant in turn; the walk stops once `enough` results are in and STRONG_HITS
 * of them are titles, headings or keywords, and the typo-tolerant (fuzzy) variants, the slow ones, are
 * skipped once `enough` results are in, as is the body text (the largest index) for later variants. Measured on the relevance set, this costs about what the
 * plugin's own 8-result search costs.
 */
import type {
  LoadedIndexes,
  SearchDocument,
  SearchResult,
  WrappedIndex,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';

/** Title, heading or keyword matches wanted before the walk over query variants may stop. */
const STRONG_HITS = 3;
/** The plugin's SearchDocumentType values of titles, headings and keywords. */
const STRONG_PLACES = new Set([0, 1, 3]);

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
 * result shape: at most `pool` of them; query variants stop once `enough` results are in. `fuzzy` false
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
  let strong = 0;
  for (const {term, tokens} of smartQueries(rawTokens, zhDictionary)) {
    const typoTolerant = term.some((item) => item.editDistance);
    if (typoTolerant && (!fuzzy || results.length >= enough)) continue;
    for (const {documents, index, type} of wrappedIndexes) {
      // Once there are enough results, later variants only look for titles, headings and keywords:
      // those indexes are small, the body text is the slow one.
      if (results.length >= enough && !STRONG_PLACES.has(type)) continue;
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
        if (STRONG_PLACES.has(type)) strong++;
        const page =
          type !== 0 && titles && document.p !== undefined && documentById(titles.documents, String(document.p));
        results.push({document, type, page: page || false, metadata: hit.matchData.metadata, tokens, score: hit.score});
        if (results.length >= pool) return results;
      }
    }
    if (results.length >= enough && strong >= STRONG_HITS) break;
  }
  return results;
}
