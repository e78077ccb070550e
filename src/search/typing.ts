/**
 * Suggestions while a word is half-typed. Pure, shared by ./rankedSearch.ts and other consumers.
 */

/** A last word shorter than this is never cut back (too few letters say nothing). */
const MIN_PREFIX = 3;

/**
 * Inputs to try, in order, when `input` finds nothing: its last word cut back one letter at a time,
 * down to MIN_PREFIX letters. Why: the index holds stemmed words (`embedding` → `embed`,
 * `calculation` → `calcul`) and the plugin matches a half-typed word as a prefix of them, so `embeddi`
 * or `calculati` (longer than the stem, shorter than the word) matches nothing until the word is done.
 * Cutting back reaches the stem, which is a prefix of what was typed. Only the last word is cut: it is
 * the one being typed.
 */
export function cutBackInputs(input: string): string[] {
  const match = /^(.*?)(\S+)\s*$/s.exec(input);
  if (!match) return [];
  const [, head, last] = match;
  const letters = Array.from(last);
  const out: string[] = [];
  for (let n = letters.length - 1; n >= MIN_PREFIX; n--) out.push(`${head}${letters.slice(0, n).join('')}`);
  return out;
}

/** `find(input)`, or the first non-empty answer for a cut-back input when it finds nothing. */
export function withCutBack<T>(find: (input: string) => T[], input: string): T[] {
  const results = find(input);
  if (results.length > 0) return results;
  for (const shorter of cutBackInputs(input)) {
    const found = find(shorter);
    if (found.length > 0) return found;
  }
  return results;
}
