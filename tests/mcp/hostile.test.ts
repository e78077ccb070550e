/**
 * Issue 45: one hostile request must never stall the site. `npm run serve` (scripts/serve.mjs) serves the
 * pages and /mcp from one process; each test sends what the probe found stalling or unfair and checks
 * that `GET /` keeps answering within 200 ms while it runs, and that the hostile call ends with a clear
 * error within its budget. Two servers: one with the shipped limits (the inputs are refused before any
 * work), one with the input limits lifted and a 3 s budget (the work starts, and the budget ends it).
 * Other clients are other loopback addresses (127.0.0.2, …), which Linux routes to the same server.
 * The web servers' own HTTP checks are in tests/unit/serve.test.ts and tests/e2e/nginx.spec.ts.
 */
import http from 'node:http';
import net from 'node:net';
import {mkdtempSync, mkdirSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR, freePort, requireBuild, startHttpProcess} from './client';
import {
  FEEDBACK_PER_CLIENT_PER_MINUTE,
  MAX_BATCH_MESSAGES,
  MAX_CALLS_PER_CLIENT,
  MAX_REQUESTS_PER_CLIENT,
  TOOL_DEADLINE_MS,
} from '../../mcp/lib/limits.mjs';
import {MAX_ALIAS_COUNT} from '../../src/lib/yamlCheck/checkYaml';
import {boundForLoad} from '../support/load';

const SERVE = 'scripts/serve.mjs';
/** The budget of the second server, short so the suite stays short. */
const SHORT_BUDGET_MS = 3_000;
/**
 * What the issue asks of the site while a hostile call runs: 200 ms. On a machine whose load is above its
 * cores (the shared test machine, other suites running), the serving thread waits for the CPU itself:
 * measured there at load 7.7 on 2 cores, the slowest page took 409 ms while the serving thread was busy
 * 2.5 % of the time (event-loop utilisation), so the bound there is 1 s. Blocked, as before issue 45,
 * the site answered nothing for 38 s.
 */
const PAGE_WITHIN_MS = boundForLoad(200, 1_000);

/** The inputs. */
const ALIAS_BOMB = `base: &a {x: 1}\nmany: [${Array(16_000).fill('*a').join(', ')}]\n`;
const LONG_WORD = Array.from({length: 500}, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7 + ((i * i) % 13)) % 26]).join(
  '',
);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json?: {
    result?: {isError?: boolean; content?: {text: string}[]; capabilities?: {tools?: {listChanged?: boolean}}};
    error?: {code: number; message: string};
  } & {length?: number};
  ms: number;
}

/** A POST to /mcp from a chosen loopback address (each address is another client to the server). */
function post(url: string, body: string, {from = '127.0.0.1', headers = {}} = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({status: res.statusCode ?? 0, headers: res.headers, text, json, ms: Date.now() - started});
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const call = (name: string, args: unknown, id = 1) =>
  ({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}}) as const;
const toolText = (answer: Answer) => answer.json?.result?.content?.[0]?.text ?? '';

/**
 * Runs `work` while asking for `GET /` every 50 ms from another client; resolves to what work gave and
 * the slowest page answer. The pages are the site's home, read from disk and sent by the serving thread.
 */
