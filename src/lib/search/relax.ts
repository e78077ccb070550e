/**
 * Readers type their problem, not our words: "scheduled delivery images blank", "SITE_URL port 3000 not
 * working". The plugin's query variants drop at most one word of three or more, so two words that are
 * on no page ("blank", "working") empty the whole list. When a search finds nothing, it is tried again
 * with only the words the docs have: words that match nothing in any index, and the words readers add
 * to say something is wrong (TROUBLE_WORDS), are left out (and returned, for a view that names them).
 */
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';
import type {LoadedIndexes} from './types';

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

export interface Relaxed {
  /** The words searched, joined: what to search instead. */
  input: string;
  /** The words left out, as the reader typed them. */
  ignored: string[];
}

/**
 * The input without the words no page has and without TROUBLE_WORDS (an empty input when that leaves
 * nothing). The last word counts as a prefix (it may be half-typed).
 */
export function relaxInput(loaded: LoadedIndexes, input: string): Relaxed {
  const words = tokenize(input, language);
  const kept: string[] = [];
  const ignored: string[] = [];
  words.forEach((word, i) => {
    const onPage = !TROUBLE_WORDS.has(word) && isOnSomePage(loaded, word, i === words.length - 1);
    (onPage ? kept : ignored).push(word);
  });
  return {input: kept.join(' '), ignored};
}
