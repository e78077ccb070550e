/**
 * The docs MCP server reading a site over HTTP: the production build served on 127.0.0.1 the way a
 * static host serves it (scripts/serve.mjs), a server that answers garbage, and a port where nothing
 * listens. Every failure is a tool error that says what went wrong; the server keeps running.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer} from '../../scripts/serve.mjs';
import {BUILD_DIR, callJson, callTool, requireBuild, SLOW, startServer, type SearchAnswer} from './client';
import type {ServerUnderTest} from './client';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/** A port on 127.0.0.1 that nothing listens on (opened, then closed again). */
async function closedPort(): Promise<string> {
  const probe = http.createServer();
  const url = await listen(probe);
  await new Promise((r) => probe.close(r));
  return url;
}

describe('a site served over HTTP', () => {
  let site: http.Server;
  let siteUrl: string;
  let mcp: ServerUnderTest;

  beforeAll(async () => {
    requireBuild();
    site = createServer(BUILD_DIR, {quiet: true});
    siteUrl = await listen(site);
    mcp = await startServer(['--source', siteUrl]);
  });
  afterAll(async () => {
    await mcp?.close();
    site?.close();
  });

  it(
    'searches it, with hits linking to that site',
    async () => {
      const answer = await callJson<SearchAnswer>(mcp.client, 'search_docs', {query: 'join tables'});
      expect(answer.hits[0]).toMatchObject({
        title: 'How to join tables',
        url: `${siteUrl}/guides/how-to-join-tables`,
        markdownUrl: `${siteUrl}/guides/how-to-join-tables.md`,
      });
    },
    SLOW,
  );

  it('reads a page by path, by that site’s URL and by the published URL', async () => {
    // Linked to the site it was read from, with the version that answered.
    const expected = `Docs version: ${RELEASED_VERSION} (released) · ${siteUrl}/guides/pinning\n\n${readFileSync(
      path.join(BUILD_DIR, 'guides/pinning.md'),
      'utf8',
    )}`;
    for (const page of [
      '/guides/pinning',
      `${siteUrl}/guides/pinning.md`,
      'https://docs.lightdash.com/guides/pinning',
    ]) {
      expect(await callTool(mcp.client, 'get_page', {page})).toEqual({isError: false, text: expected});
    }
  });

  it('describes an API operation from the site’s openapi.json', async () => {
    const op = await callJson<{path: string; docsUrl: string}>(mcp.client, 'get_api_operation', {
      operation: 'getCsvUrl',
    });
    expect(op).toMatchObject({path: '/api/v1/csv/{jobId}', docsUrl: `${siteUrl}/api/v1/exports/get-csv-url`});
  });

  it.each(['/../../package.json', '/%2e%2e/%2e%2e/package.json', 'http://127.0.0.2:1/guides/pinning', '/no/such/page'])(
    'refuses %s with a tool error',
    async (page) => {
      const answer = await callTool(mcp.client, 'get_page', {page});
      expect(answer.isError).toBe(true);
      expect(answer.text).not.toContain('"name": "lightdash-docs"');
    },
  );
});

describe('a site that answers garbage', () => {
  let site: http.Server;
  let mcp: ServerUnderTest;

  beforeAll(async () => {
    // Status 200 and nonsense for every path, as a broken proxy or a misconfigured host may answer.
    site = http.createServer((_, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end('{"this is": not json');
    });
    mcp = await startServer(['--source', await listen(site)]);
  });
  afterAll(async () => {
    await mcp?.close();
    site?.close();
  });

  it('search and the API tools say which file is not valid JSON', async () => {
    const search = await callTool(mcp.client, 'search_docs', {query: 'metrics'});
    expect(search).toEqual({isError: true, text: expect.stringMatching(/\/search-index\.json .*is not valid JSON/)});
    for (const [tool, args] of [
      ['list_api_operations', {tag: 'all'}],
      ['get_api_operation', {operation: 'getCsvUrl'}],
    ] as const) {
      const answer = await callTool(mcp.client, tool, args);
      expect(answer).toEqual({
        isError: true,
        text: expect.stringMatching(/\/api\/v1\/openapi\.json .*is not valid JSON/),
      });
    }
  });

  it('a host that answers every path with an HTML page has no such Markdown page', async () => {
    const htmlSite = http.createServer((_, res) => {
      res.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
      res.end('<!doctype html><title>Home</title>');
    });
    const other = await startServer(['--source', await listen(htmlSite)]);
    try {
      const answer = await callTool(other.client, 'get_page', {page: '/guides/pinning'});
      expect(answer).toEqual({isError: true, text: expect.stringContaining('answered with an HTML page')});
    } finally {
      await other.close();
      htmlSite.close();
    }
  });
});

describe('a site that cannot be reached', () => {
  let mcp: ServerUnderTest;
  let url: string;

  beforeAll(async () => {
    url = await closedPort();
    mcp = await startServer(['--source', url]);
  });
  afterAll(() => mcp?.close());

  it.each([
    ['search_docs', {query: 'metrics'}],
    ['get_page', {page: '/guides/pinning'}],
    ['list_api_operations', {tag: 'Charts'}],
    ['get_api_operation', {operation: 'getCsvUrl'}],
  ])('%s says the site could not be reached', async (tool, args) => {
    const answer = await callTool(mcp.client, tool, args);
    expect(answer).toEqual({isError: true, text: expect.stringContaining(`Could not reach ${url}/`)});
    expect(answer.text).toMatch(/ECONNREFUSED/);
  });

  it('keeps running and tries again on the next call', async () => {
    await expect(mcp.client.ping()).resolves.toBeDefined();
    const again = await callTool(mcp.client, 'search_docs', {query: 'metrics'});
    expect(again.text).toContain('Could not reach');
  });
});
