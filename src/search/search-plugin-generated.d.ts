// Constants the search plugin generates at build time (read by the SearchBar and SearchPage wrappers).
// The plugin's own browser modules are declared in ./search-plugin.d.ts.
declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js' {
  export const searchIndexUrl: string;
  export const searchResultLimits: number;
}

declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated.js' {
  export const searchContextByPaths: (string | {label: string | Record<string, string>; path: string})[] | null;
}
