/**
 * The not-found page (src/theme/NotFound/Content) searches the words of the missing address: a reader
 * who mistyped `/guides/how-to-create-metric` or followed an old link gets the pages it most likely meant.
 */
import type {SearchResult} from './types';

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
    const title = type === 0 ? document.t : page ? page.t : undefined;
    if (title) pages.set(url, title);
  }
  return [...pages].map(([url, title]) => ({url, title}));
}
