/**
 * Discovery documents for the /mcp endpoint, written into a build by scripts/mcp-discovery.mjs:
 * - an MCP Server Card (the MCP server-card extension, SEP-2127: name, version, description and the
 *   Streamable HTTP `remotes` entry, the same fields as the MCP Registry's server.json), at the
 *   `/.well-known/mcp/server-card.json` path that documentation hosts (Mintlify) and frameworks (xmcp) use;
 * - an MCP Catalog at `/.well-known/mcp/catalog.json` (the extension's domain-level entry point) listing it.
 * Server Cards leave tools to the live tools/list; ours also lists them under its own `_meta` key, read
 * from the real server (listDocsTools) when the build runs, so the card cannot drift from the code.
 */
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js';
import {createDocsServer, createToolHost, RELEASED_VERSION, SERVER_NAME, SERVER_VERSION} from './server.mjs';
import {MCP_PATH} from '../../scripts/hosting/rules.mjs';

export const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';
export const CATALOG_PATH = '/.well-known/mcp/catalog.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';
/** The card's `_meta` key for the tool list (reverse-DNS of the docs' host, as `_meta` keys must be). */
export const TOOLS_META_KEY = 'com.lightdash.docs/tools';

/** The tools the docs server offers, asked of a real server over an in-memory connection. */
export async function listDocsTools(source) {
  // Listing calls no tool, so the host's pool never starts a worker.
  const host = createToolHost(source);
  const server = createDocsServer(host);
  const client = new Client({name: 'lightdash-docs-discovery', version: SERVER_VERSION});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const {tools} = await client.listTools();
    return tools.map(({name, title, description, inputSchema}) => ({name, title, description, inputSchema}));
  } finally {
    await client.close();
    await server.close();
    await host.close();
  }
}

/** The reverse-DNS server name for a site: https://docs.lightdash.com → com.lightdash.docs/mcp. */
function serverNameFor(siteUrl) {
  return `${new URL(siteUrl).hostname.split('.').reverse().join('.')}/mcp`;
}

/** The Server Card of the endpoint at `${siteUrl}/mcp`. */
export function serverCard(tools, siteUrl) {
  const site = new URL(siteUrl).origin;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: serverNameFor(siteUrl),
    version: SERVER_VERSION,
    title: 'Lightdash documentation',
    description: `Search and read the Lightdash ${RELEASED_VERSION} docs and REST API reference; report wrong pages.`,
    websiteUrl: `${site}/`,
    remotes: [
      {type: 'streamable-http', url: `${site}${MCP_PATH}`, supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS},
    ],
    _meta: {[TOOLS_META_KEY]: tools, 'com.lightdash.docs/server': SERVER_NAME},
  };
}

/** The MCP Catalog of the site: one entry, its Server Card. */
export function mcpCatalog(siteUrl) {
  const url = new URL(siteUrl);
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${url.hostname}:mcp`,
        displayName: 'Lightdash documentation',
        type: 'application/mcp-server-card+json',
        url: `${url.origin}${SERVER_CARD_PATH}`,
      },
    ],
  };
}
