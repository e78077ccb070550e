/**
 * An index file's parts loaded into lunr, as the plugin's worker loads them: the one loading of the
 * browser's worker (./indexStages.ts), the MCP server and the tests, all through ./engine.ts. Kept
 * apart from the engine so the index stages load it without the ranking's plugin modules.
 */
import lunr from 'lunr';
import type {LoadedIndexes, SearchDocument} from './types';
import {looksLikeSearchIndex} from './searchIndex';

/** One part of an index file as the plugin writes it. */
interface RawPart {
  documents: SearchDocument[];
  index: object;
}

/** An index file that cannot be searched, with a reason a reader or an agent can act on. */
export class SearchIndexError extends Error {}

/**
 * The parts of an index file (already parsed) loaded into lunr, as the plugin's worker loads them;
 * throws SearchIndexError when `data` is not an index with at least `minParts` parts.
 */
export function loadIndexes(data: unknown, minParts = 1): LoadedIndexes {
  if (!looksLikeSearchIndex(data, minParts)) throw new SearchIndexError('not a search index of these docs');
  return {
    wrappedIndexes: (data as RawPart[]).map(({documents, index}, type) => ({
      type,
      documents,
      index: lunr.Index.load(index) as unknown as LoadedIndexes['wrappedIndexes'][number]['index'],
    })),
    // Chinese word dictionary of the plugin: always empty for this English-only site.
    zhDictionary: [],
  };
}
