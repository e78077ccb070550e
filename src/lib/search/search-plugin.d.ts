// Types for the browser modules of @easyops-cn/docusaurus-search-local 0.55.3 that the site's search
// (src/lib/search) and the relevance test load (the package ships types for its options only).
// Shapes from dist/client/client/theme/worker.js and dist/client/client/utils.

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js' {
  /** One indexed item: a page title (`t`), a heading (`h` = `#anchor`) or a paragraph, on page `u`. */
  export interface SearchDocument {
    i: number;
    t: string;
    u: string;
    h?: string;
    p?: number;
    s?: string;
    b?: string[];
  }
  export interface SearchResult {
    document: SearchDocument;
    type: number;
    score: number;
    page?: SearchDocument | false;
    tokens: string[];
    metadata?: unknown;
    isInterOfTree?: boolean;
    isLastOfTree?: boolean;
  }
  /** One loaded index of a search index file: its documents and the lunr index over them. */
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
  export interface LoadedIndexes {
    wrappedIndexes: WrappedIndex[];
    zhDictionary: string[];
  }
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
  export interface SmartQuery {
    tokens: string[];
    term: {value: string; presence: number; wildcard: number; editDistance?: number}[];
  }
  export function smartQueries(tokens: string[], zhDictionary: string[]): SmartQuery[];
}

declare module 'lunr' {
  /** The one lunr call the site makes itself: loading a serialised index (as the plugin's worker does). */
  const lunr: {Index: {load(serialised: object): unknown}};
  export default lunr;
}
