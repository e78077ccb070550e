/**
 * Possessives are indexed and searched as their word. The plugin's lunr pipeline (trimmer, stop words,
 * Porter stemmer) keeps the apostrophe of "calculation's" or "users'", so the stemmer leaves it alone
 * and the index holds `calculation'`, a term no typed word matches: the line is invisible to "table
 * calculation", and a half-typed "calculat" matched that one term only, so it was never cut back to the
 * stem `calcul` (tests/search/prefixes.test.ts failed on a wave-7 sentence). About 1,000 lines have one.
 * A plain `.mjs` module: scripts/search-indexes.mjs (Node without the loader hooks) masks them before it
 * indexes a part, and ./candidates.ts drops them from the typed words, so both sides read them alike.
 */

/** "'s" or "’s" after a letter or digit, or the apostrophe after a plural's "s" ("users'"), ending a word. */
const POSSESSIVE = /(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])|(?<=[\p{L}\p{N}]s)['’](?![\p{L}\p{N}])/gu;
const HAS_POSSESSIVE = new RegExp(POSSESSIVE.source, 'u');

/**
 * True when `text` has a possessive ending.
 * @param {string} text
 */
export function hasPossessive(text) {
  return HAS_POSSESSIVE.test(text);
}

/**
 * `text` with each possessive ending replaced by as many spaces: the word stands alone for the tokenizer,
 * and every other character keeps its offset, so lunr's match positions still point into the shown text.
 * @param {string} text
 */
export function maskPossessives(text) {
  return text.replace(POSSESSIVE, (ending) => ' '.repeat(ending.length));
}

/**
 * A typed token without its possessive ending (`project's` → `project`, `users'` → `users`).
 * @param {string} token
 */
export function withoutPossessive(token) {
  return token.replace(POSSESSIVE, '');
}
