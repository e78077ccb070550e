import {spawn, type ChildProcess} from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {test, expect} from '@playwright/test';

/**
 * `npm run serve -- --allowed-origin <origin>` (issue 45): a page of that origin calls /mcp from a
 * browser with fetch (a preflighted request: JSON, the MCP headers) and gets the tool list; a page of
 * another origin is refused by the browser for want of the CORS headers. The page is served by a second
 * small server on another port; both ports are E2E_PORT-based, so two checkouts do not collide.
 */

const BASE_PORT = Number(process.env.E2E_PORT || 3100);
const SERVE_PORT = BASE_PORT + 60;
const PAGE_PORT = BASE_PORT + 61;
const ALLOWED = `http://127.0.0.1:${PAGE_PORT}`;
/** The same page server under another name: another origin to the browser. */
const OTHER = `http://localhost:${PAGE_PORT}`;
const MCP_URL = `http://127.0.0.1:${SERVE_PORT}/mcp`;

let serve: ChildProcess;
let pages: http.Server;

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  pages = http.createServer((req, res) => {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'});
    res.end('<!doctype html><title>A page that calls the docs MCP server</title><h1>Caller</h1>');
  });
  await new Promise<void>((resolve) => pages.listen(PAGE_PORT, '127.0.0.1', resolve));
  serve = spawn(
    process.execPath,
    ['scripts/serve.mjs', '--dir', 'build', '--port', String(SERVE_PORT), '--quiet', '--allowed-origin', ALLOWED],
    {cwd: path.join(__dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit']},
  );
  await new Promise<void>((resolve, reject) => {
    serve.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('MCP endpoint') && resolve());
    serve.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
});

test.afterAll(async () => {
  serve?.kill();
  await new Promise((resolve) => pages?.close(resolve));
});

/** What a page's fetch of tools/list gives: the answer, or the browser's error. */
async function listToolsFrom(page: import('@playwright/test').Page, origin: string) {
  await page.goto(`${origin}/`);
  return page.evaluate(async (url) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': '2025-06-18',
        },
        body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
      });
      const json = await response.json();
      return {status: response.status, tools: json.result.tools.map((t: {name: string}) => t.name) as string[]};
    } catch (error) {
      return {error: String(error)};
    }
  }, MCP_URL);
}

test('a page of the --allowed-origin lists the tools with fetch', async ({page}) => {
  const answer = await listToolsFrom(page, ALLOWED);
  expect(answer).toEqual({status: 200, tools: expect.arrayContaining(['search_docs', 'get_page', 'validate_yaml'])});
});

test('a page of any other origin is refused', async ({page}) => {
  const answer = await listToolsFrom(page, OTHER);
  expect(answer).toEqual({error: expect.stringMatching(/Failed to fetch/)});
});