async function whilePagesAnswer<T>(site: string, work: () => Promise<T>): Promise<{result: T; slowest: number}> {
  let running = true;
  let slowest = 0;
  let pages = 0;
  const sampler = (async () => {
    while (running) {
      const started = Date.now();
      const response = await fetch(`${site}/`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, Date.now() - started);
      pages++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const result = await work();
    return {result, slowest};
  } finally {
    running = false;
    await sampler;
    expect(pages).toBeGreaterThan(0);
  }
}

async function startServe(env: NodeJS.ProcessEnv = {}, args: string[] = [], {warm = false} = {}) {
  const port = await freePort();
  const served = await startHttpProcess(SERVE, ['--dir', BUILD_DIR, '--port', String(port), '--quiet', ...args], env);
  const site = `http://127.0.0.1:${port}`;
  // The first /mcp request loads the SDK; with `warm`, the first calls also start the tool workers (they
  // load the search index once), so the budgets measured after are the calls' own.
  const first = warm
    ? [1, 2].map((id) => call('get_page', {page: '/'}, id))
    : [{jsonrpc: '2.0', id: 1, method: 'ping'}];
  const answers = await Promise.all(first.map((message) => post(`${site}/mcp`, JSON.stringify(message))));
  for (const answer of answers) expect(answer.status).toBe(200);
  return {served, site, mcp: `${site}/mcp`};
}

beforeAll(() => requireBuild());

describe('with the shipped limits, hostile input is refused before any work', () => {
  let server: Awaited<ReturnType<typeof startServe>>;
  let feedbackDir: string;
  beforeAll(async () => {
    feedbackDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-hostile-'));
    // Warm: the tool workers start (and load the search index) before the hostile calls, so each call's time
    // is its own. Cold, under CI's load (the crawl beside the unit step), the first call's worker start alone
    // once took 11.6 s of the 10 s budget.
    server = await startServe({}, ['--feedback-file', path.join(feedbackDir, 'feedback.jsonl')], {warm: true});
  }, 60_000);
  afterAll(() => server?.served.close());

  it('the issue’s 16,000-alias file, a 500-letter word and a batch of 10 such words', async () => {
    const {result, slowest} = await whilePagesAnswer(server.site, () =>
      Promise.all([
        post(server.mcp, JSON.stringify(call('validate_yaml', {yaml: ALIAS_BOMB}))),
        post(server.mcp, JSON.stringify(call('search_docs', {query: LONG_WORD})), {from: '127.0.0.2'}),
        post(
          server.mcp,
          JSON.stringify(Array.from({length: 10}, (_, i) => call('search_docs', {query: LONG_WORD}, i + 1))),
          {from: '127.0.0.3'},
        ),
      ]),
    );
    const [aliases, word, batch] = result;
    // The checker refuses it before any parsing (src/lib/yamlCheck, MAX_ALIAS_COUNT).
    expect(toolText(aliases)).toContain(`more than ${MAX_ALIAS_COUNT.toLocaleString('en-US')} aliases`);
    expect(toolText(word)).toMatch(/longer than 64 characters/);
    const answers = batch.json as unknown as {result: {isError: boolean; content: {text: string}[]}}[];
    expect(answers).toHaveLength(10);
    for (const one of answers) {
      expect(one.result.isError).toBe(true);
      // Each call is checked on its own: refused for its word, or for too many calls at once.
      expect(one.result.content[0].text).toMatch(/longer than 64 characters|Too many calls at once/);
    }
    for (const answer of result) expect(answer.ms).toBeLessThan(TOOL_DEADLINE_MS);
    expect(slowest).toBeLessThan(PAGE_WITHIN_MS);
  });

  it(`a batch over ${MAX_BATCH_MESSAGES} messages is refused whole with -32600`, async () => {
    const batch = Array.from({length: MAX_BATCH_MESSAGES + 1}, (_, i) => ({jsonrpc: '2.0', id: i, method: 'ping'}));
    const answer = await post(server.mcp, JSON.stringify(batch));
    expect([answer.status, answer.json?.error?.code]).toEqual([400, -32600]);
  });

  it('"arguments": null gets -32602 invalid params with a short reason, not -32603', async () => {
    const answer = await post(server.mcp, JSON.stringify(call('search_docs', null)));
    expect(answer.json?.error?.code).toBe(-32602);
    expect(answer.json?.error?.message).toMatch(/^Invalid params for tools\/call: arguments: .*expected record/);
    expect(answer.json?.error?.message.length).toBeLessThan(300);
  });

  it('the stateless endpoint does not advertise tools.listChanged', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 't', version: '0'}},
    };
    const answer = await post(server.mcp, JSON.stringify(init));
    expect(answer.json?.result?.capabilities?.tools).toBeDefined();
    expect(answer.json?.result?.capabilities?.tools?.listChanged).not.toBe(true);
  });

  it('slow bodies (a byte every 3 s) are cut off, and hold no slot another client needs', async () => {
    const {port} = new URL(server.mcp);
    const started = Date.now();
    const replies = Array.from({length: 16}, () => {
      const socket = net.connect({port: Number(port), host: '127.0.0.1', localAddress: '127.0.0.4'});
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          'Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{',
      );
      const drip = setInterval(() => socket.write(' '), 3_000);
      return new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => {
          clearInterval(drip);
          resolve(text);
        });
        socket.on('error', () => undefined);
      });
    });
    // Meanwhile another client is served, not told the server is busy.
    await new Promise((r) => setTimeout(r, 300));
    const other = await post(server.mcp, JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'}), {
      from: '127.0.0.5',
    });
    expect(other.status).toBe(200);
    const statuses = (await Promise.all(replies)).map((text) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]));
    // The first few take the client's slots and are cut off for their rate; the rest are refused at once.
    expect(statuses.filter((s) => s === 408).length).toBe(MAX_REQUESTS_PER_CLIENT);
    expect(statuses.filter((s) => s === 503).length).toBe(16 - MAX_REQUESTS_PER_CLIENT);
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 20_000);

  it('submit_feedback stores C1 controls and bidi overrides escaped, never raw', async () => {
    const problem = 'Wrong\u0085 flag \u202Egnp.exe\u202C and \u2066isolate\u2069 and \u009b31m colour.';
    const answer = await post(
      server.mcp,
      JSON.stringify(call('submit_feedback', {page: '/guides/pinning', problem, suggestedFix: 'x\u200Fy'})),
      {from: '127.0.0.6'},
    );
    expect(answer.json?.result?.isError, answer.text).not.toBe(true);
    const stored = readFileSync(path.join(feedbackDir, 'feedback.jsonl'), 'utf8');
    expect(stored).not.toMatch(/[\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(stored).toContain('\\u202e');
    const record = JSON.parse(stored.trim().split('\n').at(-1) ?? '{}');
    expect([record.problem, record.suggestedFix]).toEqual([problem, 'x\u200Fy']);
  });

  it(`submit_feedback takes ${FEEDBACK_PER_CLIENT_PER_MINUTE} reports a minute from one client, and still takes others’`, async () => {
    const report = (from: string) =>
      post(
        server.mcp,
        JSON.stringify(call('submit_feedback', {page: '/guides/pinning', problem: 'A report on this page.'})),
        {
          from,
        },
      );
    const results: boolean[] = [];
    for (let i = 0; i <= FEEDBACK_PER_CLIENT_PER_MINUTE; i++)
      results.push((await report('127.0.0.7')).json?.result?.isError === true);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.at(-1)).toBe(true);
    const another = await report('127.0.0.8');
    expect(another.json?.result?.isError).not.toBe(true);
  });

  it('CORS: only an allowed origin gets the preflight and the answer headers', async () => {
    const preflight = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(server.mcp, {
        method: 'OPTIONS',
        headers: {
          origin: server.site,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-protocol-version',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res);
      });
      req.on('error', reject);
      req.end();
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(server.site);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('mcp-protocol-version');
    expect(preflight.headers.vary).toMatch(/Origin/);
    const evil = await post(server.mcp, JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'}), {
      headers: {origin: 'http://evil.example'},
    });
    expect(evil.status).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a bad FEEDBACK_FILE', () => {
  it('is reported to the client without the server’s path', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-badfile-'));
    const file = path.join(dir, 'is-a-folder');
    mkdirSync(file);
    const served = await startServe({FEEDBACK_FILE: file});
    try {
      const answer = await post(
        served.mcp,
        JSON.stringify(call('submit_feedback', {page: '/guides/pinning', problem: 'A report on this page.'})),
      );
      expect(answer.json?.result?.isError).toBe(true);
      expect(toolText(answer)).toMatch(/could not be recorded/);
      expect(answer.text).not.toContain(dir);
      expect(served.served.stderr()).toContain(file);
    } finally {
      await served.served.close();
    }
  }, 60_000);
});

