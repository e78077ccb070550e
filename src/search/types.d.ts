// The shapes of the search plugin's index and results (@easyops-cn/docusaurus-search-local 0.55.3,
// dist/client/client/theme/worker.js and dist/client/client/utils), declared once for every consumer:
// the site's search (src/search), the plugin module declarations (./search-plugin.d.ts), the tests
// and the docs MCP server (mcp/lib/search, in its JSDoc). The package ships types for its options only.
// Import these with `import type` (this file has no JavaScript).

/**
 * One indexed item, on page `u`: a page title (`t`), a heading (`h` = `#anchor`), a description, the
 * keywords or a paragraph. Every item but a title has `p`, the id of its page's title item.
 */
export interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  /** Id of the page title document this item belongs to. */
  p?: number;
  /** Section title of a paragraph. */
  s?: string;
  /** Breadcrumb (stored, not indexed). */
  b?: string[];
}

/** One search result as the plugin's worker returns it (and the site's search, in the same shape). */
export interface SearchResult {
  document: SearchDocument;
  /** A SearchDocumentType (./documentTypes.mjs; kept a number: the plugin's code computes it). */
  type: number;
  score: number;
  /** The page's title document, for every type but a title. */
  page?: SearchDocument | false;
  /** The words of the query variant that found this result (every one of them matched). */
  tokens: string[];
  metadata?: unknown;
  /** Tree marks of the result list: a line under a page listed above it. */
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

/** One loaded part of a search index file: its documents and the lunr index over them. */
export interface WrappedIndex {
  type: number;
  documents: SearchDocument[];
  index: {
    query(build: (query: {term(value: string, options: Record<string, unknown>): void}) => void): {
      ref: string;
      score: number;
      matchData: {metadata: unknown};
    }[];
  };
}

/** A loaded search index file: one WrappedIndex per part, titles first. */
export interface LoadedIndexes {
  wrappedIndexes: WrappedIndex[];
  zhDictionary: string[];
}

/** One lunr query the plugin builds from the typed words (smartQueries). */
export interface SmartQuery {
  tokens: string[];
  term: {value: string; presence: number; wildcard: number; editDistance?: number}[];
}
