import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {AXE_PATH as E2E_AXE_PATH} from '../e2e/axe';
import {AXE_PATH, createServer, readHeadersFile, resolveFile} from '../../scripts/serve.mjs';

let dir: string;
let base: string;
let server: import('node:http').Server;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
  fs.mkdirSync(path.join(dir, 'guides/pinning'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>'.repeat(50));
  fs.writeFileSync(path.join(dir, 'guides/pinning/index.html'), '<h1>pinning</h1>');
  fs.writeFileSync(path.join(dir, 'guides/pinning.md'), '# Pinning\n');
  fs.writeFileSync(path.join(dir, 'llms.txt'), '# Docs\n');
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>Page Not Found</h1>');
  // A precompressed sibling that differs from what on-the-fly compression would give, to tell them apart.
  fs.writeFileSync(path.join(dir, 'guides/pinning/index.html.br'), zlib.brotliCompressSync('<h1>precompressed</h1>'));
  fs.writeFileSync(path.join(dir, '_headers'), "/*\n  X-Test: yes\n  Content-Security-Policy: default-src 'self'\n");
  server = createServer(dir, {quiet: true});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
});
afterAll(() => server.close());

describe('serve.mjs', () => {
  it.each([
    ['/', 'index.html'],
    ['/guides/pinning', 'guides/pinning/index.html'],
    ['/guides/pinning/', 'guides/pinning/index.html'],
  ])('%s resolves to %s', (url, file) => {
    expect(resolveFile(dir, url)).toBe(path.join(dir, file));
  });

  it.each(['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A'])('refuses %s', (url) => {
    expect(resolveFile(dir, url)).toBeNull();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it.each([
    ['/guides/pinning.md', 'text/markdown; charset=utf-8', '# Pinning\n'],
    ['/llms.txt', 'text/plain; charset=utf-8', '# Docs\n'],
  ])('serves %s as %s, so browsers show it as text', async (url, type, text) => {
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toBe(text);
  });

  it('compresses with brotli when asked and applies the _headers rules', async () => {
    const res = await fetch(`${base}/`, {headers: {'Accept-Encoding': 'br'}});
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-test')).toBe('yes');
    expect(readHeadersFile(dir)[0].headers).toContainEqual(['Content-Security-Policy', "default-src 'self'"]);
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
      const port = (withAxe.address() as import('node:net').AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}${AXE_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toContain('axe.version');
    } finally {
      withAxe.close();
    }
  });
});
