/**
 * A page's BM25F score for the typed words: the principled base the ranking (./ranking.ts) builds on.
 * The plugin indexes lines (a title, a heading, a description, keywords, a paragraph), each part of the
 * index on its own, and lunr scores a line within its part; but a reader's question is answered by a
 * page, whose words are spread over its title, headings and paragraphs. Here each page is one document
 * with five fields (the parts), and a word's frequency in each field (from the positions lunr keeps)
 * is weighted by the field (FIELD_WEIGHT) and normalised by the field's length on that page against
 * the average (B), then saturated (K1), as BM25F does (Robertson & Zaragoza, "The Probabilistic
 * Relevance Framework: BM25 and Beyond", 2009, §3.5). Rarity is the word's BM25 idf over pages.
 *
 * Each section (a heading and its text, with the page's title, description and keywords) is scored
 * the same way, its heading and text normalised by the average section's, and a page's score is mostly
 * its best section's (SECTION_SHARE): a question is often answered by one section of a long page.
 *
 * It serves twice: its best pages join the candidates when no line holds every typed word (a long
 * question spans a page, and the lines of each word alone are too many to take them all), and its
 * score, as a share of the best page's, is a part of each page's score.
 */
import lunr from 'lunr';
import type {LoadedIndexes, SearchDocument, SearchResult} from './types';
import {SearchDocumentType} from './documentTypes.mjs';

/** Field weights: a word in a page's title or a heading says more about the page than one in a paragraph. */
const FIELD_WEIGHT: Record<number, number> = {
  [SearchDocumentType.Title]: 3,
  [SearchDocumentType.Heading]: 2,
  [SearchDocumentType.Description]: 1.5,
  [SearchDocumentType.Keywords]: 1.5,
  [SearchDocumentType.Content]: 1,
};
/** BM25's term-frequency saturation and length normalisation (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/**
 * Share of a page's score that is its best section's (a heading and its text, with the page's title,
 * description and keywords) against the best section of any page; the rest is the whole page's against
 * the best page's. A question is often answered by one section of a long page, and the whole page's
 * length normalisation weighs its words against every other section's. See the README for the figures.
 */
const SECTION_SHARE = 0.9;

/** lunr's stemmer, as its index pipeline runs it (the package's types here declare only what loads). */
const {stemmer, Token} = lunr as unknown as {
  stemmer: (token: unknown) => {toString(): string};
  Token: new (text: string, metadata: object) => unknown;
};

interface Posting {
  [ref: string]: {position?: number[][]};
}

/** A page's fields: how long each is (distinct words over its lines), per part. */
interface PageStats {
  /** Page address → length per part (index = SearchDocumentType). */
  lengths: Map<string, number[]>;
  /** Average length per part over the pages. */
  average: number[];
  /** Per part: document id → document. */
  byId: Map<string, SearchDocument>[];
  /** Page address → its title document. */
  titles: Map<string, SearchDocument>;
  /** Section (sectionKeyOf) → length per part (its heading and text; the other parts stay 0). */
  sectionLengths: Map<string, number[]>;
  /** Average length per part over the sections that have it. */
  sectionAverage: number[];
}

/** One stem's occurrences: per page, its normalised weighted frequency; and where (lines) it is. */
interface StemPostings {
  pages: Map<string, number>;
  /** Page → normalised weighted frequency in its title, description and keywords. */
  pageLevel: Map<string, number>;
  /** Section → normalised weighted frequency in its heading and text. */
  sections: Map<string, number>;
  lines: {type: number; document: SearchDocument; position: number[][]}[];
}

const statsCache = new WeakMap<LoadedIndexes, PageStats>();
const stemCache = new WeakMap<LoadedIndexes, Map<string, StemPostings>>();

function statsOf(loaded: LoadedIndexes): PageStats {
  let stats = statsCache.get(loaded);
  if (stats) return stats;
  const lengths = new Map<string, number[]>();
  const parts = loaded.wrappedIndexes.length;
  const byId: Map<string, SearchDocument>[] = [];
  const titles = new Map<string, SearchDocument>();
  const sectionLengths = new Map<string, number[]>();
  for (const {type, documents, index} of loaded.wrappedIndexes) {
    const ids = new Map<string, SearchDocument>();
    for (const document of documents) ids.set(String(document.i), document);
    byId[type] = ids;
    const vectors = (index as unknown as {fieldVectors: Record<string, {elements: number[]}>}).fieldVectors;
    for (const [fieldRef, vector] of Object.entries(vectors)) {
      const document = ids.get(fieldRef.slice(fieldRef.indexOf('/') + 1));
      if (!document) continue;
      let row = lengths.get(document.u);
      if (!row) lengths.set(document.u, (row = new Array<number>(parts).fill(0)));
      // A loaded lunr vector holds [term index, weight] pairs: half its elements are its distinct words.
      row[type] += (vector.elements?.length ?? 0) / 2;
      if (!isSectionPart(type)) continue;
      const key = sectionKeyOf(document);
      let sectionRow = sectionLengths.get(key);
      if (!sectionRow) sectionLengths.set(key, (sectionRow = new Array<number>(parts).fill(0)));
      sectionRow[type] += (vector.elements?.length ?? 0) / 2;
    }
    if (type === SearchDocumentType.Title) for (const document of documents) titles.set(document.u, document);
  }
  const average = new Array<number>(parts).fill(0);
  for (const row of lengths.values()) row.forEach((length, type) => (average[type] += length));
  for (let type = 0; type < parts; type++) average[type] = average[type] / Math.max(1, lengths.size) || 1;
  // Over the sections that have the part (most have a heading and text; the one before the first
  // heading has no heading).
  const sectionAverage = new Array<number>(parts).fill(0);
  const sectionCounts = new Array<number>(parts).fill(0);
  for (const row of sectionLengths.values()) {
    row.forEach((length, type) => {
      sectionAverage[type] += length;
      if (length > 0) sectionCounts[type]++;
    });
  }
  for (let type = 0; type < parts; type++) {
    sectionAverage[type] = sectionAverage[type] / Math.max(1, sectionCounts[type]) || 1;
  }
  stats = {lengths, average, byId, titles, sectionLengths, sectionAverage};
  statsCache.set(loaded, stats);
  return stats;
}

