/**
 * Readers type their problem, not our words: "scheduled delivery images blank", "SITE_URL port 3000 not
 * working". The plugin's query variants drop at most one word of three or more, so two words that are
 * on no page ("blank", "working") empty the whole list. When a search finds nothing, it is tried again
 * with only the words the docs have: words that match nothing in any index, and the words readers add
 * to say something is wrong (TROUBLE_WORDS), are left out. Readers' phrases are put in the docs' words
 * first (./vocabulary.ts), and a word no page has adds the docs' nearest word (allowedTypos), whose lines
 * only join the others (see Relaxed.input).
 */
import type {LoadedIndexes} from './types';
import {typedWords} from './typedWords';
import {withDocsWords, type VocabularyEntry} from './vocabulary';

/**
 * Words that say something is wrong rather than what it is about: left out when the whole query finds
 * nothing, even where a page happens to have them. Lower case, as the tokenizer gives them.
 */
export const TROUBLE_WORDS: ReadonlySet<string> = new Set([
  'not',
  'working',
  'work',
  'works',
  'doesn',
  'doesnt',
  't',
  'isn',
  'isnt',
  'can',
  'cant',
  'cannot',
  'unable',
  'error',
  'errors',
  'fail',
  'fails',
  'failed',
  'failing',
  'broken',
  'blank',
  'empty',
  'issue',
  'problem',
  'help',
  'why',
  'how',
  'the',
  'to',
  'a',
]);

/** True when some index has a line with `word` (as a prefix when the reader may still be typing it). */
function isOnSomePage(loaded: LoadedIndexes, word: string, asPrefix: boolean): boolean {
  return loaded.wrappedIndexes.some(
    ({index}) => index.query((query) => query.term(word, {wildcard: asPrefix ? 2 : 0})).length > 0,
  );
}

/** Shortest word that may be a misspelling: "sso" one letter off is "ssl", a different thing. */
const MIN_CORRECTED_LENGTH = 5;

/**
 * Longest word looked up for a misspelling. lunr's edit-distance search grows much faster than the
 * word: measured in node on the all-sections index, 0.14 s at 40 letters, 13.5 s at 200 (the longest
 * query), and the search worker that serves the box and the search page did nothing else meanwhile.
 * A reader's one-letter slip in a word this long is rare; a pasted string is not.
 */
const MAX_CORRECTED_LENGTH = 32;

/** Edit distance allowed for a misspelt word: one letter, two from eight letters on. */
export function allowedTypos(word: string): number {
  if (word.length < MIN_CORRECTED_LENGTH || word.length > MAX_CORRECTED_LENGTH) return 0;
  return word.length >= 9 ? 2 : 1;
}

/**
 * The docs' word nearest to `word` (within allowedTypos), the one on the most lines, as the index
 * holds it (stemmed: "schedul"); null when there is none. lunr finds the near words; its match data
 * names them.
 */
function nearestWord(loaded: LoadedIndexes, word: string): string | null {
  const editDistance = allowedTypos(word);
  if (editDistance === 0) return null;
  const lines = new Map<string, number>();
  for (const {index} of loaded.wrappedIndexes) {
    for (const match of index.query((query) => query.term(word, {editDistance}))) {
      for (const term of Object.keys((match.matchData.metadata ?? {}) as Record<string, unknown>)) {
        lines.set(term, (lines.get(term) ?? 0) + 1);
      }
    }
  }
  let best: string | null = null;
  for (const [term, count] of lines) if (best === null || count > (lines.get(best) ?? 0)) best = term;
  return best;
}

export interface Relaxed {
  /**
   * The words searched, joined: what to search instead. Corrected spellings are not in it: a word no
   * page has may be a real word ("aware" is one letter from "away"), so they only add lines
   * (`withCorrections`), unless nothing else is left.
   */
  input: string;
  /** `input` with the corrected spellings added. */
  withCorrections: string;
  /** The words left out, as the reader typed them. */
  ignored: string[];
  /** Misspelt words and the docs' words searched in their place. */
  corrected: {from: string; to: string}[];
  /** Readers' phrases replaced by the docs' words (./vocabulary.ts). */
  replaced: VocabularyEntry[];
}

/**
 * The input in the docs' words, without the words no page has and without TROUBLE_WORDS (an empty
 * input when that leaves nothing). The last word counts as a prefix (it may be half-typed).
 */
export function relaxInput(loaded: LoadedIndexes, input: string): Relaxed {
  const {words, replaced} = withDocsWords(typedWords(input));
  const kept: string[] = [];
  const ignored: string[] = [];
  const corrected: Relaxed['corrected'] = [];
  words.forEach((word, i) => {
    if (TROUBLE_WORDS.has(word)) return void ignored.push(word);
    if (isOnSomePage(loaded, word, i === words.length - 1)) return void kept.push(word);
    const near = nearestWord(loaded, word);
    if (near === null) return void ignored.push(word);
    corrected.push({from: word, to: near});
  });
  const withCorrections = [...kept, ...corrected.map((c) => c.to)].join(' ');
  return {input: kept.length > 0 ? kept.join(' ') : withCorrections, withCorrections, ignored, corrected, replaced};
}
