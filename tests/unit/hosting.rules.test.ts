/**
 * The hosting rules (scripts/hosting/rules.mjs) are the one source of what every server and host file says:
 * build/nginx.conf (scripts/nginx-config.mjs), build/_headers (scripts/postbuild.mjs), `npm run serve`
 * (scripts/serve.mjs) and the docs MCP server's HTTP endpoint (mcp/lib/http.mjs). Each rule is checked in what
 * each of them writes or answers; then the rules are changed here, in memory, and each must follow: a copy of a
 * value in one of them would still pass the first check, never the second.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  CACHE_POLICY,
  COMPRESSIBLE_EXTENSIONS,
  CONTENT_TYPES,
  HOST_FILES,
  MCP_PATH,
  READ_METHODS,
  SERVER_TIMEOUTS,
  contentSecurityPolicy,
  ownAddresses,
  securityHeaders,
} from '../../scripts/hosting/rules.mjs';
import {nginxConfig} from '../../scripts/nginx-config.mjs';
import {headersFileText} from '../../scripts/postbuild.mjs';
import {isPrecompressEligible} from '../../scripts/precompress.mjs';
import {createServer, readHeadersFile} from '../../scripts/serve.mjs';
import {nginxHeaderValue} from '../nginx';
import {startHttpProcess, type HttpProcess} from '../mcp/client';

const HEADERS = securityHeaders(contentSecurityPolicy(["'sha256-abc='"]));

/** The lines of one nginx `location` block (without its braces). */
function nginxLocation(conf: string, location: string): string {
  const start = conf.indexOf(`\nlocation ${location} {\n`);
  expect(start, `nginx.conf has location ${location}`).toBeGreaterThanOrEqual(0);
  return conf.slice(start, conf.indexOf('\n}', start + 1));
}

/** The headers a Netlify-style host gives urlPath from _headers text: the later matching rule wins. */
function netlifyHeaders(text: string, urlPath: string): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-rules-'));
  fs.writeFileSync(path.join(dir, '_headers'), text);
  const rules = readHeadersFile(dir);
  fs.rmSync(dir, {recursive: true});
  return Object.fromEntries(
    rules
      .filter((r: {pattern: string}) =>
        r.pattern.endsWith('*') ? urlPath.startsWith(r.pattern.slice(0, -1)) : r.pattern === urlPath,
      )
      .flatMap((r: {headers: [string, string][]}) => r.headers),
  );
}

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-rules-'));
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>Page Not Found</h1>');
  fs.writeFileSync(path.join(dir, 'page.probe'), 'probe\n');
  fs.writeFileSync(path.join(dir, 'assets/js/main.abc.js'), 'console.log(1);\n');
  for (const file of HOST_FILES) fs.writeFileSync(path.join(dir, file), 'host configuration\n');
  // What postbuild writes there (its own headers file text).
  fs.writeFileSync(path.join(dir, '_headers'), headersFileText([], HEADERS));
  server = createServer(dir, {quiet: true});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

describe('every host says what the hosting rules say', () => {
  const conf = nginxConfig(HEADERS);
  const headersText = headersFileText([], HEADERS);

  it('cache policy: nginx.conf, _headers and npm run serve', async () => {
    const {hashedAssets, other} = CACHE_POLICY;
    expect(nginxLocation(conf, hashedAssets.prefix)).toContain(
      `add_header Cache-Control "${hashedAssets.cacheControl}";`,
    );
    expect(nginxLocation(conf, '/')).toContain(`add_header Cache-Control "${other.cacheControl}" always;`);
    expect(netlifyHeaders(headersText, `${hashedAssets.prefix}js/main.abc.js`)['Cache-Control']).toBe(
      hashedAssets.cacheControl,
    );
    expect(netlifyHeaders(headersText, '/guides/pinning')['Cache-Control']).toBe(other.cacheControl);
    expect((await fetch(`${base}${hashedAssets.prefix}js/main.abc.js`)).headers.get('cache-control')).toBe(
      hashedAssets.cacheControl,
    );
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe(other.cacheControl);
    expect((await fetch(`${base}${hashedAssets.prefix}missing.js`)).headers.get('cache-control')).toBe(
      other.cacheControl,
    );
  });

  it('content types: nginx.conf and npm run serve; compressible types: serve and precompress', async () => {
    for (const [ext, type] of Object.entries(CONTENT_TYPES)) {
      const bare = type.split(';')[0];
      expect(conf.split('\n'), ext).toContainEqual(
        expect.stringMatching(new RegExp(`^ {4}${bare.replace(/[+/.]/g, '\\$&')} (.* )?${ext.slice(1)}( |;)`)),
      );
      expect(isPrecompressEligible(`file${ext}`, 10_000), ext).toBe(COMPRESSIBLE_EXTENSIONS.has(ext));
    }
    expect((await fetch(`${base}/`)).headers.get('content-type')).toBe(CONTENT_TYPES['.html']);
    const js = await fetch(`${base}/assets/js/main.abc.js`, {headers: {'Accept-Encoding': 'gzip'}});
    expect(js.headers.get('content-type')).toBe(CONTENT_TYPES['.js']);
    expect(js.headers.get('content-encoding')).toBe(COMPRESSIBLE_EXTENSIONS.has('.js') ? 'gzip' : null);
  });

  it('security headers: nginx.conf, _headers and npm run serve', async () => {
    const page = await fetch(`${base}/`);
    for (const [name, value] of HEADERS) {
      expect(nginxHeaderValue(conf, name), name).toBe(value);
      expect(netlifyHeaders(headersText, '/guides/pinning')[name], name).toBe(value);
      expect(page.headers.get(name), name).toBe(value);
    }
  });

  it('read-only methods and host files: nginx.conf and npm run serve', async () => {
    expect(conf).toContain(`if ($request_method !~ ^(${READ_METHODS.join('|')})$) {`);
    expect(conf).toContain(`add_header Allow "${READ_METHODS.join(', ')}" always;`);
    const refused = await fetch(`${base}/`, {method: 'DELETE'});
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe(READ_METHODS.join(', '));
    for (const file of HOST_FILES) {
      expect(conf).toContain(file.slice(1).replace('.', '\\.'));
      expect((await fetch(`${base}${file}`)).status, file).toBe(404);
    }
  });

  it('slow-client timeouts: npm run serve', () => {
    for (const [name, value] of Object.entries(SERVER_TIMEOUTS))
      expect(server[name as keyof http.Server], name).toBe(value);
  });
});

