import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {AXE_PATH as E2E_AXE_PATH} from '../e2e/axe';
import {
  AXE_PATH,
  createServer,
  parseServeArgs,
  pickEncoding,
  readHeadersFile,
  resolveFile,
  byteRange,
} from '../../scripts/serve.mjs';
import {CONTENT_TYPES, HOST_FILES, cacheControlFor} from '../../scripts/hosting/rules.mjs';

const siteRoot = path.resolve(__dirname, '../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
let dir: string;
let base: string;
let port: number;
let server: http.Server;

beforeAll(async () => {
  // build/ is served; build-e2e/ next to it shares its name as a prefix, as the real two folders do.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
  dir = path.join(root, 'build');
  fs.mkdirSync(path.join(dir, 'guides/pinning'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.mkdirSync(path.join(root, 'build-e2e'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>'.repeat(50));
  fs.writeFileSync(path.join(dir, 'guides/pinning/index.html'), '<h1>pinning</h1>');
  fs.writeFileSync(path.join(dir, 'guides/pinning.md'), '# Pinning\n');
  fs.writeFileSync(path.join(dir, 'llms.txt'), '# Docs\n');
  fs.writeFileSync(path.join(dir, 'assets/js/main.abc123.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>Page Not Found</h1>');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), 'server_tokens off;\n');
  fs.writeFileSync(path.join(root, 'build-e2e/index.html'), '<h1>sibling</h1>');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'secret\n');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(dir, 'leak.txt'));
  fs.symlinkSync(path.join(root, 'build-e2e'), path.join(dir, 'linked'));
  fs.symlinkSync(path.join(dir, 'llms.txt'), path.join(dir, 'alias.txt'));
  // A precompressed sibling that differs from what on-the-fly compression would give, to tell them apart.
  fs.writeFileSync(path.join(dir, 'guides/pinning/index.html.br'), zlib.brotliCompressSync('<h1>precompressed</h1>'));
  // The same rules the build writes: security headers for all, a year's cache for /assets/*.
  fs.writeFileSync(
    path.join(dir, '_headers'),
    `/*\n  X-Test: yes\n  Content-Security-Policy: default-src 'self'\n/assets/*\n  Cache-Control: ${IMMUTABLE}\n`,
  );
  server = createServer(dir, {quiet: true});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(root, {recursive: true, force: true});
});

/** Sends a request line as is (fetch and http.request would normalize or refuse it); returns the reply. */
function raw(requestLine: string, extraHeaders = ''): Promise<{status: number; head: string; body: string}> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer to ${requestLine}`)));
    socket.on('end', () => {
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body});
    });
    socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);
  });
}

function request(
  method: string,
  urlPath = '/',
): Promise<{status: number; headers: http.IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, method, path: urlPath, agent: false}, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}));
    });
    req.on('error', reject);
    req.end();
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  return free;
}

/** What promise gives, or fallback when it takes longer than ms. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((r) => setTimeout(() => r(fallback), ms).unref())]);
}

/** Runs serve.mjs; the caller stops it with child.kill() in a finally. */
function runServe(args: string[]) {
  const child = spawn(process.execPath, ['scripts/serve.mjs', ...args], {cwd: siteRoot});
  const output = {stdout: '', stderr: ''};
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return {child, output, exited};
}

describe('serve.mjs', () => {
  it.each([
    ['/', 'index.html'],
    ['/guides/pinning', 'guides/pinning/index.html'],
    ['/guides/pinning/', 'guides/pinning/index.html'],
    ['/alias.txt', 'alias.txt'],
  ])('%s resolves to %s', (url, file) => {
    expect(resolveFile(dir, url)).toBe(path.join(dir, file));
  });

  it.each(['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A'])('refuses %s', (url) => {
    expect(resolveFile(dir, url)).toBeNull();
  });

  it.each([
    ['a sibling folder whose name starts with the folder’s', '/..%2fbuild-e2e%2findex.html'],
    ['a symbolic link to a file outside the folder', '/leak.txt'],
    ['a symbolic link to a folder outside it', '/linked/index.html'],
    ['a symbolic link to a folder outside it, by its index', '/linked/'],
  ])('refuses %s', async (_, url) => {
    expect(resolveFile(dir, url)).toBeNull();
    const res = await raw(`GET ${url} HTTP/1.1`);
    expect(res.status).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it.each(['//[', 'http://[', '//x:99999/', '//%', '//a%20b/', '/%E0%A4%A'])(
    'answers the unparsable target %s with 400 and keeps serving',
    async (target) => {
      const res = await raw(`GET ${target} HTTP/1.1`);
      expect(res.status).toBe(400);
      expect(res.body).toBe('Bad request\n');
      expect((await fetch(`${base}/`)).status).toBe(200);
    },
  );

  it('reads the path of an absolute-form target', async () => {
    const res = await raw(`GET http://127.0.0.1:${port}/llms.txt?x=1 HTTP/1.1`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('# Docs\n');
  });

  it('answers 500 when the handler throws, and does not throw itself', () => {
    const statuses: number[] = [];
    const res = {
      headersSent: false,
      writeHead(status: number) {
        statuses.push(status);
        return res;
      },
      end() {},
    };
    const req = {
      method: 'GET',
      url: '/',
      get headers(): never {
        throw new Error('boom');
      },
    };
    expect(() => server.emit('request', req, res)).not.toThrow();
    expect(statuses).toEqual([500]);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])('answers %s with 405', async (method) => {
    const res = await request(method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toBe('Method not allowed\n');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request('HEAD', '/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('7');
    expect(res.body).toBe('');
  });

  it.each([
    ['/guides/pinning.md', 'text/markdown; charset=utf-8', '# Pinning\n'],
    ['/llms.txt', 'text/plain; charset=utf-8', '# Docs\n'],
  ])('serves %s as %s, so browsers show it as text', async (url, type, text) => {
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toBe(text);
    expect(CONTENT_TYPES[path.extname(url) as keyof typeof CONTENT_TYPES]).toBe(type);
  });

  it.each([
    ['/assets/js/main.abc123.js', IMMUTABLE],
    ['/', 'no-cache'],
    ['/guides/assets/', 'no-cache'],
    ['/assetsx/a.js', 'no-cache'],
  ])('cacheControlFor(%s) is %s', (url, expected) => {
    expect(cacheControlFor(url)).toBe(expected);
  });

  it('caches a hashed asset for a year but never a 404, even under /assets/', async () => {
    const asset = await fetch(`${base}/assets/js/main.abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    for (const url of ['/assets/js/missing.js', '/nope', '/assets/..%2findex.html/x']) {
      const missing = await fetch(`${base}${url}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    [undefined, null],
    ['', null],
    ['br', 'br'],
    ['BR', 'br'],
    [' Gzip ', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0', null],
    ['br;q=0.0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['gzip ; Q=0.8 , br;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=0.2, *;q=0.5', 'br'],
    ['identity', null],
    ['deflate', null],
    ['br;q=oops, gzip', 'gzip'],
  ])('pickEncoding(%j) is %j', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });

  it('compresses with brotli when asked and applies the _headers rules', async () => {
    const res = await fetch(`${base}/`, {headers: {'Accept-Encoding': 'br'}});
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-test')).toBe('yes');
    expect(readHeadersFile(dir)[0].headers).toContainEqual(['Content-Security-Policy', "default-src 'self'"]);
  });

  it.each([
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ])('answers Accept-Encoding: %s with %s', async (accept, encoding) => {
    const res = await fetch(`${base}/`, {headers: {'Accept-Encoding': accept}});
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(await res.text()).toBe('<h1>home</h1>'.repeat(50));
  });

  it('serves the precompressed sibling a build wrote before compressing on the fly', async () => {
    const res = await fetch(`${base}/guides/pinning/`, {headers: {'Accept-Encoding': 'br'}});
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('<h1>precompressed</h1>');
  });

  it('serves axe-core at AXE_PATH, cached, only with --with-axe', async () => {
    expect(E2E_AXE_PATH).toBe(AXE_PATH);
    expect((await fetch(`${base}${AXE_PATH}`)).status).toBe(404);
    const withAxe = createServer(dir, {quiet: true, withAxe: true});
    await new Promise<void>((r) => withAxe.listen(0, '127.0.0.1', r));
    try {
      const axePort = (withAxe.address() as net.AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${axePort}${AXE_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toContain('axe.version');
    } finally {
      withAxe.close();
    }
  });
});

describe('serve.mjs: HTTP semantics a static host has (issue 45)', () => {
  it('answers a second Host header with 400, carrying the security headers', async () => {
    const res = await raw('GET / HTTP/1.1', 'Host: evil.example\r\n');
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/^X-Test: yes\r?$/m);
    expect(res.head).toMatch(/^Content-Security-Policy: default-src 'self'\r?$/m);
  });

  it('puts the security headers on its own 400 and 405', async () => {
    const bad = await raw('GET //[ HTTP/1.1');
    expect(bad.status).toBe(400);
    expect(bad.head).toMatch(/^X-Test: yes\r?$/m);
    const notAllowed = await request('DELETE', '/');
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers['x-test']).toBe('yes');
    expect(notAllowed.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it.each(HOST_FILES)('does not serve the host’s configuration %s', async (file) => {
    expect(fs.existsSync(path.join(dir, file))).toBe(true);
    const res = await fetch(`${base}${file}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('sends ETag and Last-Modified, and answers a conditional GET with 304', async () => {
    const first = await fetch(`${base}/llms.txt`, {headers: {'Accept-Encoding': 'identity'}});
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    const stat = fs.statSync(path.join(dir, 'llms.txt'));
    expect(etag).toBe(`"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`);
    expect(lastModified).toBe(stat.mtime.toUTCString());
    const byTag = await fetch(`${base}/llms.txt`, {headers: {'If-None-Match': etag, 'Accept-Encoding': 'identity'}});
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(byTag.headers.get('x-test')).toBe('yes');
    const byDate = await fetch(`${base}/llms.txt`, {
      headers: {'If-Modified-Since': lastModified, 'Accept-Encoding': 'identity'},
    });
    expect(byDate.status).toBe(304);
    const changed = await fetch(`${base}/llms.txt`, {headers: {'If-None-Match': '"other"'}});
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('# Docs\n');
  });

  it('gives a body compressed on the fly a weak ETag, and a precompressed sibling its own', async () => {
    const onTheFly = await fetch(`${base}/`, {headers: {'Accept-Encoding': 'gzip'}});
    expect(onTheFly.headers.get('etag')).toMatch(/^W\/"/);
    const pre = await fetch(`${base}/guides/pinning/`, {headers: {'Accept-Encoding': 'br'}});
    const stat = fs.statSync(path.join(dir, 'guides/pinning/index.html.br'));
    expect(pre.headers.get('etag')).toBe(`"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`);
  });

  it('answers Range with 206 and the bytes asked for, and an impossible range with 416', async () => {
    const part = await fetch(`${base}/llms.txt`, {headers: {Range: 'bytes=2-5', 'Accept-Encoding': 'identity'}});
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/7');
    expect(await part.text()).toBe('Docs');
    const tail = await fetch(`${base}/llms.txt`, {headers: {Range: 'bytes=-2', 'Accept-Encoding': 'identity'}});
    expect([tail.status, await tail.text()]).toEqual([206, 's\n']);
    const outside = await fetch(`${base}/llms.txt`, {headers: {Range: 'bytes=100-', 'Accept-Encoding': 'identity'}});
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */7');
    const stale = await fetch(`${base}/llms.txt`, {
      headers: {Range: 'bytes=2-5', 'If-Range': '"old"', 'Accept-Encoding': 'identity'},
    });
    expect([stale.status, await stale.text()]).toEqual([200, '# Docs\n']);
  });

  it.each([
    ['bytes=0-0', 10, {start: 0, end: 0}],
    ['bytes=5-', 10, {start: 5, end: 9}],
    ['bytes=-3', 10, {start: 7, end: 9}],
    ['bytes=2-100', 10, {start: 2, end: 9}],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=5-2', 10, null],
    ['bytes=0-1,4-5', 10, null],
    ['items=0-1', 10, null],
    [undefined, 10, null],
  ])('byteRange(%j, %d) is %j', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});

describe('serve.mjs command line', () => {
  const defaults = {
    dir: path.join(siteRoot, 'build'),
    port: 3000,
    host: '127.0.0.1',
    buildIfMissing: false,
    quiet: false,
    withAxe: false,
    mcp: true,
    allowedOrigins: [],
    help: false,
  };

  it.each([
    [[], {}, defaults],
    [[], {PORT: '4000'}, {...defaults, port: 4000}],
    [['--port', '3000', '--port', '3900'], {PORT: '4000'}, {...defaults, port: 3900}],
    [['--port=3900'], {}, {...defaults, port: 3900}],
    [['--dir', 'build', '--dir', 'build-e2e'], {}, {...defaults, dir: path.join(siteRoot, 'build-e2e')}],
    [['--host', '0.0.0.0', '--host', '::1'], {}, {...defaults, host: '::1'}],
    [
      ['--build-if-missing', '--quiet', '--with-axe'],
      {},
      {...defaults, buildIfMissing: true, quiet: true, withAxe: true},
    ],
    [['-h'], {}, {...defaults, help: true}],
    [
      [
        '--no-mcp',
        '--site-url',
        'https://docs.example.com',
        '--allowed-origin',
        'https://a.example',
        '--feedback-file',
        'f.jsonl',
      ],
      {},
      {
        ...defaults,
        mcp: false,
        siteUrl: 'https://docs.example.com',
        allowedOrigins: ['https://a.example'],
        feedbackFile: 'f.jsonl',
      },
    ],
  ])('parses %j with env %j', (argv, env, expected) => {
    expect(parseServeArgs(argv, env)).toEqual(expected);
  });

  it.each([
    [['--bogus'], {}, /^Unknown option '--bogus'/],
    [['build'], {}, /^Unexpected argument 'build'/],
    [['--port'], {}, /argument missing/],
    [['--port', '--quiet'], {}, /^Option '--port' argument is ambiguous\. Did you forget/],
    [['--quiet=yes'], {}, /does not take an argument/],
    [['--port', '0'], {}, /^--port must be an integer from 1 to 65535, not '0'$/],
    [['--port', '65536'], {}, /^--port must be/],
    [['--port', '3.5'], {}, /^--port must be/],
    [['--port', 'abc'], {}, /^--port must be/],
    [[], {PORT: 'x'}, /^PORT must be an integer from 1 to 65535, not 'x'$/],
  ])('refuses %j with env %j', (argv, env, message) => {
    expect(() => parseServeArgs(argv, env)).toThrow(message);
  });

  it('exits with code 2, the reason and the usage on an unknown flag', async () => {
    const run = runServe(['--bogus']);
    try {
      expect(await within<unknown>(run.exited, 10_000, 'still running')).toBe(2);
      expect(run.output.stderr).toMatch(/^serve\.mjs: Unknown option '--bogus'\nUsage: node scripts\/serve\.mjs/);
      expect(run.output.stdout).toBe('');
    } finally {
      run.child.kill();
    }
  });

  it('listens on the last --port given', async () => {
    const last = await freePort();
    const run = runServe(['--port', '3000', '--port', String(last), '--dir', dir, '--quiet']);
    try {
      const started = new Promise<boolean>((resolve) => {
        run.child.stdout.on('data', () => run.output.stdout.includes(`http://localhost:${last}/`) && resolve(true));
        run.exited.then(() => resolve(false));
      });
      expect(await within(started, 15_000, false), run.output.stdout + run.output.stderr).toBe(true);
      expect((await fetch(`http://127.0.0.1:${last}/`)).status).toBe(200);
    } finally {
      run.child.kill();
      await run.exited;
    }
  });
});