describe('with the input limits lifted, the budget ends the work', () => {
  let server: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    server = await startServe(
      {
        LIGHTDASH_DOCS_MCP_LIMITS: JSON.stringify({
          TOOL_DEADLINE_MS: SHORT_BUDGET_MS,
          MAX_QUERY_WORD_CHARS: 1_000,
        }),
      },
      [],
      {warm: true},
    );
  }, 60_000);
  afterAll(() => server?.served.close());

  it.each([
    ['validate_yaml', 'the issue’s 16,000-alias file', {yaml: ALIAS_BOMB}],
    ['search_docs', 'a 500-letter unknown word', {query: LONG_WORD}],
  ])(
    '%s with %s ends with a clear error within its budget',
    async (tool, _, args) => {
      const {result, slowest} = await whilePagesAnswer(server.site, () =>
        post(server.mcp, JSON.stringify(call(tool, args))),
      );
      // Both inputs once ran for seconds or minutes; the YAML checker and the search engine have since been
      // made fast enough to answer some of them (issues 45 and 46). A call either answers within the budget
      // or is stopped at it with this message, which is all that is asked here; tests/mcp/tool-pool.test.ts
      // proves the stop itself with a call that never ends.
      if (toolText(result).includes('was stopped')) {
        expect(toolText(result)).toBe(
          `${tool} was stopped: it ran past its budget of ${SHORT_BUDGET_MS / 1000} s. ` +
            'Ask for less (a shorter query, a smaller file) and try again.',
        );
      }
      expect(result.ms).toBeLessThan(SHORT_BUDGET_MS + 1_500);
      expect(slowest).toBeLessThan(PAGE_WITHIN_MS);
    },
    30_000,
  );

  it('a batch of 10 such words: each call counted, at most a client’s share run', async () => {
    const batch = Array.from({length: 10}, (_, i) =>
      call('search_docs', {query: `${LONG_WORD.slice(i + 1)}${i}`}, i + 1),
    );
    const {result, slowest} = await whilePagesAnswer(server.site, () => post(server.mcp, JSON.stringify(batch)));
    const texts = (result.json as unknown as {result: {content: {text: string}[]}}[]).map(
      (a) => a.result.content[0].text,
    );
    expect(
      texts.filter((t) => /Too many calls at once/.test(t)),
      texts.join('\n'),
    ).toHaveLength(10 - MAX_CALLS_PER_CLIENT);
    // The others ran: each stopped at its budget or answered within it (see the test above).
    expect(texts.filter((t) => !/Too many calls at once/.test(t))).toHaveLength(MAX_CALLS_PER_CLIENT);
    expect(slowest).toBeLessThan(PAGE_WITHIN_MS);
    // Another client still gets its page read while the workers are replaced.
    const after = await post(server.mcp, JSON.stringify(call('get_page', {page: '/guides/pinning'})), {
      from: '127.0.0.9',
    });
    expect(after.json?.result?.isError).not.toBe(true);
  }, 40_000);
});
