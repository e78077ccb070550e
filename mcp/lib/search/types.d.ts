// Shapes of the search plugin's worker results (@easyops-cn/docusaurus-search-local 0.55.3,
// dist/client/client/theme/worker.js), for the JSDoc of the MCP server's search.

/** One indexed item: a page title (`t`), a heading (`h` = `#anchor`), a description or a paragraph, on page `u`. */
export interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  /** Id of the page title document this item belongs to. */
  p?: number;
  /** Section title of a paragraph. */
  s?: string;
}

export interface PluginResult {
  document: SearchDocument;
  /** 0 title, 1 heading, 2 description, 3 keywords, 4 content. */
  type: number;
  /** The page's title document, for every type but a title. */
  page?: SearchDocument | false;
  tokens: string[];
  score: number;
}
