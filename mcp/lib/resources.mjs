/**
 * The docs pages as MCP resources (issue 48): `resources/list` (paginated) gives every page of every version and of
 * the API reference, each by the URL of its Markdown twin; `resources/read` returns that Markdown; one resource
 * template per docs version (`<site>/{+path}.md`, `<site>/next/{+path}.md`) lets a client read any page by path,
 * and completes `path` from the version's pages. The list comes from the source's own llms.txt files (the root
 * one, Next's and the API reference's), which link every page, so it always matches the build being served.
 * Only the SDK's public API is used: McpServer.registerResource with a ResourceTemplate, and Server's
 * setRequestHandler for the paginated list, which McpServer's own list handler does not do.
 */
import {ResourceTemplate} from '@modelcontextprotocol/sdk/server/mcp.js';
import {ErrorCode, ListResourcesRequestSchema, McpError} from '@modelcontextprotocol/sdk/types.js';
import {DocsError} from './source.mjs';
import {readPage} from './pages.mjs';

/** Resources per `resources/list` page: a client asks for the next with `nextCursor`. */
export const RESOURCES_PAGE_SIZE = 100;
/** Completions per request; the spec caps a completion's values at 100. */
const MAX_COMPLETIONS = 100;
/** How long a URL source's page list is kept before llms.txt is read again. */
const INDEX_TTL_MS = 10 * 60 * 1000;

/** The llms.txt files that together link every page, and the docs version their pages belong to. */
const INDEXES = [
  {file: '/llms.txt', version: 'released'},
  {file: '/api/v1/llms.txt', version: 'released'},
  {file: '/next/llms.txt', version: 'next'},
];

/** `- [Title](url): description` lines of an llms.txt that link a `.md` page. */
function pagesOfLlmsTxt(text) {
  const pages = [];
  for (const [, title, url, description] of text.matchAll(/^- \[([^\]]+)\]\(([^)\s]+)\)(?::\s*(.*))?$/gm)) {
    let pathname;
    try {
      pathname = new URL(url, 'https://docs.invalid').pathname;
    } catch {
      continue;
    }
    if (pathname.endsWith('.md')) pages.push({title, markdownPath: pathname, description: description?.trim()});
  }
  return pages;
}

const indexes = new WeakMap();

/**
 * Every page of the source once, in llms.txt order: `{title, markdownPath, description, version}`. Kept per source
 * (for INDEX_TTL_MS when the source is the deployed site); an llms.txt that is missing leaves its pages out.
 */
export async function pageIndex(source) {
  const cached = indexes.get(source);
  if (cached && (cached.until === undefined || cached.until > Date.now())) return cached.pages;
  const pages = (async () => {
    const seen = new Set();
    const all = [];
    for (const {file, version} of INDEXES) {
      let text;
      try {
        text = await source.readText(file);
      } catch (error) {
        if (error instanceof DocsError) continue;
        throw error;
      }
      for (const page of pagesOfLlmsTxt(text)) {
        if (seen.has(page.markdownPath)) continue;
        seen.add(page.markdownPath);
        all.push({...page, version});
      }
    }
    return all;
  })();
  // A build folder does not change under a running server; the deployed site does.
  const entry = {pages, until: 'root' in source ? undefined : Date.now() + INDEX_TTL_MS};
  indexes.set(source, entry);
  // A failed or empty read (a build folder being rebuilt) is not kept: the next request reads again.
  pages.then(
    (found) => found.length === 0 && indexes.delete(source),
    () => indexes.delete(source),
  );
  return pages;
}

/** The URI of a page's resource: its Markdown URL on the source's site. */
const resourceUri = (linkBase, markdownPath) => new URL(`.${markdownPath}`, linkBase).href;

/** The two templates: Next's first, since the released one (`{+path}`) would also match a /next/ URL. */
function templates(linkBase, releasedVersion) {
  const base = linkBase.href.replace(/\/?$/, '/');
  return [
    {name: 'docs-next', version: 'next', prefix: '/next/', uriTemplate: `${base}next/{+path}.md`},
    {name: `docs-${releasedVersion}`, version: 'released', prefix: '/', uriTemplate: `${base}{+path}.md`},
  ];
}

function toResource(linkBase, page) {
  return {
    uri: resourceUri(linkBase, page.markdownPath),
    name: page.markdownPath,
    title: page.title,
    ...(page.description ? {description: page.description} : {}),
    mimeType: 'text/markdown',
  };
}

/** The cursor of `resources/list`: the offset of the next page, as an opaque string. */
function offsetOf(cursor) {
  if (cursor === undefined) return 0;
  const offset = /^\d{1,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isInteger(offset)) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return offset;
}

/**
 * Registers the page resources on a docs server.
 * @param server an McpServer
 * @param context source, linkBase and knownSites from createDocsContext, and the released version's label
 */
export function registerPageResources(server, {source, linkBase, knownSites, releasedVersion}) {
  const read = async (uri) => {
    let markdown;
    try {
      ({markdown} = await readPage(source, uri.href, knownSites));
    } catch (error) {
      // resources/read reports an unknown resource as a JSON-RPC error (the spec's -32002).
      if (error instanceof DocsError) throw new McpError(-32002, error.message, {uri: uri.href});
      throw error;
    }
    return {contents: [{uri: uri.href, mimeType: 'text/markdown', text: markdown}]};
  };
  for (const t of templates(linkBase, releasedVersion)) {
    const pathsOf = async () =>
      (await pageIndex(source))
        .filter((p) => p.version === t.version && p.markdownPath.startsWith(t.prefix))
        .map((p) => p.markdownPath.slice(t.prefix.length).replace(/\.md$/, ''));
    server.registerResource(
      t.name,
      new ResourceTemplate(t.uriTemplate, {
        // Listing is done by the paginated handler below, over every page at once.
        list: undefined,
        complete: {
          path: async (value) => {
            const typed = String(value ?? '').replace(/^\/+/, '');
            const paths = await pathsOf();
            const starts = paths.filter((p) => p.startsWith(typed));
            const contains = paths.filter((p) => !p.startsWith(typed) && p.includes(typed));
            return [...starts, ...contains].slice(0, MAX_COMPLETIONS);
          },
        },
      }),
      {
        title:
          t.version === 'next' ? 'Page of the Next docs (unreleased)' : `Page of the Lightdash ${releasedVersion} docs`,
        description:
          t.version === 'next'
            ? 'A page of the docs of the unreleased version, as Markdown, by path (guides/how-to-join-tables).'
            : 'A page of the released docs or of the API reference, as Markdown, by path (guides/how-to-join-tables, api/v1/spaces).',
        mimeType: 'text/markdown',
      },
      async (uri) => read(uri),
    );
  }
  // McpServer lists every resource in one answer; the docs have over a thousand pages, so the list is paged.
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const pages = await pageIndex(source);
    const offset = offsetOf(request.params?.cursor);
    const slice = pages.slice(offset, offset + RESOURCES_PAGE_SIZE).map((page) => toResource(linkBase, page));
    const next = offset + RESOURCES_PAGE_SIZE;
    return {resources: slice, ...(next < pages.length ? {nextCursor: String(next)} : {})};
  });
}
