/**
 * The site's own ordering of search results, applied after the plugin's search. This is the one
 * place the docs MCP server orders results: whatever order the site's search box shows, this
 * function must give. Today the site shows the plugin's order unchanged, so it returns the results
 * as they are.
 *
 * @param {import('./types.js').PluginResult[]} results the plugin worker's results, in its order
 * @param {string} query what was searched for
 * @returns {import('./types.js').PluginResult[]}
 */
// `query` is unused until the site orders results by it; the signature is the one the site module will need.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function rankLikeTheSite(results, query) {
  return results;
}
