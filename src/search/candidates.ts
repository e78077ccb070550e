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
 * 150 ms). When the other words are typed and the last one is being typed, that last word may also be
 * looked for in the text of the lines that have the others (addWithTypedStart): a half-typed word past
 * its stem, and a single letter.
 */
import type {LoadedIndexes, SearchDocument, SearchResult, WrappedIndex} from './types';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js';
import lunr from 'lunr';
import {installLinearUnion} from './lunrUnion';
import {queryIndex} from './lunrQueries';
import {SearchDocumentType} from './documentTypes.mjs';
import {typedWords} from './typedWords';

installLinearUnion();

/** The small indexes: every part but the body text. */
const SMALL_PLACES = new Set<number>([
  SearchDocumentType.Title,
  SearchDocumentType.Heading,
  SearchDocumentType.Description,
  SearchDocumentType.Keywords,
]);

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
 * A last word shorter than this (one letter) after other words is never expanded over the index: it is
 * looked for in the text of the other words' lines (see addWithTypedStart).
 */
const MIN_EXPANDED_START = 2;

/**
 * The last typed word, when it follows other words and is a plain word (letters and digits), so a
 * line's text can be checked for a word that starts with it; otherwise undefined.
 */
function lastWordAfterOthers(tokens: string[]): string | undefined {
  const last = tokens.at(-1);
  return tokens.length >= 2 && last !== undefined && /^[\p{L}\p{N}]+$/u.test(last) ? last : undefined;
}

/**
 * True when a line's text has a word that starts with `start` (lower case, letters and digits only, so
 * nothing in it is read as a pattern), e.g. "Table calculations" for "calculati".
 */
