/**
 * The constants Docusaurus generates for the search plugin at build time
 * (`.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js`), from the plugin
 * options in docusaurus.config.ts. A deployed site does not publish that file, so the values are kept
 * here; tests/mcp/search.test.ts fails when they differ from the ones the build generated.
 * `searchIndexUrl` leaves out the build's cache-busting `?_=<hash>`, which only browsers need.
 */
export const removeDefaultStopWordFilter = [];
export const language = ['en'];
export const searchIndexUrl = 'search-index{dir}.json';
export const searchResultLimits = 8;
export const fuzzyMatchingDistance = 1;