/** A heading and a paragraph belong to a section of their page; the title, description and keywords to the whole page. */
const isSectionPart = (type: number) => type === SearchDocumentType.Heading || type === SearchDocumentType.Content;

/** The section a heading or paragraph is in: its page's address and the heading's anchor ('' before the first heading). */
function sectionKeyOf(document: SearchDocument): string {
  return `${document.u}${document.h ?? ''}`;
}

export function stemOf(token: string): string {
  return stemmer(new Token(token.toLowerCase(), {})).toString();
}

function postingsOf(loaded: LoadedIndexes, stem: string): StemPostings {
  let cache = stemCache.get(loaded);
  if (!cache) stemCache.set(loaded, (cache = new Map()));
  let postings = cache.get(stem);
  if (postings) return postings;
  const stats = statsOf(loaded);
  const frequency = new Map<string, number>();
  const pageLevel = new Map<string, number>();
  const sections = new Map<string, number>();
  const lines: StemPostings['lines'] = [];
  for (const {type, index} of loaded.wrappedIndexes) {
    const inverted = (index as unknown as {invertedIndex: Record<string, {t?: Posting}>}).invertedIndex;
    const docs = Object.hasOwn(inverted, stem) ? inverted[stem].t : undefined;
    if (!docs) continue;
    for (const ref in docs) {
      if (!Object.hasOwn(docs, ref)) continue;
      const document = stats.byId[type]?.get(ref);
      if (!document) continue;
      const position = docs[ref].position ?? [];
      const tf = Math.max(1, position.length);
      const length = stats.lengths.get(document.u)?.[type] ?? stats.average[type];
      const normalised = (FIELD_WEIGHT[type] ?? 1) * (tf / (1 - B + (B * length) / stats.average[type]));
      frequency.set(document.u, (frequency.get(document.u) ?? 0) + normalised);
      if (isSectionPart(type)) {
        const key = sectionKeyOf(document);
        const sectionLength = stats.sectionLengths.get(key)?.[type] ?? stats.sectionAverage[type];
        const inSection = (FIELD_WEIGHT[type] ?? 1) * (tf / (1 - B + (B * sectionLength) / stats.sectionAverage[type]));
        sections.set(key, (sections.get(key) ?? 0) + inSection);
      } else pageLevel.set(document.u, (pageLevel.get(document.u) ?? 0) + normalised);
      lines.push({type, document, position});
    }
  }
  postings = {pages: frequency, pageLevel, sections, lines};
  if (cache.size > 500) cache.clear();
  cache.set(stem, postings);
  return postings;
}

export interface PageScores {
  /**
   * Page address → its score for the typed words: SECTION_SHARE of its best section's BM25F score over
   * the best section's, and the rest its whole page's over the best page's (so at most 1).
   */
  scores: Map<string, number>;
  /** The best score (0 when no page holds a word). */
  best: number;
  /** The typed words (as typed, lower case) some page holds. */
  words: string[];
}

