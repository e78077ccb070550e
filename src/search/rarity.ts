/**
 * How much a typed word weighs: 1 + BLEND × its rarity in the docs, BM25's inverse document frequency
 * ln(1 + (N − n + 0.5) / (n + 0.5))
 * with N the lines of the index and n the lines that hold the word (its stem, as lunr indexes it), over
 * every part (titles, headings, descriptions, keywords, text). The ranking (./ranking.ts) weighs the
 * share of typed words a line or page holds by it, so "custom" and "metrics" in "format options to
 * custom metrics" count more than "format" and "options", which many pages have.
 */
import lunr from 'lunr';
import type {LoadedIndexes} from './types';

interface InvertedEntry {
  [field: string]: Record<string, unknown> | number;
}

/**
 * How much rarity adds to a word's weight of 1: measured on the tuning questions at 0.15, 0.3 and 0.6
 * (the relevance set and the real questions alike at all three, the tuning half's top-1 best at 0.3).
 */
const BLEND = 0.3;

/** lunr's stemmer, as its index pipeline runs it (the package's types here declare only what loads). */
const {stemmer, Token} = lunr as unknown as {
  stemmer: (token: unknown) => {toString(): string};
  Token: new (text: string, metadata: object) => unknown;
};

const byIndex = new WeakMap<LoadedIndexes, (token: string) => number>();

/** The weight of a token (lower case, as typed) in `loaded`; a word no line holds (a half-typed one) gets a middling rarity. */
export function rarityOf(loaded: LoadedIndexes): (token: string) => number {
  let rarity = byIndex.get(loaded);
  if (rarity) return rarity;
  const lines = loaded.wrappedIndexes.reduce((sum, part) => sum + part.documents.length, 0);
  const cache = new Map<string, number>();
  const idf = (held: number) => Math.log(1 + (lines - held + 0.5) / (held + 0.5));
  const median = idf(Math.max(1, Math.round(lines / 200)));
  rarity = (token) => {
    let value = cache.get(token);
    if (value !== undefined) return value;
    const stem = stemmer(new Token(token, {})).toString();
    let held = 0;
    for (const part of loaded.wrappedIndexes) {
      const entry = (part.index as unknown as {invertedIndex: Record<string, InvertedEntry>}).invertedIndex[stem];
      const docs = entry?.t;
      // Counted without building a list of keys: a common word is on thousands of lines.
      if (docs && typeof docs === 'object') {
        for (const ref in docs) if (Object.hasOwn(docs, ref)) held++;
      }
    }
    value = 1 + BLEND * (held > 0 ? idf(held) : median);
    if (cache.size > 2000) cache.clear();
    cache.set(token, value);
    return value;
  };
  byIndex.set(loaded, rarity);
  return rarity;
}
