/**
 * The docs MCP server: its tools over one docs source (a build folder or the deployed site).
 * Every tool has one required main argument, first in its input schema. A request the docs cannot
 * answer returns a tool error with a message for the reader; nothing a client sends ends the server.
 *
 * The tools run in worker threads (toolPool.mjs): `createDocsServer` registers them on the serving
 * thread for their schemas and input checks and forwards each call to the pool of a `createToolHost`;
 * each worker runs `createToolRunner`, which registers the same tools with their real work. Add a tool
 * (or a resource or prompt) in `registerDocsTools`, with one line calling your register function, and
 * it runs in the workers, with the same budget and limits, as the others.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {ApiSpec} from './openapi.mjs';
import {createFeedbackSink} from './feedback.mjs';
import {isNextPath, readPage} from './pages.mjs';
import {createSource, DEFAULT_SITE_URL, DocsError} from './source.mjs';
import {DocsSearch} from './search/search.mjs';
import {registerValidateYaml} from './validate-yaml.mjs';
import {collectCallbacks, createToolPool, runInPool, ToolLimitError} from './toolPool.mjs';
import {createRateLimiter, createSlots} from './clients.mjs';
import {guardRequestParams} from './requests.mjs';
import {
  FEEDBACK_PER_CLIENT_PER_MINUTE,
  MAX_CALLS_PER_CLIENT,
  MAX_QUERY_CHARS,
  MAX_QUERY_WORD_CHARS,
  MAX_QUEUED_CALLS,
  TOOL_DEADLINE_MS,
  TOOL_QUEUE_WAIT_MS,
  TOOL_WORKERS,
  WORKER_HEAP_MB,
  WORKER_START_MS,
} from './limits.mjs';
import {registerAdminTools} from './admin-tools.mjs';
import {registerPageResources} from './resources.mjs';
import {registerPrompts} from './prompts.mjs';
import {pagePathOfMarkdown} from '../../plugins/markdown-export/entry.ts';
import {onlyWarehouse, WAREHOUSE_IDS, warehouseLabel} from '../../plugins/warehouse-sql/entry.ts';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

export const SERVER_NAME = 'lightdash-docs';
export const SERVER_VERSION = '0.1.0';
const MAX_RESULTS = 20;
/** The released docs version (versions.json[0] of the site, read by src/lib/releasedVersion.mjs). */
export {RELEASED_VERSION};
/** What the `version` argument accepts: the released version by number or by name, or the upcoming one. */
const VERSION_INPUTS = [RELEASED_VERSION, 'released', 'next'];
/** Bounds of submit_feedback's fields, in characters. */
export const FEEDBACK_LIMITS = {problem: 4000, suggestedFix: 8000};

const INSTRUCTIONS =
  'Lightdash documentation (the open-source BI tool on dbt). Use search_docs to find pages, get_page to read ' +
  `one as Markdown, list_api_operations and get_api_operation for the REST API. Released docs (version ${RELEASED_VERSION}) ` +
  'are at /..., the upcoming version at /next/...; search_docs and get_page take a `version` ' +
  `("${RELEASED_VERSION}", the default, or "next") and say which version answered. ` +
  'build_self_host_config writes a self-hosted configuration and check_permission says which role may do what. ' +
  'If a page is wrong or out of date, report it with submit_feedback.';

/** `version` argument → the search's version key, and the name an answer gives it. */
function docsVersion(input) {
  const key = /** @type {'next' | 'released'} */ (input === 'next' ? 'next' : 'released');
  return key === 'next'
    ? {key, version: 'next', versionName: 'Next (unreleased)'}
    : {key, version: RELEASED_VERSION, versionName: `${RELEASED_VERSION} (released)`};
}

/** The schema of the optional `version` argument. */
const versionArgument = () =>
  z
    .enum(VERSION_INPUTS)
    .describe(
      `Docs version: "${RELEASED_VERSION}" (the released version, also "released") or "next" (the upcoming one).`,
    );

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Feedback text: bounded, and free of control characters other than tabs and line breaks. */
const feedbackText = (max) =>
  z
    .string()
    .max(max)
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters');