describe('a changed rule changes every host (no copies)', () => {
  it('follows a changed cache value, content type, method list and timeout', async () => {
    const saved = {
      cache: CACHE_POLICY.hashedAssets.cacheControl,
      methods: [...READ_METHODS],
      headersTimeout: SERVER_TIMEOUTS.headersTimeout,
    };
    // The unit tests share one module registry (vitest.config.ts), so every change is undone below.
    (CACHE_POLICY.hashedAssets as {cacheControl: string}).cacheControl = 'public, max-age=7';
    (CONTENT_TYPES as Record<string, string>)['.probe'] = 'text/x-probe; charset=utf-8';
    READ_METHODS.push('PROBE');
    SERVER_TIMEOUTS.headersTimeout = 7_777;
    let probeServer: http.Server | undefined;
    try {
      const conf = nginxConfig(HEADERS);
      expect(nginxLocation(conf, '/assets/')).toContain('add_header Cache-Control "public, max-age=7";');
      expect(conf).toMatch(/^ {4}text\/x-probe probe;$/m);
      expect(conf).toContain('add_header Allow "GET, HEAD, PROBE" always;');
      expect(netlifyHeaders(headersFileText([], HEADERS), '/assets/a.js')['Cache-Control']).toBe('public, max-age=7');
      expect((await fetch(`${base}/assets/js/main.abc.js`)).headers.get('cache-control')).toBe('public, max-age=7');
      expect((await fetch(`${base}/page.probe`)).headers.get('content-type')).toBe('text/x-probe; charset=utf-8');
      expect((await fetch(`${base}/`, {method: 'DELETE'})).headers.get('allow')).toBe('GET, HEAD, PROBE');
      probeServer = createServer(dir, {quiet: true});
      expect(probeServer.headersTimeout).toBe(7_777);
    } finally {
      (CACHE_POLICY.hashedAssets as {cacheControl: string}).cacheControl = saved.cache;
      delete (CONTENT_TYPES as Record<string, string>)['.probe'];
      READ_METHODS.splice(0, READ_METHODS.length, ...saved.methods);
      SERVER_TIMEOUTS.headersTimeout = saved.headersTimeout;
      probeServer?.close();
    }
  });
});

describe('the docs MCP server alone (mcp/lib/http.mjs) takes its path and Host names from the rules', () => {
  let mcp: HttpProcess;
  let port: number;
  beforeAll(async () => {
    // The smallest folder the server accepts as a build; no tool is called, so no page or index is read.
    fs.writeFileSync(path.join(dir, 'search-index.json'), '[]');
    mcp = await startHttpProcess('mcp/bin/lightdash-docs-mcp.mjs', ['--source', dir, '--http', '0']);
    const url = new URL(mcp.mcpUrl);
    port = Number(url.port);
    expect(url.pathname).toBe(MCP_PATH);
  }, 60_000);
  afterAll(() => mcp?.close());

  /** A POST without MCP's Accept header: past the Host check, the SDK refuses it (406) without calling a tool. */
  const post = (target: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {host: '127.0.0.1', port, path: target, method: 'POST', headers: {Host: host}},
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });

  it('answers at MCP_PATH only, and on loopback only to the Host names of ownAddresses', async () => {
    expect(await post('/elsewhere', `127.0.0.1:${port}`)).toBe(404);
    for (const host of ownAddresses('127.0.0.1', port).hosts) expect(await post(MCP_PATH, host), host).toBe(406);
    expect(await post(MCP_PATH, `evil.example:${port}`)).toBe(403);
  });
});
