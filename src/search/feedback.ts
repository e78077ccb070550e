/**
 * Pseudo-relevance feedback for a long question: the pages the first ranking put on top share words the
 * reader did not type ("deliveries" and "scheduler" for a question about sending a chart every Monday),
 * and a page among the next candidates that holds those words too is more likely about the same thing.
 * The words are the ones most of the top FEEDBACK_PAGES pages hold that are rare in the docs, as in
 * relevance models (Lavrenko & Croft, "Relevance-Based Language Models", SIGIR 2001; RM3) and Rocchio's
 * feedback: the feedback pages' words, weighted by rarity. Only the candidates already found are scored
 * again (FEEDBACK_POOL pages, by their BM25F score for those words, ./pageScore.ts); nothing is searched
 * again, so a keystroke pays for one more ranking, not for more lunr queries.
 */
import type {LoadedIndexes} from './types';
import {pageScoresOfStems, stemOf} from './pageScore';
import {SearchDocumentType} from './documentTypes.mjs';

/** How many of the first ranking's pages give their words. */
const FEEDBACK_PAGES = 3;
/** How many of the first ranking's pages are scored again. */
export const FEEDBACK_POOL = 20;
/** At most this many words are added, and with fewer than FEEDBACK_MIN_WORDS the feedback is left out. */
const FEEDBACK_MAX_WORDS = 5;
const FEEDBACK_MIN_WORDS = 2;
/** A word on more than this share of the pages says nothing about what the top pages share. */
const FEEDBACK_MAX_PAGE_SHARE = 0.05;
/** Weight of the feedback words' page score, over the best candidate's (the page score's own weight is 0.6). */
const FEEDBACK_WEIGHT = 0.05;

/** A word in a title or heading says what the page is about more than one in a paragraph (./pageScore.ts's field weights). */
const LINE_WEIGHT: Record<number, number> = {
  [SearchDocumentType.Title]: 3,
  [SearchDocumentType.Heading]: 2,
};

interface PageTerms {
  /** Page address → the stems of its lines, with how many lines hold each. */
  vectors: Map<string, {type: number; elements: number[]}[]>;
  /** Per part: term index → stem. */
  terms: string[][];
  /** Stem → pages that hold it. */
  pagesHolding: Map<string, number>;
  /** Per part: document id → its page's address. */
  urlOf: Map<string, string>[];
  pages: number;
}

const cache = new WeakMap<LoadedIndexes, PageTerms>();

function pageTermsOf(loaded: LoadedIndexes): PageTerms {
  let found = cache.get(loaded);
  if (found) return found;
  const vectors = new Map<string, {type: number; elements: number[]}[]>();
  const terms: string[][] = [];
  const urlOf: Map<string, string>[] = [];
  for (const {type, documents, index} of loaded.wrappedIndexes) {
    const lunrIndex = index as unknown as {
      fieldVectors: Record<string, {elements: number[]}>;
      invertedIndex: Record<string, {_index: number}>;
    };
    const names: string[] = [];
    for (const term in lunrIndex.invertedIndex) {
      if (Object.hasOwn(lunrIndex.invertedIndex, term)) names[lunrIndex.invertedIndex[term]._index] = term;
    }
    terms[type] = names;
    const ids = new Map<string, string>();
    for (const document of documents) ids.set(String(document.i), document.u);
    urlOf[type] = ids;
    for (const [fieldRef, vector] of Object.entries(lunrIndex.fieldVectors)) {
      const url = ids.get(fieldRef.slice(fieldRef.indexOf('/') + 1));
      if (!url || !vector.elements) continue;
      let list = vectors.get(url);
      if (!list) vectors.set(url, (list = []));
      list.push({type, elements: vector.elements});
    }
  }
  found = {vectors, terms, pagesHolding: new Map(), urlOf, pages: vectors.size};
  cache.set(loaded, found);
  return found;
}

