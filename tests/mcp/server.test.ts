/**
 * The docs MCP server on the production build, through the SDK's client over stdio: every tool with
 * good input, then with input meant to break it or to read files outside the build.
 */
import {mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HTTP_METHODS} from '../../plugins/api-reference/index';
import {BUILD_DIR, callJson, callTool, requireBuild, ROOT, SLOW, startServer, type SearchAnswer} from './client';
import type {ServerUnderTest} from './client';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

interface OperationSummary {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}
interface OperationDescription extends OperationSummary {
  docsUrl: string;
  auth: {required: boolean; anyOf: {scheme: string; name?: string; in?: string}[][]};
  parameters: {name: string; in: string; schema?: unknown}[];
  requestBody?: {content: Record<string, {schema: unknown}>};
  responses: Record<string, {description: string; content?: Record<string, {schema: unknown; example?: unknown}>}>;
}

const spec = JSON.parse(readFileSync(path.join(BUILD_DIR, 'api/v1/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, {operationId?: string; tags?: string[]}>>;
};
const specOperations = Object.entries(spec.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
    .map(([method, op]) => ({path: p, method, operationId: op.operationId ?? '', tag: op.tags?.[0] ?? ''})),
);

/** A file outside the build whose text must never come back. */
const OUTSIDE_FILE = path.join(ROOT, 'package.json');
const OUTSIDE_TEXT = '"name": "lightdash-docs"';

let server: ServerUnderTest;

beforeAll(async () => {
  requireBuild();
  server = await startServer(['--source', BUILD_DIR]);
});
afterAll(() => server?.close());

describe('tools/list', () => {
  it('lists the tools, each with one required main argument first in its schema', async () => {
    const {tools} = await server.client.listTools();
    const shapes = Object.fromEntries(
      tools.map((t) => [
        t.name,
        {first: Object.keys(t.inputSchema.properties ?? {})[0], required: t.inputSchema.required},
      ]),
    );
    expect(shapes).toEqual({
      search_docs: {first: 'query', required: ['query']},
      get_page: {first: 'page', required: ['page']},
      list_api_operations: {first: 'tag', required: ['tag']},
      get_api_operation: {first: 'operation', required: ['operation']},
      submit_feedback: {first: 'page', required: ['page', 'problem']},
      validate_yaml: {first: 'yaml', required: ['yaml']},
      build_self_host_config: {first: 'deployment', required: ['deployment']},
      check_permission: {first: 'role', required: ['role']},
    });
    for (const t of tools) expect(t.description?.length ?? 0).toBeGreaterThan(40);
  });
});

describe('search_docs', () => {
  it(
    'finds the joins guide first, with a title, a site URL, a Markdown URL and a snippet',
    async () => {
      const answer = await callJson<SearchAnswer>(server.client, 'search_docs', {query: 'join tables'});
      // The answer names the version that answered: the released one by default.
      expect([answer.version, answer.versionName]).toEqual([RELEASED_VERSION, `${RELEASED_VERSION} (released)`]);
      // One line per page (the site's ranking), at most the search box's 8.
      expect(answer.hits.length).toBeGreaterThan(1);
      expect(answer.hits.length).toBeLessThanOrEqual(8);
      expect(answer.hits[0]).toMatchObject({
        title: 'How to join tables',
        url: 'https://docs.lightdash.com/guides/how-to-join-tables',
        markdownUrl: 'https://docs.lightdash.com/guides/how-to-join-tables.md',
      });
      for (const hit of answer.hits) {
        expect(hit.url).toMatch(/^https:\/\/docs\.lightdash\.com\//);
        expect(hit.snippet.length).toBeGreaterThan(10);
        expect(hit.snippet.length).toBeLessThanOrEqual(282);
        // Every Markdown URL the search gives is a file of the build.
        if (hit.markdownUrl) readFileSync(path.join(BUILD_DIR, new URL(hit.markdownUrl).pathname));
      }
    },
    SLOW,
  );

  it(
    'searches Next when asked, and returns up to `limit` hits',
    async () => {
      const answer = await callJson<SearchAnswer>(server.client, 'search_docs', {
        query: 'metrics',
        version: 'next',
        limit: 20,
      });
      expect([answer.version, answer.versionName]).toEqual(['next', 'Next (unreleased)']);
      expect(answer.hits.length).toBeGreaterThan(8);
      expect(answer.hits.length).toBeLessThanOrEqual(20);
      for (const hit of answer.hits) expect(hit.url).toMatch(/^https:\/\/docs\.lightdash\.com\/next\//);
    },
    SLOW,
  );

  it(
    `answers the same for version "${RELEASED_VERSION}" as for "released", and released pages only`,
    async () => {
      const byNumber = await callJson<SearchAnswer>(server.client, 'search_docs', {
        query: 'pinning',
        version: RELEASED_VERSION,
      });
      const byName = await callJson<SearchAnswer>(server.client, 'search_docs', {
        query: 'pinning',
        version: 'released',
      });
      expect(byNumber).toEqual(byName);
      expect(byNumber.hits.length).toBeGreaterThan(0);
      for (const hit of byNumber.hits) expect(hit.url).not.toMatch(/^https:\/\/docs\.lightdash\.com\/next\//);
    },
    SLOW,
  );

  it('returns no hits, not an error, for a query of stop words only', async () => {
    const answer = await callJson<SearchAnswer>(server.client, 'search_docs', {query: '   '});
    expect(answer.hits).toEqual([]);
  });

  it.each([
    ['a 10 KB query', {query: 'metric '.repeat(1500)}, /500 characters/],
    ['an empty query', {query: ''}, /query/],
    ['an unknown version', {query: 'metrics', version: 'v1'}, /version/],
    ['a limit of 10000', {query: 'metrics', limit: 10_000}, /limit/],
    ['no query', {}, /query/],
  ])('refuses %s with a tool error', async (_, args, message) => {
    const answer = await callTool(server.client, 'search_docs', args);
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(message);
  });
});

describe('get_page', () => {
  const joins = readFileSync(path.join(BUILD_DIR, 'guides/how-to-join-tables.md'), 'utf8');
  const nextJoins = readFileSync(path.join(BUILD_DIR, 'next/guides/how-to-join-tables.md'), 'utf8');
  const home = readFileSync(path.join(BUILD_DIR, 'index.md'), 'utf8');

  /** The first line of get_page's answer names the version that answered and the page. */
  const released = (url: string, markdown: string) =>
    `Docs version: ${RELEASED_VERSION} (released) · ${url}\n\n${markdown}`;
  const next = (url: string, markdown: string) => `Docs version: Next (unreleased) · ${url}\n\n${markdown}`;
  const JOINS_URL = 'https://docs.lightdash.com/guides/how-to-join-tables';
  const NEXT_JOINS_URL = 'https://docs.lightdash.com/next/guides/how-to-join-tables';

  it.each([
    ['/guides/how-to-join-tables', undefined, released(JOINS_URL, joins)],
    ['guides/how-to-join-tables.md', undefined, released(JOINS_URL, joins)],
    ['/guides/how-to-join-tables/', undefined, released(JOINS_URL, joins)],
    ['https://docs.lightdash.com/guides/how-to-join-tables#always', undefined, released(JOINS_URL, joins)],
    ['https://docs.lightdash.com/next/guides/how-to-join-tables.md', undefined, next(NEXT_JOINS_URL, nextJoins)],
    ['/next/guides/how-to-join%2Dtables', undefined, next(NEXT_JOINS_URL, nextJoins)],
    ['/', undefined, released('https://docs.lightdash.com/', home)],
    ['https://docs.lightdash.com/', undefined, released('https://docs.lightdash.com/', home)],
    ['/guides/how-to-join-tables', RELEASED_VERSION, released(JOINS_URL, joins)],
    ['/guides/how-to-join-tables', 'released', released(JOINS_URL, joins)],
    ['/guides/how-to-join-tables', 'next', next(NEXT_JOINS_URL, nextJoins)],
    ['/next/guides/how-to-join-tables', 'next', next(NEXT_JOINS_URL, nextJoins)],
  ])('%s (version %s) gives the page’s Markdown file', async (page, version, expected) => {
    const answer = await callTool(server.client, 'get_page', {page, ...(version ? {version} : {})});
    expect(answer.isError).toBe(false);
    expect(answer.text).toBe(expected);
  });

  it('keeps only the SQL variant of the warehouse asked for, and every variant without one', async () => {
    const page = '/guides/table-calculations/table-calculation-sql-templates/percent-of-total-column';
    const all = await callTool(server.client, 'get_page', {page});
    const labels = (text: string) => text.match(/^\*\*SQL for [^*]+:\*\*$/gm) ?? [];
    expect(labels(all.text).length).toBeGreaterThan(1);
    for (const [warehouse, name] of [
      ['trino', 'Trino'],
      ['bigquery', 'BigQuery'],
    ]) {
      const one = await callTool(server.client, 'get_page', {page, warehouse});
      expect(one.isError).toBe(false);
      expect(one.text.split('\n')[0]).toContain(`SQL for ${name}`);
      // One label per group, each naming the warehouse; everything that is not a variant is kept.
      expect(labels(one.text).length).toBeGreaterThan(0);
      expect(labels(one.text).every((label) => label.includes(name))).toBe(true);
      expect(labels(one.text).length).toBeLessThan(labels(all.text).length);
      expect(one.text).toContain('## Things to watch');
    }
    const unknown = await callTool(server.client, 'get_page', {page, warehouse: 'oracle'});
    expect(unknown.isError).toBe(true);
  });

  it('refuses a Next path asked for in the released version, and an unknown version', async () => {
    const conflict = await callTool(server.client, 'get_page', {
      page: '/next/guides/pinning',
      version: RELEASED_VERSION,
    });
    expect(conflict).toEqual({isError: true, text: expect.stringMatching(/Next docs.*version "next"/)});
    const unknown = await callTool(server.client, 'get_page', {page: '/guides/pinning', version: '0.1409'});
    expect(unknown).toEqual({isError: true, text: expect.stringContaining('version')});
  });

  it.each([
    '../../etc/passwd',
    '/../../../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '%2F..%2F..%2Fpackage.json',
    '/%252e%252e/%252e%252e/package.json',
    '/guides/..%5c..%5cpackage.json',
    '/..\\..\\package.json',
    OUTSIDE_FILE,
    `file://${OUTSIDE_FILE}`,
    'C:\\Windows\\win.ini',
    '//evil.example/guides/pinning',
    'https://evil.example/guides/pinning',
    '/guides/pinning\u0000.md',
    '/guides/%00pinning',
    '/guides/%zz',
    '/no/such/page',
    '/api/v1/charts/getChartHistory',
  ])('%s is a tool error that reads nothing outside the build', async (page) => {
    const answer = await callTool(server.client, 'get_page', {page});
    expect(answer.isError).toBe(true);
    expect(answer.text).not.toContain(OUTSIDE_TEXT);
    expect(answer.text).not.toMatch(/root:x:0:0/);
    expect(answer.text.length).toBeLessThan(400);
  });

  it('says a page that does not exist is not a docs page and points to search_docs', async () => {
    const answer = await callTool(server.client, 'get_page', {page: '/guides/no-such-guide'});
    expect(answer).toEqual({
      isError: true,
      text: expect.stringMatching(/^There is no docs page at \/guides\/no-such-guide\. .*search_docs/),
    });
  });
});

describe('list_api_operations', () => {
  it('lists every operation of a tag, case-insensitively, and all of them for "all"', async () => {
    const charts = await callJson<{operations: OperationSummary[]}>(server.client, 'list_api_operations', {
      tag: 'charts',
    });
    const expected = specOperations.filter((o) => o.tag === 'Charts').map((o) => o.operationId);
    expect(charts.operations.map((o) => o.operationId).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(3);
    const all = await callJson<{operations: OperationSummary[]}>(server.client, 'list_api_operations', {tag: 'all'});
    expect(all.operations.length).toBe(specOperations.length);
    for (const o of all.operations) expect(o.summary?.length ?? 0).toBeGreaterThan(3);
  });

  it.each([['no-such-tag'], ['x'.repeat(10_000)], ['']])('refuses the tag %s with a tool error', async (tag) => {
    const answer = await callTool(server.client, 'list_api_operations', {tag});
    expect(answer.isError).toBe(true);
    expect(answer.text.length).toBeLessThan(1000);
  });
});

describe('get_api_operation', () => {
  it('describes an operation with parameters, responses with schemas expanded, examples and auth', async () => {
    const op = await callJson<OperationDescription>(server.client, 'get_api_operation', {operation: 'getCsvUrl'});
    expect(op).toMatchObject({method: 'GET', path: '/api/v1/csv/{jobId}', operationId: 'getCsvUrl'});
    expect(op.parameters).toEqual([expect.objectContaining({name: 'jobId', in: 'path', schema: {type: 'string'}})]);
    const ok = op.responses['200'].content?.['application/json'];
    // `results` was a $ref to CsvExport: it is expanded, and named.
    expect(JSON.stringify(ok?.schema)).toContain('"x-schema":"CsvExport"');
    expect(ok?.example).toBeDefined();
    expect(op.responses['401'].content?.['application/json'].schema).toMatchObject({'x-schema': 'ApiErrorPayload'});
    expect(op.auth.required).toBe(true);
    expect(op.auth.anyOf.flat()).toContainEqual(
      expect.objectContaining({scheme: 'api_key', in: 'header', name: 'Authorization'}),
    );
  });

  it('finds an operation by METHOD and path template, or by a concrete path', async () => {
    const byTemplate = await callJson<OperationDescription>(server.client, 'get_api_operation', {
      operation: 'GET /api/v1/csv/{id}',
    });
    const byPath = await callJson<OperationDescription>(server.client, 'get_api_operation', {
      operation: 'get /api/v1/csv/c1d2e3f4-a5b6',
    });
    expect([byTemplate.operationId, byPath.operationId]).toEqual(['getCsvUrl', 'getCsvUrl']);
  });

  it(
    'describes every operation of the spec, with a request body where it has one and a reference page that exists',
    async () => {
      for (const {operationId, method, path: p} of specOperations) {
        const op = await callJson<OperationDescription>(server.client, 'get_api_operation', {operation: operationId});
        expect([op.method, op.path]).toEqual([method.toUpperCase(), p]);
        const page = path.join(BUILD_DIR, new URL(op.docsUrl).pathname, 'index.html');
        expect(readFileSync(page, 'utf8'), op.docsUrl).toContain('<html');
        if (['post', 'put', 'patch'].includes(method) && op.requestBody) {
          expect(Object.keys(op.requestBody.content).length).toBeGreaterThan(0);
        }
      }
    },
    SLOW,
  );

  it.each([
    ['noSuchOperation'],
    ['GET /api/v1/../../etc/passwd'],
    ['DELETE /api/v1/csv/{jobId}'],
    ['x'.repeat(10_000)],
  ])('refuses %s with a tool error', async (operation) => {
    const answer = await callTool(server.client, 'get_api_operation', {operation});
    expect(answer.isError).toBe(true);
    expect(answer.text.length).toBeLessThan(1000);
  });
});

describe('after all of that', () => {
  it('the server still answers and logged no unexpected error', async () => {
    await expect(server.client.ping()).resolves.toBeDefined();
    expect(server.stderr()).not.toMatch(/unexpected error|unhandled/);
  });
});

describe('a build folder that is not what it seems', () => {
  let odd: ServerUnderTest;
  beforeAll(async () => {
    // A folder with a damaged search index and a Markdown file that is a link to a file outside it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-odd-build-'));
    writeFileSync(path.join(dir, 'search-index.json'), '<!doctype html><p>not an index</p>');
    writeFileSync(path.join(dir, 'llms.txt'), '# Docs\n');
    symlinkSync(OUTSIDE_FILE, path.join(dir, 'leak.md'));
    odd = await startServer(['--source', dir]);
  });
  afterAll(() => odd?.close());

  it('a symbolic link out of the build is refused', async () => {
    const answer = await callTool(odd.client, 'get_page', {page: '/leak'});
    expect(answer).toEqual({isError: true, text: '"/leak.md" is outside the docs.'});
  });

  it('a damaged search index or a missing API spec is a tool error that names the file', async () => {
    const search = await callTool(odd.client, 'search_docs', {query: 'metrics'});
    expect(search).toEqual({isError: true, text: expect.stringContaining('/search-index.json')});
    expect(search.text).toMatch(/not valid JSON/);
    const api = await callTool(odd.client, 'list_api_operations', {tag: 'all'});
    expect(api).toEqual({isError: true, text: expect.stringContaining('/api/v1/openapi.json')});
  });
});