/**
 * Whether a word of text (letters, digits and `_`, as the search splits them) is longer than max.
 * Checked before a search starts: the search's cost grows fast with the length of an unknown word.
 */
function longestWordOver(text, max) {
  return text.split(/[^\p{L}\p{N}_]+/u).some((word) => word.length > max);
}

/** Runs a tool, turning its answer into text and anything unexpected into a tool error. */
function tool(handler) {
  return async (args) => {
    try {
      const result = await handler(args);
      return {content: [{type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2)}]};
    } catch (error) {
      if (!(error instanceof DocsError)) console.error('[lightdash-docs-mcp] unexpected error:', error);
      const message =
        error instanceof DocsError ? error.message : `Internal error: ${/** @type {any} */ (error)?.message ?? error}`;
      return {isError: true, content: [{type: 'text', text: message}]};
    }
  };
}

/**
 * What the tools of one worker share: the docs source, the loaded search indexes, the API spec and the
 * feedback sink, built once per worker (createToolRunner) and used by every call it runs.
 * @param source a docs source from createSource()
 * @param {{siteUrl?: string, feedback?: object}} [options] siteUrl: where a build folder's pages are published
 *   (a URL source links to itself); feedback: a sink from createFeedbackSink() (default: the server log)
 */
export function createDocsContext(source, {siteUrl = DEFAULT_SITE_URL, feedback} = {}) {
  return {
    ...linkContext(source, siteUrl),
    source,
    search: new DocsSearch(source, source.siteUrl),
    api: new ApiSpec(source, source.siteUrl),
    feedback: feedback ?? createFeedbackSink(),
  };
}

/** The part of the context that registering the tools reads (the serving thread has only this). */
function linkContext(source, siteUrl) {
  // Hits link to the source's own site; pasted URLs of the published docs are understood too.
  const linkBase = source.siteUrl;
  return {source, linkBase, knownSites: [linkBase, new URL(siteUrl), new URL(DEFAULT_SITE_URL)]};
}

// logging: clients may set a level (logging/setLevel); the server sends no log it would filter.
const newServer = () =>
  new McpServer(
    {name: SERVER_NAME, version: SERVER_VERSION},
    {instructions: INSTRUCTIONS, capabilities: {logging: {}}},
  );

/**
 * In a tool worker (tool-worker.mjs): the tools with their real work, over a source of its own.
 * @param {{source: string, siteUrl: string, feedback: {file?: string, url?: string}}} options
 *   the `--source` value, the site URL and the feedback sink's options, as createToolHost sends them
 * @returns {Promise<(task: object) => Promise<unknown>>} what runs one call
 */
export async function createToolRunner({source: spec, siteUrl, feedback}) {
  const source = createSource(spec, {siteUrl});
  const context = createDocsContext(source, {siteUrl, feedback: createFeedbackSink(feedback)});
  const server = newServer();
  const runTask = collectCallbacks(server);
  registerDocsTools(server, context);
  // Loaded before the first call, so that call's budget is spent on its own work. A failure here is
  // reported by the first search, which tries again.
  await context.search.search('lightdash', 'released', 1).catch(() => undefined);
  return runTask;
}

/**
 * On the serving thread: the pool that runs the tools of one source, and the limits every call passes
 * first (calls per client, rate limits). One host serves every McpServer of a process (the HTTP
 * endpoint builds one per request).
 * @param source a docs source from createSource()
 * @param {{siteUrl?: string, feedback?: {options: object}, workers?: number, deadlineMs?: number}} options
 */
