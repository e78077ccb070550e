// Advertises the docs MCP endpoint (/mcp) in a build: postbuild writes the MCP Server Card and Catalog
// (mcp/lib/discovery.mjs) from the tools of the real server, and DISCOVERY_HEADERS go on every answer
// through build/_headers (read by `npm run serve` and Netlify-style hosts) and build/nginx.conf.
import fs from 'node:fs';
import path from 'node:path';

/**
 * RFC 8288 links on every answer, as Mintlify's docs send them: the llms.txt index and the Server Card.
 * The relation types are written as bare tokens (RFC 8288 allows it), because nginx.conf holds every
 * header value inside double quotes.
 * @type {[string, string][]}
 */
export const DISCOVERY_HEADERS = [
  ['Link', '</llms.txt>; rel=llms-txt, </.well-known/mcp/server-card.json>; rel=mcp-server-card'],
  ['X-Llms-Txt', '/llms.txt'],
];

/**
 * The postbuild step: writes the Server Card and Catalog of the build in outDir.
 * @param {string} outDir
 * @param {{siteUrl?: string}} [options] where the pages are published (default: the docs' own site)
 */
export async function writeMcpDiscovery(outDir, {siteUrl} = {}) {
  // Before anything imports the search plugin's worker (mcp/lib/search/register.mjs says why).
  await import('../mcp/lib/search/register.mjs');
  const {createSource, DEFAULT_SITE_URL} = await import('../mcp/lib/source.mjs');
  const {CATALOG_PATH, SERVER_CARD_PATH, listDocsTools, mcpCatalog, serverCard} =
    await import('../mcp/lib/discovery.mjs');
  const site = siteUrl ?? DEFAULT_SITE_URL;
  const tools = await listDocsTools(createSource(outDir, {siteUrl: site}));
  for (const [sitePath, document] of /** @type {[string, object][]} */ ([
    [SERVER_CARD_PATH, serverCard(tools, site)],
    [CATALOG_PATH, mcpCatalog(site)],
  ])) {
    const file = path.join(outDir, sitePath);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  }
  return `${tools.length} tools -> ${SERVER_CARD_PATH.slice(1)}, ${CATALOG_PATH.slice(1)}`;
}
