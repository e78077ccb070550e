// Constants the search plugin generates at build time (read by src/theme/SearchBar, src/theme/SearchPage,
// ./searchBox.ts and ./searchPageGuard.ts). The plugin's own browser modules are in ./search-plugin.d.ts.
declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js' {
  export const searchIndexUrl: string;
  export const searchResultLimits: number;
}

declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated.js' {
  export const searchContextByPaths: (string | {label: string | Record<string, string>; path: string})[] | null;
}
