/**
 * The docs MCP server: four tools over one docs source (a build folder or the deployed site).
 * Every tool has one required main argument, first in its input schema. A request the docs cannot
 * answer returns a tool error with a message for the reader; nothing a client sends ends the server.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {ApiSpec} from './openapi.mjs';
import {readPage} from './pages.mjs';
import {DEFAULT_SITE_URL, DocsError} from './source.mjs';
import {DocsSearch} from './search/search.mjs';

export const SERVER_NAME = 'lightdash-docs';
export const SERVER_VERSION = '0.1.0';
/** Longer queries are refused: nobody types them, and the search expands every word into several queries. */
export const MAX_QUERY_CHARS = 500;
const MAX_RESULTS = 20;

const INSTRUCTIONS =
  'Lightdash documentation (the open-source BI tool on dbt). Use search_docs to find pages, get_page to read ' +
  'one as Markdown, list_api_operations and get_api_operation for the REST API. Released docs (version 0.1410) ' +
  'are at /..., the upcoming version at /next/....';

/** Runs a tool, turning its answer into text and anything unexpected into a tool error. */
function tool(handler) {
  return async (args) => {
    try {
      const result = await handler(args);
      return {content: [{type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2)}]};
    } catch (error) {
      if (!(error instanceof DocsError)) console.error('[lightdash-docs-mcp] unexpected error:', error);
      const message = error instanceof DocsError ? error.message : `Internal error: ${error?.message ?? error}`;
      return {isError: true, content: [{type: 'text', text: message}]};
    }
  };
}

/**
 * @param source a docs source from createSource()
 * @param siteUrl where a build folder's pages are published (a URL source links to itself)
 */
export function createDocsServer(source, {siteUrl = DEFAULT_SITE_URL} = {}) {
  // Hits link to the source's own site; pasted URLs of the published docs are understood too.
  const linkBase = source.siteUrl;
  const knownSites = [linkBase, new URL(siteUrl)];
  const search = new DocsSearch(source, linkBase);
  const api = new ApiSpec(source, linkBase);
  const server = new McpServer({name: SERVER_NAME, version: SERVER_VERSION}, {instructions: INSTRUCTIONS});

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Lightdash docs',
      description:
        'Full-text search of the Lightdash docs with the same index and ranking as the search box on the site. ' +
        'Returns up to `limit` hits, each with the page title, the section, the page URL, its Markdown URL and a snippet.',
      inputSchema: {
        query: z.string().min(1).max(MAX_QUERY_CHARS).describe('Words to search for, e.g. "join tables".'),
        version: z
          .enum(['released', 'next'])
          .default('released')
          .describe('"released" (0.1410, the default) or "next" (the upcoming version).'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_RESULTS)
          .optional()
          .describe('Most hits to return (8 by default, as the site).'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool(async ({query, version, limit}) => {
      const hits = await search.search(query, version, limit);
      return {query, version, hits};
    }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page as Markdown',
      description:
        'The Markdown of one docs page, by path (/guides/how-to-join-tables, /next/references/metrics) or by its URL, ' +
        'with or without ".md". API reference pages have no Markdown: use get_api_operation for them.',
      inputSchema: {
        page: z.string().min(1).max(2048).describe('Path or URL of the page, e.g. /guides/how-to-join-tables.'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool(async ({page}) => (await readPage(source, page, knownSites)).markdown),
  );

  server.registerTool(
    'list_api_operations',
    {
      title: 'List Lightdash API operations',
      description:
        'Operations of the Lightdash REST API in one tag (like "Charts" or "Projects"), or "all": operationId, method, path, summary.',
      inputSchema: {
        tag: z.string().min(1).max(100).describe('An API tag such as "Charts", or "all" for every operation.'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool(async ({tag}) => ({tag, operations: await api.list(tag)})),
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Describe a Lightdash API operation',
      description:
        'One API operation by operationId (GetChartHistory) or "METHOD /path" (GET /api/v1/saved/{chartUuid}/history): ' +
        'parameters, request body and responses with their schemas expanded, examples, authentication and the reference page URL.',
      inputSchema: {
        operation: z.string().min(1).max(500).describe('An operationId or "METHOD /path".'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool(async ({operation}) => api.describe(operation)),
  );

  return server;
}