export function createToolHost(source, {siteUrl = DEFAULT_SITE_URL, feedback, workers, deadlineMs} = {}) {
  const pool = createToolPool({
    workerUrl: new URL('./tool-worker.mjs', import.meta.url),
    workerData: {
      preload: [new URL('./search/register.mjs', import.meta.url).href],
      module: import.meta.url,
      options: {source: source.spec, siteUrl, feedback: feedback?.options ?? {}},
    },
    size: workers ?? TOOL_WORKERS,
    deadlineMs: deadlineMs ?? TOOL_DEADLINE_MS,
    startMs: WORKER_START_MS,
    queueWaitMs: TOOL_QUEUE_WAIT_MS,
    maxQueued: MAX_QUEUED_CALLS,
    heapMb: WORKER_HEAP_MB,
  });
  const calls = createSlots(MAX_CALLS_PER_CLIENT);
  const rates = createRateLimiter();
  return {
    source,
    siteUrl,
    pool,
    /** The function a client's server forwards its calls to. */
    forClient(client) {
      return async (task, /** @type {{rateLimitPerMinute?: number}} */ {rateLimitPerMinute} = {}) => {
        const release = calls.take(client);
        if (!release) {
          throw new ToolLimitError(
            `Too many calls at once from your address (at most ${MAX_CALLS_PER_CLIENT}, a batch's calls each ` +
              'counting): wait for an answer before sending more.',
          );
        }
        try {
          if (rateLimitPerMinute && !rates.allow(client, task.name, rateLimitPerMinute)) {
            throw new ToolLimitError(
              `${task.name} takes at most ${rateLimitPerMinute} calls a minute from one address; try again later.`,
            );
          }
          return await pool.run(task, task.name, client);
        } finally {
          release();
        }
      };
    },
    close: () => pool.close(),
  };
}

/**
 * The docs MCP server of one client: the tools' names, schemas and input checks here, their work in the
 * host's workers.
 * @param host from createToolHost()
 * @param {{client?: string}} options the client's key (clients.mjs clientKey), for its fair share
 */
export function createDocsServer(host, {client = 'local'} = {}) {
  const server = newServer();
  runInPool(server, host.forClient(client));
  // Completing a prompt's operationId lists the API operations here, on the serving thread: a small
  // file read once (ApiSpec caches it), not tool work.
  host.api ??= new ApiSpec(host.source, host.source.siteUrl);
  registerDocsTools(server, {...linkContext(host.source, host.siteUrl), api: host.api});
  // The lists never change while the server runs (and a stateless endpoint could not say so).
  server.server.registerCapabilities({
    tools: {listChanged: false},
    resources: {listChanged: false},
    prompts: {listChanged: false},
  });
  const connect = server.connect.bind(server);
  server.connect = async (transport) => {
    await connect(transport);
    guardRequestParams(transport);
  };
  return server;
}

/**
 * Registers every tool of the docs server. It runs twice over: on the serving thread, where `context`
 * has only `linkBase` and `knownSites` and no callback ever runs, and in each worker, with the whole
 * context (createDocsContext); so a callback reads `context.search` and the like when it runs, not before.
 */
