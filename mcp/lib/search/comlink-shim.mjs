// Stands in for `comlink` in the search plugin's worker: in Node the worker is called directly, not
// over a message channel, so exposing it does nothing.
export function expose() {}
export function wrap() {
  throw new Error('comlink.wrap is not available in the docs MCP server');
}
