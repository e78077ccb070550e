/**
 * The not-found page (src/theme/NotFound/Content) searches the words of the missing address: a reader
 * who mistyped `/guides/how-to-create-metric` or followed an old link gets the pages it most likely meant.
 */
import type {SearchResult} from './types';
import {SearchDocumentType} from './documentTypes.mjs';

/** At most this many words, each at most MAX_WORD_LENGTH characters, are searched. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** The docs version the address is in (`/next/` or the site root) and its words, as a search input. */
export function pathWords(pathname: string): {versionUrl: string; words: string} {
  const next = /^\/next(?:\/|$)/.test(pathname);
  const rest = next ? pathname.slice('/next'.length) : pathname;
  let decoded = rest;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    // A malformed escape: its letters are still words.
  }
  const words = decoded
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && word.length <= MAX_WORD_LENGTH && !/^(html|md|index)$/i.test(word))
    .slice(0, MAX_WORDS);
  return {versionUrl: next ? '/next/' : '/', words: words.join(' ')};
}

export interface SimilarPage {
  url: string;
  title: string;
}

/** The first `count` distinct pages of the results, with their titles. */
export function similarPages(results: SearchResult[], count: number): SimilarPage[] {
  const pages = new Map<string, string>();
  for (const {document, type, page} of results) {
    if (pages.size >= count) break;
    const url = document.u;
    if (pages.has(url)) continue;
    const title = type === SearchDocumentType.Title ? document.t : page ? page.t : undefined;
    if (title) pages.set(url, title);
  }
  return [...pages].map(([url, title]) => ({url, title}));
}

/** Pairs of neighbouring letters or digits of each word of `text`, lower case ("pin" → pi, in). */
function letterPairs(text: string): string[] {
  const pairs: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const letters = Array.from(word);
    for (let i = 1; i < letters.length; i++) pairs.push(`${letters[i - 1]}${letters[i]}`);
  }
  return pairs;
}

/**
 * How close a title is to a query, by their letter pairs: first the share of the query's pairs the
 * title has (a long title is not penalised for its other words), then Dice's coefficient (of two
 * titles with the query's pairs, the one with fewer others is closer).
 */
export function titleCloseness(query: string, title: string): {shared: number; dice: number} {
  const first = letterPairs(query);
  const second = letterPairs(title);
  if (first.length === 0 || second.length === 0) return {shared: 0, dice: 0};
  const counts = new Map<string, number>();
  for (const pair of second) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of first) {
    const left = counts.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(pair, left - 1);
    }
  }
  return {shared: shared / first.length, dice: (2 * shared) / (first.length + second.length)};
}

/** A title must have at least this share of the query's letter pairs to be offered. */
const MIN_SHARED = 0.5;

/**
 * The search page's offer when a query finds nothing: the `count` pages whose titles are closest to it
 * (titleCloseness: "pinz" → "Pinning"), each page once. Nothing when no title is close: a list of
 * unrelated pages would only mislead.
 */
export function closestPagesByTitle(
  input: string,
  titles: readonly {t: string; u: string}[],
  count: number,
): SimilarPage[] {
  const better = (a: {shared: number; dice: number}, b: {shared: number; dice: number}) =>
    a.shared - b.shared || a.dice - b.dice;
  const scored = new Map<string, {title: string; score: {shared: number; dice: number}}>();
  for (const {t, u} of titles) {
    const score = titleCloseness(input, t);
    const kept = scored.get(u);
    if (score.shared < MIN_SHARED || (kept && better(kept.score, score) >= 0)) continue;
    scored.set(u, {title: t, score});
  }
  return [...scored]
    .sort((a, b) => better(b[1].score, a[1].score) || a[1].title.localeCompare(b[1].title))
    .slice(0, count)
    .map(([url, {title}]) => ({url, title}));
}