export function registerDocsTools(server, context) {
  const {linkBase, knownSites} = context;

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Lightdash docs',
      description:
        'Full-text search of the Lightdash docs with the same index and ranking as the search box on the site. ' +
        'Returns up to `limit` hits, each with the page title, the section, the page URL, its Markdown URL and a snippet.',
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(MAX_QUERY_CHARS)
          .refine(
            (query) => !longestWordOver(query, MAX_QUERY_WORD_CHARS),
            `a word of the query is longer than ${MAX_QUERY_WORD_CHARS} characters; no word of the docs is`,
          )
          .describe('Words to search for, e.g. "join tables".'),
        version: versionArgument().default(RELEASED_VERSION),
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
    tool(async ({query, version: input, limit}) => {
      const {key, version, versionName} = docsVersion(input);
      const hits = await context.search.search(query, key, limit);
      return {query, version, versionName, hits};
    }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page as Markdown',
      description:
        'The Markdown of one docs page, by path (/guides/how-to-join-tables, /next/references/metrics) or by its URL, ' +
        'with or without ".md". The first line says which docs version answered and the page URL. ' +
        'API reference pages (/api/v1/...) have Markdown too; get_api_operation gives an operation as JSON. ' +
        'SQL examples that differ by warehouse come as labelled variants; give `warehouse` to keep only its variant.',
      inputSchema: {
        page: z.string().min(1).max(2048).describe('Path or URL of the page, e.g. /guides/how-to-join-tables.'),
        version: versionArgument()
          .optional()
          .describe(
            `Docs version to read the page from: "${RELEASED_VERSION}" (released) or "next". ` +
              'Default: the version of the path (/next/... is Next, anything else the released version).',
          ),
        warehouse: z
          .enum(WAREHOUSE_IDS)
          .optional()
          .describe(
            "The reader's warehouse: SQL examples written per warehouse keep only its variant. Default: every variant.",
          ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool(async ({page, version: input, warehouse}) => {
      const asked = input === undefined ? undefined : docsVersion(input).key;
      const {markdownPath, markdown} = await readPage(context.source, page, knownSites, {version: asked});
      const {versionName} = docsVersion(isNextPath(markdownPath) ? 'next' : 'released');
      const url = new URL(`.${pagePathOfMarkdown(markdownPath)}`, linkBase).href;
      const head = `Docs version: ${versionName}${warehouse ? ` · SQL for ${warehouseLabel(warehouse)}` : ''} · ${url}`;
      return `${head}\n\n${warehouse ? onlyWarehouse(markdown, warehouse) : markdown}`;
    }),
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
    tool(async ({tag}) => ({tag, operations: await context.api.list(tag)})),
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
    tool(async ({operation}) => context.api.describe(operation)),
  );

  server.registerTool(
    'submit_feedback',
    {
      title: 'Report a problem with a docs page',
      description:
        'Tell the docs team that a page is wrong, unclear or out of date: the page, what is wrong and, optionally, ' +
        'a suggested fix. The report goes to the docs team only; it never appears on the site.',
      inputSchema: {
        page: z.string().min(1).max(2048).describe('Path or URL of the page, e.g. /guides/how-to-join-tables.'),
        problem: feedbackText(FEEDBACK_LIMITS.problem)
          .min(10)
          .describe(`What is wrong, in 10 to ${FEEDBACK_LIMITS.problem} characters.`),
        suggestedFix: feedbackText(FEEDBACK_LIMITS.suggestedFix)
          .optional()
          .describe(`The text it should say instead, up to ${FEEDBACK_LIMITS.suggestedFix} characters.`),
      },
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false},
      // Read by the serving thread (createToolHost), per client address.
      rateLimitPerMinute: FEEDBACK_PER_CLIENT_PER_MINUTE,
    },
    tool(async ({page, problem, suggestedFix}) => {
      // Only a page of these docs that exists is accepted: a report names a real page, never another site.
      const {markdownPath} = await readPage(context.source, page, knownSites);
      const record = {
        at: new Date().toISOString(),
        page: pagePathOfMarkdown(markdownPath),
        version: isNextPath(markdownPath) ? 'next' : RELEASED_VERSION,
        problem,
        ...(suggestedFix ? {suggestedFix} : {}),
        server: `${SERVER_NAME} ${SERVER_VERSION}`,
      };
      const where = await context.feedback.submit(record);
      // The answer does not repeat the report's text: it is the client's own, and not ours to echo.
      return `Thank you: your report on ${record.page} was ${where}.`;
    }),
  );

  registerValidateYaml(server, {linkBase});
  registerAdminTools(server, {linkBase, releasedVersion: RELEASED_VERSION});
  // Pages as resources and the prompts: registered here too, so their reads and prompts run in the
  // workers like the tools; listing and completing page paths read only the source's llms.txt files.
  registerPageResources(server, {...context, releasedVersion: RELEASED_VERSION});
  registerPrompts(server, context);
}
