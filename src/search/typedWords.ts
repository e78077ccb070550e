/**
 * The typed text as the index's words: the plugin's `tokenize` (lower case, split on spaces and hyphens),
 * with possessive endings dropped as the index drops them (./possessives.mjs). Every reading of the typed
 * words goes through here, so the candidates, the page scores and the relaxed input see the same words.
 */
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';
import {withoutPossessive} from './possessives.mjs';

export function typedWords(text: string): string[] {
  return tokenize(text, language).map(withoutPossessive).filter(Boolean);
}
