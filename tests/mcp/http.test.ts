/**
 * The docs MCP server over Streamable HTTP at /mcp, on the production build: alone
 * (`lightdash-docs-mcp --http`) and beside the pages (`scripts/serve.mjs`). Every tool is called through
 * the SDK's own client over HTTP; then input meant to break it: other origins and hosts, oversize and
 * malformed bodies, wrong methods, a burst of 2000 requests, path traversal, other sites' URLs and
 * 100k-character arguments. Each must get a clear error, and the server must keep answering.
 */
import http from 'node:http';
import net from 'node:net';
import type {AddressInfo} from 'node:net';
import {mkdtempSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {
  BUILD_DIR,
  callJson,
  callTool,
  connectHttp,
  freePort,
  requireBuild,
  ROOT,
  SLOW,
  startHttpProcess,
  startServer,
  type HttpProcess,
  type SearchAnswer,
} from './client';
import {checkDbtYaml} from '../../src/lib/yamlCheck/checkYaml';
import {THREE_MISTAKES_DBT_YAML} from '../yaml-samples.mjs';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';
import {SERVER_TIMEOUTS, TIMEOUT_CHECK_MS} from '../../scripts/hosting/rules.mjs';

const BIN = 'mcp/bin/lightdash-docs-mcp.mjs';
const SERVE = 'scripts/serve.mjs';
const MCP_HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
const OUTSIDE_TEXT = '"name": "lightdash-docs"';
const JOINS = readFileSync(path.join(BUILD_DIR, 'guides/how-to-join-tables.md'), 'utf8');

/** A raw POST to /mcp, for what the SDK's client would never send. */
async function post(url: string, body: string | Blob, headers: Record<string, string> = {}) {
  const response = await fetch(url, {method: 'POST', headers: {...MCP_HEADERS, ...headers}, body});
  const text = await response.text();
  let json: {error?: {code: number; message: string}; result?: unknown} | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {status: response.status, headers: response.headers, text, json};
}

const rpc = (method: string, params: object = {}, id = 1) => JSON.stringify({jsonrpc: '2.0', id, method, params});

let alone: HttpProcess;
let feedbackFile: string;

beforeAll(async () => {
  requireBuild();
  feedbackFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-feedback-')), 'feedback.jsonl');
  alone = await startHttpProcess(BIN, ['--source', BUILD_DIR, '--http', '0', '--feedback-file', feedbackFile]);
}, SLOW);
afterAll(() => alone?.close());

describe('lightdash-docs-mcp --http: every tool through the SDK client', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(alone.mcpUrl);
  }, SLOW);
  afterAll(() => client?.close());

  it('listens on loopback and lists the same tools as the stdio server', async () => {
    expect(alone.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const stdio = await startServer(['--source', BUILD_DIR]);
    try {
      const [overHttp, overStdio] = await Promise.all([client.listTools(), stdio.client.listTools()]);
      expect(overHttp.tools).toEqual(overStdio.tools);
      expect(overHttp.tools.map((t) => t.name)).toEqual(
        expect.arrayContaining([
          'search_docs',
          'get_page',
          'list_api_operations',
          'get_api_operation',
          'submit_feedback',
          'validate_yaml',
          'build_self_host_config',
          'check_permission',
        ]),
      );
    } finally {
      await stdio.close();
    }
  });

  it(
    'search_docs answers from the released version by default, and from Next when asked',
    async () => {
      const released = await callJson<SearchAnswer>(client, 'search_docs', {query: 'join tables'});
      // The released version is the site's (versions.json), named by number.
      expect([released.version, released.hits[0].url]).toEqual([
        RELEASED_VERSION,
        'https://docs.lightdash.com/guides/how-to-join-tables',
      ]);
      const next = await callJson<SearchAnswer>(client, 'search_docs', {query: 'join tables', version: 'next'});
      expect([next.version, next.hits[0].url]).toEqual([
        'next',
        'https://docs.lightdash.com/next/guides/how-to-join-tables',
      ]);
    },
    SLOW,
  );

  it('get_page gives the Markdown, headed by the version that answered', async () => {
    const answer = await callTool(client, 'get_page', {page: '/guides/how-to-join-tables', version: RELEASED_VERSION});
    expect(answer).toEqual({
      isError: false,
      text: `Docs version: ${RELEASED_VERSION} (released) · https://docs.lightdash.com/guides/how-to-join-tables\n\n${JOINS}`,
    });
  });

  it('list_api_operations and get_api_operation describe the API', async () => {
    const list = await callJson<{operations: {operationId: string}[]}>(client, 'list_api_operations', {tag: 'Charts'});
    expect(list.operations.length).toBeGreaterThan(3);
    const op = await callJson<{path: string}>(client, 'get_api_operation', {operation: 'getCsvUrl'});
    expect(op.path).toBe('/api/v1/csv/{jobId}');
  });

  it('validate_yaml gives over HTTP the very findings of the checker, with their kind and an absolute link', async () => {
    const answer = await callJson<{
      valid: boolean;
      version: string;
      problems: ({docs: string} & Record<string, unknown>)[];
    }>(client, 'validate_yaml', {yaml: THREE_MISTAKES_DBT_YAML});
    expect(answer).toMatchObject({valid: false, version: RELEASED_VERSION});
    const expected = checkDbtYaml(THREE_MISTAKES_DBT_YAML).problems;
    expect(
      answer.problems.map(({docs, ...rest}) => ({...rest, docs: docs.replace('https://docs.lightdash.com/', '')})),
    ).toEqual(
      expected.map(({severity, line, column, path, kind, message, docs}) => ({
        severity,
        line,
        column,
        path,
        kind,
        message,
        docs,
      })),
    );
    expect(answer.problems.map((p) => p.severity)).toEqual(['warning', 'error', 'error']);
  });

  it('submit_feedback appends one JSON line to the operator’s file and does not echo the report', async () => {
    const problem = 'The join example uses <script>alert(1)</script> where it means sql_on.';
    const answer = await callTool(client, 'submit_feedback', {
      page: 'https://docs.lightdash.com/guides/how-to-join-tables#always',
      problem,
      suggestedFix: 'Use sql_on: ${a.id} = ${b.id}',
    });
    expect(answer).toEqual({isError: false, text: expect.stringContaining('/guides/how-to-join-tables')});
    expect(answer.text).not.toContain('<script>');
    const lines = readFileSync(feedbackFile, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      page: '/guides/how-to-join-tables',
      version: RELEASED_VERSION,
      problem,
      suggestedFix: 'Use sql_on: ${a.id} = ${b.id}',
    });
  });

  it.each([
    [
      'a page of another site',
      {page: 'https://evil.example/guides/pinning', problem: 'This page is wrong.'},
      /not a page/,
    ],
    ['a page that does not exist', {page: '/guides/no-such-guide', problem: 'This page is wrong.'}, /no docs page/],
    ['a path out of the docs', {page: '/../../package.json', problem: 'This page is wrong.'}, /not a docs path/],
    ['a too short report', {page: '/guides/pinning', problem: 'bad'}, /problem/],
    ['a 100k-character report', {page: '/guides/pinning', problem: 'x'.repeat(100_000)}, /problem/],
    [
      'a 100k-character fix',
      {page: '/guides/pinning', problem: 'Wrong flag.', suggestedFix: 'y'.repeat(100_000)},
      /suggestedFix/,
    ],
    ['control characters', {page: '/guides/pinning', problem: 'Wrong \u0007\u001b[31m flag.'}, /control characters/],
  ])('submit_feedback refuses %s and stores nothing', async (_, args, message) => {
    const before = readFileSync(feedbackFile, 'utf8');
    const answer = await callTool(client, 'submit_feedback', args);
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(message);
    expect(answer.text.length).toBeLessThan(1000);
    expect(readFileSync(feedbackFile, 'utf8')).toBe(before);
  });

  it.each([
    '../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/%252e%252e/%252e%252e/package.json',
    '/..\\..\\package.json',
    `file://${path.join(ROOT, 'package.json')}`,
    'https://evil.example/guides/pinning',
    'http://127.0.0.2:1/guides/pinning',
    '//evil.example/guides/pinning',
  ])('get_page refuses %s and reads nothing outside the build', async (page) => {
    const answer = await callTool(client, 'get_page', {page});
    expect(answer.isError).toBe(true);
    expect(answer.text).not.toContain(OUTSIDE_TEXT);
    expect(answer.text).not.toMatch(/root:x:0:0/);
  });

  it.each([
    ['search_docs', {query: 'q'.repeat(100_000)}],
    ['get_page', {page: `/guides/${'p'.repeat(100_000)}`}],
    ['list_api_operations', {tag: 't'.repeat(100_000)}],
    ['get_api_operation', {operation: 'o'.repeat(100_000)}],
    ['search_docs', {query: 'metrics', version: 'v'.repeat(100_000)}],
  ])('%s refuses a 100k-character argument with a short tool error', async (tool, args) => {
    const answer = await callTool(client, tool, args);
    expect(answer.isError).toBe(true);
    expect(answer.text.length).toBeLessThan(2000);
  });
});