/** How many pages hold `stem` (counted once, then kept). */
function pagesHolding(loaded: LoadedIndexes, pageTerms: PageTerms, stem: string): number {
  let count = pageTerms.pagesHolding.get(stem);
  if (count !== undefined) return count;
  const pages = new Set<string>();
  for (const {type, index} of loaded.wrappedIndexes) {
    const inverted = (index as unknown as {invertedIndex: Record<string, {t?: Record<string, unknown>}>}).invertedIndex;
    const docs = Object.hasOwn(inverted, stem) ? inverted[stem].t : undefined;
    if (!docs) continue;
    for (const ref in docs) {
      if (!Object.hasOwn(docs, ref)) continue;
      const url = pageTerms.urlOf[type]?.get(ref);
      if (url) pages.add(url);
    }
  }
  count = pages.size;
  pageTerms.pagesHolding.set(stem, count);
  return count;
}

/** The stems on `url`'s lines, each with how many of its lines hold it. */
function stemsOfPage(pageTerms: PageTerms, url: string): Map<string, number> {
  const stems = new Map<string, number>();
  for (const {type, elements} of pageTerms.vectors.get(url) ?? []) {
    const names = pageTerms.terms[type];
    for (let at = 0; at < elements.length; at += 2) {
      const stem = names[elements[at]];
      if (stem) stems.set(stem, (stems.get(stem) ?? 0) + (LINE_WEIGHT[type] ?? 1));
    }
  }
  return stems;
}

/**
 * The words (stems) most of the `ranked` pages' first FEEDBACK_PAGES share that `tokens` do not have and
 * that few pages have, best first (an empty list when fewer than FEEDBACK_MIN_WORDS qualify).
 */
export function feedbackStems(loaded: LoadedIndexes, tokens: readonly string[], ranked: readonly string[]): string[] {
  const pageTerms = pageTermsOf(loaded);
  const top = [...new Set(ranked)].slice(0, FEEDBACK_PAGES);
  if (top.length < 2) return [];
  const typed = new Set(tokens.map(stemOf));
  const shared = new Map<string, {pages: number; lines: number}>();
  for (const url of top) {
    for (const [stem, lines] of stemsOfPage(pageTerms, url)) {
      const entry = shared.get(stem) ?? {pages: 0, lines: 0};
      entry.pages++;
      entry.lines += lines;
      shared.set(stem, entry);
    }
  }
  const most = Math.ceil(top.length / 2 + 0.01); // 2 of 3
  const rare = FEEDBACK_MAX_PAGE_SHARE * pageTerms.pages;
  const weighted: [string, number][] = [];
  for (const [stem, {pages, lines}] of shared) {
    // Words, not names from examples (`orders.total_order_amount`, addresses) or numbers.
    if (pages < most || typed.has(stem) || !/^[a-z]{4,}$/.test(stem)) continue;
    const held = pagesHolding(loaded, pageTerms, stem);
    if (held > rare) continue;
    const idf = Math.log(1 + (pageTerms.pages - held + 0.5) / (held + 0.5));
    weighted.push([stem, idf * (pages + Math.log(lines))]);
  }
  if (weighted.length < FEEDBACK_MIN_WORDS) return [];
  weighted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return weighted.slice(0, FEEDBACK_MAX_WORDS).map(([stem]) => stem);
}

/**
 * The bonus of each of the first FEEDBACK_POOL `ranked` pages for the feedback words (none for the
 * others), or undefined when there are no feedback words.
 */
export function feedbackBonus(
  loaded: LoadedIndexes,
  tokens: readonly string[],
  ranked: readonly string[],
): ((url: string) => number) | undefined {
  const stems = feedbackStems(loaded, tokens, ranked);
  if (stems.length === 0) return undefined;
  const scored = pageScoresOfStems(loaded, stems);
  const pool = new Set(ranked.slice(0, FEEDBACK_POOL));
  let best = 0;
  for (const url of pool) best = Math.max(best, scored.scores.get(url) ?? 0);
  if (best === 0) return undefined;
  const weight = FEEDBACK_WEIGHT;
  return (url) => (pool.has(url) ? (weight * (scored.scores.get(url) ?? 0)) / best : 0);
}
