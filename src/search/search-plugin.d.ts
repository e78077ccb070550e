// Types for the browser modules of @easyops-cn/docusaurus-search-local 0.55.3 that the site's search
// (src/search) and the relevance test load (the package ships types for its options only).
// The shapes of documents and results are in ./types.d.ts; this file says which module exports what.

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js' {
  // The shapes are declared once, in ./types.d.ts.
  export type SearchDocument = import('./types').SearchDocument;
  export type SearchResult = import('./types').SearchResult;
  export type WrappedIndex = import('./types').WrappedIndex;
  export type LoadedIndexes = import('./types').LoadedIndexes;
  export class SearchWorker {
    search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]>;
    fetchIndexes(baseUrl: string, searchContext: string): Promise<void>;
    lowLevelFetchIndexes(baseUrl: string, searchContext: string): Promise<LoadedIndexes>;
  }
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js' {
  export const searchResultLimits: number;
  export const fuzzyMatchingDistance: number;
  export const language: string[];
  export const searchIndexUrl: string;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js' {
  export function tokenize(text: string, language: string[]): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js' {
  export type SmartQuery = import('./types').SmartQuery;
  export function smartQueries(tokens: string[], zhDictionary: string[]): SmartQuery[];
}

declare module 'lunr' {
  /**
   * What the site uses of lunr itself: loading a serialised index (as the plugin's worker does), its
   * Set class (./lunrUnion.ts), and a query's clauses as lunr fills them in (./lunrQueries.ts).
   */
  const lunr: {
    Index: {load(serialised: object): unknown};
    Set: unknown;
    Query: {
      new (allFields: string[]): {
        clauses: unknown[];
        term(value: string, options: Record<string, unknown>): unknown;
      };
      presence: {REQUIRED: number};
      wildcard: {NONE: number};
    };
  };
  export default lunr;
}
