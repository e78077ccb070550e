/**
 * Three faults a hostile-input probe found in the stdio server (issue 36), each fixed and kept fixed:
 * - with a URL source, a redirect to another host was followed before it was refused: now no request
 *   reaches that host (two loopback ports stand for the two hosts);
 * - an input line over 10 MiB ended the session silently with exit 0: now it gets a JSON-RPC error, the
 *   log says so, and the session goes on;
 * - a line that is not JSON got no answer: now it gets -32700 (and JSON that is not JSON-RPC, -32600).
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer} from '../../scripts/serve.mjs';
import {BUILD_DIR, callTool, requireBuild, ROOT, SLOW, startServer, type ServerUnderTest} from './client';

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

describe('a URL source that redirects', () => {
  let docs: http.Server;
  let other: http.Server;
  let site: http.Server;
  let otherRequests: string[];
  let mcp: ServerUnderTest;
  let otherUrl: string;

  beforeAll(async () => {
    requireBuild();
    otherRequests = [];
    // The other host: it must never be asked for anything.
    other = http.createServer((req, res) => {
      otherRequests.push(req.url ?? '');
      res.writeHead(200, {'content-type': 'text/markdown'});
      res.end('# Not the docs');
    });
    otherUrl = await listen(other);
    // The real docs, and in front of them a site that moves one page within itself and others away.
    docs = createServer(BUILD_DIR, {quiet: true});
    const docsUrl = await listen(docs);
    site = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/guides/old-pinning.md') {
        res.writeHead(301, {location: '/guides/pinning.md'});
        res.end();
      } else if (url === '/guides/how-to-join-tables.md' || url.endsWith('search-index.json')) {
        res.writeHead(302, {location: `${otherUrl}${url}`});
        res.end();
      } else {
        http.get(`${docsUrl}${url}`, (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        });
      }
    });
    mcp = await startServer(['--source', await listen(site)]);
  }, SLOW);
  afterAll(async () => {
    await mcp?.close();
    for (const server of [docs, other, site]) server?.close();
  });

  it('refuses a redirect to another host without any request reaching it', async () => {
    const page = await callTool(mcp.client, 'get_page', {page: '/guides/how-to-join-tables'});
    expect(page).toEqual({
      isError: true,
      text: expect.stringContaining(`redirected to ${otherUrl}/guides/how-to-join-tables.md`),
    });
    const search = await callTool(mcp.client, 'search_docs', {query: 'metrics'});
    expect(search).toEqual({
      isError: true,
      text: expect.stringContaining(`redirected to ${otherUrl}/search-index.json`),
    });
    expect(otherRequests).toEqual([]);
  });

  it('follows a redirect within the docs site', async () => {
    const page = await callTool(mcp.client, 'get_page', {page: '/guides/old-pinning'});
    expect(page).toEqual({isError: false, text: expect.stringContaining('# Pin')});
    // The API spec is not redirected: reading it still works.
    const api = await callTool(mcp.client, 'list_api_operations', {tag: 'Charts'});
    expect(api.isError).toBe(false);
    expect(otherRequests).toEqual([]);
  });
});

/** The stdio server as a raw process: what it answers, line by line, to what a client writes. */
class RawStdio {
  readonly child: ChildProcessWithoutNullStreams;
  private out = '';
  stderr = '';
  exitCode: number | null = null;

  constructor() {
    this.child = spawn(process.execPath, [path.join(ROOT, 'mcp/bin/lightdash-docs-mcp.mjs'), '--source', BUILD_DIR]);
    this.child.stdout.on('data', (chunk: Buffer) => (this.out += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code) => (this.exitCode = code));
  }

  /** Writes data and resolves once stdin has taken it (a 12 MiB line takes a while). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.child.stdin.write(data, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** The next JSON message on stdout, waiting up to `ms`. */
  async next(ms = 30_000): Promise<{id?: unknown; result?: unknown; error?: {code: number; message: string}}> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const end = this.out.indexOf('\n');
      if (end >= 0) {
        const line = this.out.slice(0, end);
        this.out = this.out.slice(end + 1);
        return JSON.parse(line);
      }
      if (this.exitCode !== null) throw new Error(`the server exited with ${this.exitCode}: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no answer within ${ms} ms; stderr: ${this.stderr}`);
  }

  close() {
    this.child.kill();
  }
}

describe('stdio: lines that are not messages', () => {
  let raw: RawStdio;
  beforeAll(async () => {
    requireBuild();
    raw = new RawStdio();
    await raw.write(
      `${JSON.stringify({jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 't', version: '0'}}})}\n`,
    );
    expect((await raw.next(SLOW)).id).toBe(0);
    await raw.write(`${JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'})}\n`);
  }, SLOW);
  afterAll(() => raw?.close());

  it('answers malformed JSON with -32700 and goes on', async () => {
    await raw.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    expect(await raw.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {code: -32700, message: expect.stringMatching(/Parse error/)},
    });
    await raw.write(`${JSON.stringify({jsonrpc: '2.0', id: 2, method: 'ping'})}\n`);
    expect(await raw.next()).toEqual({jsonrpc: '2.0', id: 2, result: {}});
  });

  it('answers JSON that is not a JSON-RPC message with -32600, with its id when it has one', async () => {
    await raw.write(`${JSON.stringify({jsonrpc: '2.0', id: 3, method: 42})}\n`);
    expect(await raw.next()).toEqual({jsonrpc: '2.0', id: 3, error: {code: -32600, message: expect.any(String)}});
    await raw.write('[1, 2, 3]\n');
    expect(await raw.next()).toMatchObject({id: null, error: {code: -32600}});
  });

  it(
    'answers a 12 MiB line with a clear error, logs it, and keeps the session',
    async () => {
      await raw.write(Buffer.alloc(12 * 1024 * 1024, 0x61));
      await raw.write('\n');
      expect(await raw.next()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {code: -32600, message: expect.stringMatching(/must not exceed \d+ bytes/)},
      });
      expect(raw.stderr).toMatch(/refused a \d+-byte input line/);
      await raw.write(`${JSON.stringify({jsonrpc: '2.0', id: 4, method: 'ping'})}\n`);
      expect(await raw.next()).toEqual({jsonrpc: '2.0', id: 4, result: {}});
      expect(raw.exitCode).toBeNull();
    },
    SLOW,
  );
});
