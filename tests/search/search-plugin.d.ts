// Types for the two browser modules of @easyops-cn/docusaurus-search-local 0.55.3 that the relevance
// test loads (the package ships types for its options only). Shapes from dist/client/client/theme/worker.js.

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js' {
  /** One indexed item: a page title (`t`), a heading (`h` = `#anchor`) or a paragraph, on page `u`. */
  export interface SearchDocument {
    i: number;
    t: string;
    u: string;
    h?: string;
    p?: number;
  }
  export interface SearchResult {
    document: SearchDocument;
    type: number;
    score: number;
  }
  export class SearchWorker {
    search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]>;
  }
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js' {
  export const searchResultLimits: number;
  export const fuzzyMatchingDistance: number;
  export const language: string[];
}