/** Scores (see PageScores) of the pages that hold any of `tokens` (lower case, as tokenized; each counted once). */
export function pageScores(loaded: LoadedIndexes, tokens: readonly string[]): PageScores {
  const stats = statsOf(loaded);
  const pages = stats.lengths.size;
  const pageTotals = new Map<string, number>();
  const words: string[] = [];
  const seen = new Set<string>();
  const used: {idf: number; postings: StemPostings}[] = [];
  for (const token of tokens) {
    const stem = stemOf(token);
    if (!stem || seen.has(stem)) continue;
    seen.add(stem);
    const postings = postingsOf(loaded, stem);
    const held = postings.pages.size;
    if (held === 0) continue;
    words.push(token);
    const idf = Math.log(1 + (pages - held + 0.5) / (held + 0.5));
    used.push({idf, postings});
    for (const [url, tf] of postings.pages) pageTotals.set(url, (pageTotals.get(url) ?? 0) + (idf * tf) / (K1 + tf));
  }
  let bestPage = 0;
  for (const score of pageTotals.values()) if (score > bestPage) bestPage = score;
  const scores = new Map<string, number>();
  if (bestPage === 0) return {scores, best: 0, words};

  // Each section as a document: its heading and text, with its page's title, description and keywords
  // (they name what every section of the page is about). The sections of each page that hold a word:
  const sectionsOf = new Map<string, Set<string>>();
  for (const {postings} of used) {
    for (const key of postings.sections.keys()) {
      const url = pageOfSection(key);
      let keys = sectionsOf.get(url);
      if (!keys) sectionsOf.set(url, (keys = new Set()));
      keys.add(key);
    }
  }
  const bestSectionOf = new Map<string, number>();
  let bestSection = 0;
  for (const url of pageTotals.keys()) {
    // A page whose words are only in its title, description or keywords: its page-wide fields alone.
    let max = sectionScore(used, url, undefined);
    for (const key of sectionsOf.get(url) ?? []) max = Math.max(max, sectionScore(used, url, key));
    bestSectionOf.set(url, max);
    if (max > bestSection) bestSection = max;
  }
  let best = 0;
  for (const [url, total] of pageTotals) {
    const section = bestSection > 0 ? (bestSectionOf.get(url) ?? 0) / bestSection : 0;
    const score = (1 - SECTION_SHARE) * (total / bestPage) + SECTION_SHARE * section;
    scores.set(url, score);
    if (score > best) best = score;
  }
  return {scores, best, words};
}

/** The page of a section key (sectionKeyOf): the address before the anchor. */
function pageOfSection(key: string): string {
  const at = key.indexOf('#');
  return at < 0 ? key : key.slice(0, at);
}

/** BM25F score of section `key` of page `url` (undefined: none, the page-wide fields only). */
function sectionScore(used: readonly {idf: number; postings: StemPostings}[], url: string, key?: string): number {
  let score = 0;
  for (const {idf, postings} of used) {
    const tf = (postings.pageLevel.get(url) ?? 0) + (key === undefined ? 0 : (postings.sections.get(key) ?? 0));
    if (tf > 0) score += (idf * tf) / (K1 + tf);
  }
  return score;
}

/** Line priority when a page's lines hold as many typed words: the places that name a thing first. */
const PLACE_ORDER: number[] = [
  SearchDocumentType.Title,
  SearchDocumentType.Heading,
  SearchDocumentType.Keywords,
  SearchDocumentType.Description,
  SearchDocumentType.Content,
];

/**
 * One line for each of the `count` best pages of `scored` not in `known`: the line that holds the most
 * of `tokens`, in the plugin's result shape (its match data marks the words), to join the candidates.
 */
export function bestPageLines(
  loaded: LoadedIndexes,
  tokens: readonly string[],
  scored: PageScores,
  count: number,
  known: ReadonlySet<string>,
): SearchResult[] {
  // The best `count` in one pass (kept in order), not a sort of every page that holds a word.
  const kept: [string, number][] = [];
  for (const [url, score] of scored.scores) {
    if (known.has(url) || (kept.length >= count && score <= kept[kept.length - 1][1])) continue;
    let at = kept.length;
    while (at > 0 && kept[at - 1][1] < score) at--;
    kept.splice(at, 0, [url, score]);
    if (kept.length > count) kept.pop();
  }
  const top = kept.map(([url]) => url);
  if (top.length === 0) return [];
  const wanted = new Set(top);
  const stats = statsOf(loaded);
  // Per line of those pages: the typed words it holds and where.
  const lines = new Map<string, {type: number; document: SearchDocument; tokens: string[]; metadata: object}>();
  for (const token of tokens) {
    const stem = stemOf(token);
    for (const {type, document, position} of postingsOf(loaded, stem).lines) {
      if (!wanted.has(document.u)) continue;
      const key = `${type}:${document.i}`;
      let line = lines.get(key);
      if (!line) lines.set(key, (line = {type, document, tokens: [], metadata: {}}));
      if (line.tokens.includes(token)) continue;
      line.tokens.push(token);
      (line.metadata as Record<string, unknown>)[stem] = {t: {position}};
    }
  }
  const best = new Map<string, typeof lines extends Map<string, infer V> ? V : never>();
  for (const line of lines.values()) {
    const other = best.get(line.document.u);
    if (
      !other ||
      line.tokens.length > other.tokens.length ||
      (line.tokens.length === other.tokens.length && PLACE_ORDER.indexOf(line.type) < PLACE_ORDER.indexOf(other.type))
    ) {
      best.set(line.document.u, line);
    }
  }
  return top.flatMap((url) => {
    const line = best.get(url);
    if (!line) return [];
    const page = line.type === SearchDocumentType.Title ? false : (stats.titles.get(url) ?? false);
    return [{document: line.document, type: line.type, page, tokens: line.tokens, score: 0, metadata: line.metadata}];
  });
}