function textHasWordStart(start: string): (document: SearchDocument) => boolean {
  const pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])${start}`, 'u');
  return (document) => pattern.test(document.t.toLowerCase());
}

/**
 * What a search collects: results in the plugin's shape, at most `pool` of them, each id once. A page's
 * title, description and keywords share the page's id, so the first of them found stands for the page.
 */
class Collected {
  readonly results: SearchResult[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly loaded: LoadedIndexes,
    readonly pool: number,
  ) {}

  get full(): boolean {
    return this.results.length >= this.pool;
  }

  /** Adds the hits of one index for one query variant; false once the pool is full. */
  add(
    {documents, type}: WrappedIndex,
    hits: ReturnType<WrappedIndex['index']['query']>,
    tokens: string[],
    keep?: (document: SearchDocument) => boolean,
  ): boolean {
    const titles: WrappedIndex | undefined = this.loaded.wrappedIndexes[SearchDocumentType.Title];
    for (const hit of hits) {
      if (this.seen.has(hit.ref)) continue;
      const document = documentById(documents, hit.ref);
      if (!document || (keep && !keep(document))) continue;
      this.seen.add(hit.ref);
      const page =
        type !== SearchDocumentType.Title &&
        titles &&
        document.p !== undefined &&
        documentById(titles.documents, String(document.p));
      this.results.push({
        document,
        type,
        page: page || false,
        metadata: hit.matchData.metadata,
        tokens,
        score: hit.score,
      });
      if (this.full) return false;
    }
    return true;
  }
}

/**
 * Runs the plugin's query variants for `tokens` over every index into `collected`. `keep` filters the
 * lines, and `typed` (see addWithTypedStart) is added to the words each result matched.
 * `beforeTypos` runs once, before the first typo-tolerant variant; true stops the search.
 */
function runVariants(
  loaded: LoadedIndexes,
  tokens: string[],
  collected: Collected,
  enough: number,
  fuzzy: boolean,
  options: {keep?: (document: SearchDocument) => boolean; typed?: string; beforeTypos?: () => boolean} = {},
): void {
  let typosReached = false;
  for (const {term, tokens: variantTokens} of smartQueries(tokens, loaded.zhDictionary)) {
    const typoTolerant = term.some((item) => item.editDistance);
    if (typoTolerant && !typosReached) {
      typosReached = true;
      if (options.beforeTypos?.()) return;
    }
    if (typoTolerant && (!fuzzy || collected.results.length >= enough)) continue;
    const prefix = term.some((item) => item.wildcard);
    const matched = options.typed === undefined ? variantTokens : [...variantTokens, options.typed];
    for (const wrapped of loaded.wrappedIndexes) {
      // Once there are enough results, the body text (the largest index) is asked only for whole words:
      // a prefix over it expands to many words and is the slow query of a keystroke.
      if (prefix && collected.results.length >= enough && !SMALL_PLACES.has(wrapped.type)) continue;
      const hits = queryIndex(wrapped.index, term);
      if (!collected.add(wrapped, hits, matched, options.keep)) return;
    }
  }
}

/**
 * Adds to `collected` the lines that have every word but the last, and in their text a word that
 * starts with the last one as typed: for `table calculati`, the lines with "table" whose text has
 * "calculations". Why: the index holds stems (`calcul`), so a half-typed word longer than its stem
 * matches nothing in it, and a start of one letter ("scheduled d") expands to thousands of
 * indexed words, each of whose lines lunr scores before it drops those without the other words.
 * Checking the text of the other words' lines is cheaper, and it is what the reader sees.
 */
function addWithTypedStart(
  loaded: LoadedIndexes,
  tokens: string[],
  typed: string,
  collected: Collected,
  enough: number,
  fuzzy: boolean,
): void {
  runVariants(loaded, tokens.slice(0, -1), collected, enough, fuzzy, {keep: textHasWordStart(typed), typed});
}

/** How many page titles with all typed words but one may join a full pool (see addTitlesWithAllButOne). */
const TITLES_BEYOND_POOL = 10;

/**
 * When lines with every word fill the pool, the titles that have all the words but one are never
 * asked for, and a common word typed with a page's title ("get one project member" for "Get a project
 * member") hides that page. Titles are a small index: they are asked for here, up to
 * TITLES_BEYOND_POOL of them beyond the pool.
 */
function addTitlesWithAllButOne(loaded: LoadedIndexes, tokens: string[], collected: Collected): void {
  const titles = loaded.wrappedIndexes[SearchDocumentType.Title];
  if (!titles) return;
  const extra = new Collected(loaded, TITLES_BEYOND_POOL);
  const known = new Set(collected.results.map((result) => `${result.type}:${result.document.i}`));
  const required = (value: string) => ({
    value,
    presence: lunr.Query.presence.REQUIRED,
    wildcard: lunr.Query.wildcard.NONE,
  });
  // Stop words ("get") are not in the index: required, they would match nothing.
  const words = tokens.filter((word) => queryIndex(titles.index, [required(word)]).length > 0);
  if (words.length < 2) return;
  for (let left = 0; left < words.length && !extra.full; left++) {
    const kept = words.filter((_, i) => i !== left);
    const hits = queryIndex(titles.index, kept.map(required));
    extra.add(titles, hits, kept, (document) => !known.has(`${SearchDocumentType.Title}:${document.i}`));
  }
  collected.results.push(...extra.results);
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
  const rawTokens = typedWords(input);
  if (rawTokens.length === 0) return [];
  const typed = lastWordAfterOthers(rawTokens);
  if (typed !== undefined && typed.length < MIN_EXPANDED_START) {
    const collected = new Collected(loaded, pool);
    addWithTypedStart(loaded, rawTokens, typed, collected, enough, fuzzy);
    if (collected.results.length > 0) return collected.results;
  }
  const collected = new Collected(loaded, pool);
  runVariants(loaded, rawTokens, collected, enough, fuzzy, {
    // No line has every word as the index holds them (a half-typed word past its stem): before allowing
    // typos, look for the last word as typed. Enough lines that way, and the slow variants are skipped.
    beforeTypos: () => {
      if (collected.results.length > 0 || typed === undefined || typed.length < MIN_EXPANDED_START) return false;
      addWithTypedStart(loaded, rawTokens, typed, collected, enough, fuzzy);
      return collected.results.length >= enough;
    },
  });
  if (collected.full && rawTokens.length >= 3) addTitlesWithAllButOne(loaded, rawTokens, collected);
  const results = collected.results;
  // The plugin's variants leave out one word only from three or more; of two words, one may be unknown
  // to the docs ("S3_ENDPOINT minio"): the pages with the other word beat no suggestion at all.
  if (results.length === 0 && rawTokens.length === 2) {
    const seen = new Set<string>();
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