describe('lightdash-docs-mcp --http: hostile requests', () => {
  it('refuses a page of another origin (DNS rebinding), and accepts its own and the site’s', async () => {
    const evil = await post(alone.mcpUrl, rpc('tools/list'), {origin: 'http://evil.example'});
    expect(evil.status).toBe(403);
    expect(evil.json?.error?.message).toMatch(/evil\.example may not call/);
    const nullOrigin = await post(alone.mcpUrl, rpc('tools/list'), {origin: 'null'});
    expect(nullOrigin.status).toBe(403);
    const own = await post(alone.mcpUrl, rpc('tools/list'), {origin: new URL(alone.mcpUrl).origin});
    expect(own.status).toBe(200);
    const site = await post(alone.mcpUrl, rpc('tools/list'), {origin: 'https://docs.lightdash.com'});
    expect(site.status).toBe(200);
  });

  it('refuses a Host that is not this server’s on a loopback bind', async () => {
    const port = new URL(alone.mcpUrl).port;
    // fetch() will not send another Host: a raw request does, as a browser would after DNS rebinding.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: {...MCP_HEADERS, host: `evil.example:${port}`},
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(rpc('tools/list'));
    });
    expect(status).toBe(403);
  });

  it('answers a request with a second Host header with 400 (RFC 9112)', async () => {
    const {port} = new URL(alone.mcpUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nContent-Length: 0\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers malformed JSON with -32700, and a message that is not JSON-RPC too', async () => {
    const broken = await post(alone.mcpUrl, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect([broken.status, broken.json?.error?.code]).toEqual([400, -32700]);
    const notRpc = await post(alone.mcpUrl, JSON.stringify({hello: 'world'}));
    expect([notRpc.status, notRpc.json?.error?.code]).toEqual([400, -32700]);
  });

  it('refuses an oversize body with 413, declared or streamed', async () => {
    // Declared: the headers alone are refused. Only the start of the body is sent, because the server answers and
    // closes without reading it, and a client still writing megabytes would meet a closed socket (EPIPE) first.
    const {port} = new URL(alone.mcpUrl);
    const declared = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Accept: application/json, text/event-stream\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n{"jsonrpc":`,
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    // Without a Content-Length: the transport stops reading past the limit.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20));
        controller.close();
      },
    });
    // The server answers 413 and closes the connection as soon as the limit is passed, while the client may still be
    // writing the rest: on a busy machine the client's write can then fail (EPIPE, connection reset) before it reads
    // the answer. Either way the body was refused; that the server goes on answering is checked right after.
    const refused = await fetch(alone.mcpUrl, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: stream,
      duplex: 'half',
    } as RequestInit).then(
      async (response) => {
        await response.text();
        return response.status;
      },
      (error: Error & {cause?: {code?: string}}) => error.cause?.code ?? error.message,
    );
    expect([413, 'EPIPE', 'ECONNRESET']).toContain(refused);
    const after = await post(alone.mcpUrl, JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'}));
    expect(after.status).toBe(200);
  });

  it.each(['GET', 'DELETE', 'PUT'])(
    'answers %s with 405 and Allow: POST, OPTIONS (stateless: no stream, no session)',
    async (method) => {
      const response = await fetch(alone.mcpUrl, {method, headers: {accept: 'text/event-stream'}});
      expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
      await response.text();
    },
  );

  it(
    'answers a burst of 2000 requests, each 200 or 503 busy, and keeps answering',
    async () => {
      const counts = new Map<number, number>();
      let next = 0;
      const started = Date.now();
      // 200 in flight at a time, from one client process: far more than the server takes at once.
      await Promise.all(
        Array.from({length: 200}, async () => {
          while (next < 2000) {
            const id = next++;
            const answer = await post(
              alone.mcpUrl,
              rpc('tools/call', {name: 'get_page', arguments: {page: '/guides/pinning'}}, id),
            );
            counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
            if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
          }
        }),
      );
      expect([...counts.keys()].sort()).toEqual([200, 503]);
      expect((counts.get(200) ?? 0) + (counts.get(503) ?? 0)).toBe(2000);
      expect(Date.now() - started).toBeLessThan(SLOW);
      expect(alone.alive()).toBe(true);
      const after = await post(alone.mcpUrl, rpc('ping'));
      expect(after.status).toBe(200);
    },
    SLOW,
  );

  it(
    'drops a client that sends its headers too slowly',
    async () => {
      const {port} = new URL(alone.mcpUrl);
      const started = Date.now();
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One header line a second, never the blank line that ends them.
      const drip = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 1000);
      const reply = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', () => undefined);
      });
      clearInterval(drip);
      const seconds = (Date.now() - started) / 1000;
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      // The hosting rules' limit, checked every TIMEOUT_CHECK_MS; a loaded machine may add a few seconds.
      const limit = SERVER_TIMEOUTS.headersTimeout / 1000;
      expect(seconds).toBeGreaterThanOrEqual(limit - 1);
      expect(seconds).toBeLessThan(limit + TIMEOUT_CHECK_MS / 1000 + 9);
    },
    SLOW,
  );

  it('logged no unexpected error', () => {
    expect(alone.stderr()).not.toMatch(/unexpected error|unhandled/);
  });
});

describe('npm run serve: /mcp beside the pages', () => {
  let served: HttpProcess;
  let client: Client;
  let siteUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    served = await startHttpProcess(SERVE, ['--dir', BUILD_DIR, '--port', String(port), '--quiet']);
    siteUrl = `http://localhost:${port}`;
    client = await connectHttp(served.mcpUrl.replace('localhost', '127.0.0.1'));
  }, SLOW);
  afterAll(async () => {
    await client?.close();
    await served?.close();
  });

  it('prints the /mcp URL on the same port as the site', () => {
    expect(served.stdout()).toContain(`Serving ${path.relative(ROOT, BUILD_DIR)} at ${siteUrl}/`);
    expect(served.mcpUrl).toBe(`${siteUrl}/mcp`);
  });

  it(
    'serves every read tool, with hits and pages linking to this server',
    async () => {
      const hits = await callJson<SearchAnswer>(client, 'search_docs', {query: 'join tables'});
      expect(hits.hits[0].url).toBe(`${siteUrl}/guides/how-to-join-tables`);
      const page = await callTool(client, 'get_page', {page: `${siteUrl}/guides/how-to-join-tables`});
      expect(page.text).toBe(
        `Docs version: ${RELEASED_VERSION} (released) · ${siteUrl}/guides/how-to-join-tables\n\n${JOINS}`,
      );
      const op = await callJson<{docsUrl: string}>(client, 'get_api_operation', {operation: 'getCsvUrl'});
      expect(op.docsUrl).toBe(`${siteUrl}/api/v1/exports/get-csv-url`);
      const feedback = await callTool(client, 'submit_feedback', {
        page: '/guides/pinning',
        problem: 'Pinning needs a role.',
      });
      expect(feedback).toEqual({isError: false, text: expect.stringContaining('server log')});
      expect(served.stderr()).toContain('"problem":"Pinning needs a role."');
    },
    SLOW,
  );

  it('still serves pages, and refuses other methods on them', async () => {
    const page = await fetch(`${siteUrl.replace('localhost', '127.0.0.1')}/guides/pinning`);
    expect(page.status).toBe(200);
    await page.text();
    const postPage = await fetch(`${siteUrl.replace('localhost', '127.0.0.1')}/guides/pinning`, {method: 'POST'});
    expect(postPage.status).toBe(405);
    await postPage.text();
  });

  it('checks Origin and answers malformed JSON with -32700', async () => {
    const url = served.mcpUrl.replace('localhost', '127.0.0.1');
    expect((await post(url, rpc('tools/list'), {origin: 'http://evil.example'})).status).toBe(403);
    expect((await post(url, rpc('tools/list'), {origin: siteUrl})).status).toBe(200);
    const broken = await post(url, '{nope');
    expect([broken.status, broken.json?.error?.code]).toEqual([400, -32700]);
  });
});

describe('FEEDBACK_URL', () => {
  let sink: http.Server;
  let other: http.Server;
  const received: string[] = [];
  let otherRequests = 0;
  let sinkUrl: string;

  const listen = (server: http.Server) =>
    new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    );

  beforeAll(async () => {
    // Two loopback ports stand for two hosts: the feedback service, and one it might redirect to.
    other = http.createServer((req, res) => {
      otherRequests++;
      res.end('ok');
    });
    const otherUrl = await listen(other);
    sink = http.createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(307, {location: `${otherUrl}/collect`});
        res.end();
        return;
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204);
        res.end();
      });
    });
    sinkUrl = await listen(sink);
  });
  afterAll(() => {
    sink?.close();
    other?.close();
  });

  it('POSTs the report as JSON', async () => {
    const proc = await startHttpProcess(BIN, ['--source', BUILD_DIR, '--http', '0'], {
      FEEDBACK_URL: `${sinkUrl}/collect`,
    });
    const client = await connectHttp(proc.mcpUrl);
    try {
      const answer = await callTool(client, 'submit_feedback', {
        page: '/guides/pinning',
        problem: 'Pinning needs a role.',
      });
      expect(answer).toEqual({isError: false, text: expect.stringContaining('sent to the docs team')});
      expect(received.map((r) => JSON.parse(r))).toEqual([expect.objectContaining({page: '/guides/pinning'})]);
    } finally {
      await client.close();
      await proc.close();
    }
  });

  it('does not follow a redirect to another host', async () => {
    const proc = await startHttpProcess(BIN, ['--source', BUILD_DIR, '--http', '0'], {
      FEEDBACK_URL: `${sinkUrl}/redirect`,
    });
    const client = await connectHttp(proc.mcpUrl);
    try {
      const answer = await callTool(client, 'submit_feedback', {
        page: '/guides/pinning',
        problem: 'Pinning needs a role.',
      });
      expect(answer).toEqual({isError: true, text: expect.stringContaining('answered 307')});
      expect(otherRequests).toBe(0);
    } finally {
      await client.close();
      await proc.close();
    }
  });
});
