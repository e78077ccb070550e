import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {test, expect, type APIRequestContext} from '@playwright/test';
import {NGINX_SITE, SITE} from '../../playwright.config';
import {oldRedirects, routeRows} from '../routes';
import {hydrated} from './helpers';
import {BUILD_DIR} from '../support/build';

/**
 * The production build served by Debian's nginx with nothing but the build's own build/nginx.conf
 * inside a server block (scripts/nginx-serve.mjs): the routing, status codes, types, compression,
 * caching and security headers a host gets from that file, then a reader's tour in the browser.
 */

const build = BUILD_DIR;
const {hostname, port} = new URL(NGINX_SITE);

/** The `/*` security headers the build wrote to _headers (Netlify format): nginx must send the same. */
function buildHeaders(): Map<string, string> {
  const text = fs.readFileSync(path.join(build, '_headers'), 'utf8');
  const all = text.split(/^\/\*$/m)[1].split(/^\S/m)[0];
  return new Map(
    [...all.matchAll(/^\s+([\w-]+): (.*)$/gm)]
      .map(([, name, value]) => [name.toLowerCase(), value.trim()] as [string, string])
      .filter(([name]) => name !== 'cache-control'),
  );
}

async function get(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  return request.get(`${NGINX_SITE}${url}`, {headers, maxRedirects: 0});
}

/** A request written byte for byte (HTTP clients normalise `..` and escapes away before sending). */
function rawRequest(
  target: string,
  method = 'GET',
  extraHeaders = '',
  toPort = Number(port),
): Promise<{status: number; text: string}> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(toPort, hostname, () =>
      socket.end(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\n${extraHeaders}Connection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text});
    });
  });
}

const versioned = (route: string, prefix: string) => (route === '/' ? `${prefix}/` : prefix + route);
const pageRoutes = routeRows()
  .filter((r) => !r.route.startsWith('/snippets/'))
  .flatMap((r) => [
    ...(r.released ? [versioned(r.route, '')] : []),
    ...(r.next && r.route !== '/search' && !r.route.startsWith('/api/') ? [versioned(r.route, '/next')] : []),
  ]);

test('every route of routes.md answers 200 with its page, as HTML in UTF-8', async ({request}) => {
  test.setTimeout(120_000);
  const wrong: string[] = [];
  for (const url of pageRoutes) {
    const response = await get(request, url);
    const type = response.headers()['content-type'];
    if (response.status() !== 200 || type !== 'text/html; charset=utf-8' || !/<h1[\s>]/.test(await response.text()))
      wrong.push(`${url}: ${response.status()} ${type}`);
  }
  expect(wrong).toEqual([]);
  expect(pageRoutes.length).toBeGreaterThan(200);
});

test('every old URL answers with its redirect page, pointing at the new page', async ({request}) => {
  const wrong: string[] = [];
  for (const [from, to] of oldRedirects()) {
    const response = await get(request, from);
    const html = await response.text();
    if (response.status() !== 200 || !html.includes(`url=${to}"`)) wrong.push(`${from}: ${response.status()}`);
  }
  expect(wrong).toEqual([]);
});

test('an unknown path gets the not-found page with status 404, revalidated, with the security headers', async ({
  request,
}) => {
  const expected = buildHeaders();
  for (const url of ['/this/page/does-not-exist', '/assets/js/missing.0123abcd.js', '/guides/', '/next/nope/']) {
    const response = await get(request, url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).toContain('Page Not Found');
    expect(response.headers()['cache-control'], url).toBe('no-cache');
    for (const [name, value] of expected) expect(response.headers()[name], `${url} ${name}`).toBe(value);
  }
});

test.describe('content types', () => {
  for (const [url, type] of [
    ['/guides/pinning.md', 'text/markdown; charset=utf-8'],
    ['/skill.md', 'text/markdown; charset=utf-8'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/schemas/lightdash-dbt.json', 'application/json; charset=utf-8'],
    ['/api/v1/openapi.yaml', 'application/yaml; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/img/logo.svg', 'image/svg+xml'],
    ['/img/social-card.png', 'image/png'],
  ]) {
    test(`${url}: ${type}`, async ({request}) => {
      const response = await get(request, url);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe(type);
    });
  }
});

test('a precompressed file is sent as the build wrote it, brotli or gzip as asked', async ({request}) => {
  const file = 'llms-full.txt';
  const original = fs.readFileSync(path.join(build, file));
  for (const [encoding, sibling, decode] of [
    ['br', '.br', zlib.brotliDecompressSync],
    ['gzip', '.gz', zlib.gunzipSync],
  ] as const) {
    expect(fs.existsSync(path.join(build, file + sibling))).toBe(true);
    const response = await get(request, `/${file}`, {'Accept-Encoding': encoding});
    expect(response.headers()['content-encoding'], encoding).toBe(encoding);
    expect(response.headers()['vary'], encoding).toMatch(/Accept-Encoding/i);
    expect(Number(response.headers()['content-length']), encoding).toBe(
      fs.statSync(path.join(build, file + sibling)).size,
    );
    expect(decode(fs.readFileSync(path.join(build, file + sibling))).equals(original)).toBe(true);
  }
  const plain = await get(request, `/${file}`, {'Accept-Encoding': 'identity'});
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).equals(original)).toBe(true);
});

test('headers: an HTML page revalidates, a hashed asset is immutable, both carry the security headers', async ({
  request,
}) => {
  const expected = buildHeaders();
  expect(expected.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
  const html = await get(request, '/guides/pinning');
  const stylesheet = fs.readdirSync(path.join(build, 'assets/css')).find((f) => f.endsWith('.css'));
  const css = await get(request, `/assets/css/${stylesheet}`);
  expect(css.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const response of [html, css])
    for (const [name, value] of expected) expect(response.headers()[name], name).toBe(value);
  expect(html.headers()['server']).toBe('nginx');
});

test.describe('hostile requests get a clear status and nothing from outside the build', () => {
  for (const target of [
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2f..%2f..%2f..%2fetc/passwd',
    '/guides/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '/..%2fbuild-e2e%2findex.html',
    `/${'a'.repeat(10_000)}`,
    '/%E0%A4%A',
    '/%',
    '/guides/pinning%00.md',
  ]) {
    test(target.length > 60 ? `a ${target.length}-character path` : target, async () => {
      const {status, text} = await rawRequest(target);
      expect([400, 404, 414]).toContain(status);
      expect(text).not.toMatch(/root:x:0:0|"name": "lightdash-docs"|Fixture/);
    });
  }

  test('HEAD answers like GET without a body; OPTIONS, POST and DELETE get 405', async () => {
    const head = await rawRequest('/guides/pinning', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toMatch(/\r\n\r\n$/);
    for (const method of ['OPTIONS', 'POST', 'DELETE', 'PUT', 'TRACE']) {
      const {status, text} = await rawRequest('/guides/pinning', method);
      expect(status, method).toBe(405);
      expect(text, method).toMatch(/^Allow: GET, HEAD\r$/m);
    }
  });
});

/** The value of a header in a raw answer (the first one), or undefined. */
const rawHeader = (text: string, name: string) =>
  new RegExp(`^${name}: (.*?)\r?$`, 'im').exec(text.split('\r\n\r\n')[0])?.[1];

test.describe('nginx closes what a probe found open (issue 45)', () => {
  test('nginx’s own early 400 and 414 carry every security header, the CSP included', async () => {
    const expected = buildHeaders();
    for (const [what, answer] of [
      ['a request line it cannot parse', await rawRequest('/ HTTP/1.1 junk', 'GET')],
      ['a second Host header', await rawRequest('/', 'GET', `Host: other.example\r\n`)],
      ['a 10,000-character target', await rawRequest(`/${'a'.repeat(10_000)}`)],
    ] as const) {
      expect([400, 414], what).toContain(answer.status);
      for (const [name, value] of expected) expect(rawHeader(answer.text, name), `${what}: ${name}`).toBe(value);
    }
  });

  // scripts/hosting/rules.mjs HOST_FILES (Playwright's loader cannot import that module, so the two are named here).
  for (const file of ['/nginx.conf', '/_headers']) {
    test(`${file}, the host’s own configuration, is not served`, async ({request}) => {
      expect(fs.existsSync(path.join(build, file))).toBe(true);
      const response = await get(request, file);
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toContain('add_header');
    });
  }

  test('answers conditional and range requests as npm run serve does, on the same file', async ({request}) => {
    const file = '/llms.txt';
    const identity = {'Accept-Encoding': 'identity'};
    const [fromNginx, fromNode] = await Promise.all([
      get(request, file, identity),
      request.get(`${SITE}${file}`, {headers: identity}),
    ]);
    for (const name of ['etag', 'last-modified', 'accept-ranges']) {
      expect(fromNode.headers()[name], name).toBe(fromNginx.headers()[name]);
    }
    const etag = fromNginx.headers()['etag'];
    for (const base of [NGINX_SITE, SITE]) {
      const notModified = await request.get(`${base}${file}`, {headers: {...identity, 'If-None-Match': etag}});
      expect(notModified.status(), base).toBe(304);
      const part = await request.get(`${base}${file}`, {headers: {...identity, Range: 'bytes=0-9'}});
      expect(part.status(), base).toBe(206);
      expect(part.headers()['content-range'], base).toMatch(/^bytes 0-9\/\d+$/);
      expect((await part.body()).equals(fs.readFileSync(path.join(build, file)).subarray(0, 10)), base).toBe(true);
    }
  });
});

test.describe('a symbolic link planted in a copy of the build', () => {
  // One nginx for the group, on its own port.
  test.describe.configure({mode: 'serial'});
  let dir: string;
  let outside: string;
  let nginx: ChildProcess;
  let linkPort: number;

  test.beforeAll(async () => {
    // A small copy (the build's own nginx.conf, home and 404 pages) served by a second nginx, so the
    // links planted here never reach the build the other tests read.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-symlinks-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-outside-'));
    for (const file of ['nginx.conf', 'index.html', '404.html'])
      fs.copyFileSync(path.join(build, file), path.join(dir, file));
    fs.writeFileSync(path.join(outside, 'secret.md'), 'outside the build\n');
    fs.mkdirSync(path.join(outside, 'folder'));
    fs.writeFileSync(path.join(outside, 'folder/index.html'), '<h1>outside the build</h1>');
    fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd.txt'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'secret.md'));
    fs.symlinkSync(path.join(outside, 'folder'), path.join(dir, 'guides'));
    fs.symlinkSync(path.join(dir, 'index.html'), path.join(dir, 'home.html'));
    linkPort = Number(port) + 50;
    nginx = spawn(process.execPath, ['scripts/nginx-serve.mjs', '--dir', dir, '--port', String(linkPort)], {
      cwd: path.join(__dirname, '../..'),
      stdio: 'ignore',
    });
    for (let tries = 0; ; tries++) {
      const {status} = await rawRequest('/', 'GET', '', linkPort).catch(() => ({status: 0}));
      if (status === 200) break;
      if (tries > 50) throw new Error('the second nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  test.afterAll(async () => {
    nginx?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, {recursive: true, force: true});
    fs.rmSync(outside, {recursive: true, force: true});
  });

  test('each link, to a file or a folder, out of the build or within it, gets 403 or 404', async () => {
    const targets = ['/passwd.txt', '/secret.md', '/guides/', '/guides/index.html', '/guides', '/home.html', '/home'];
    for (const target of targets) {
      const {status, text} = await rawRequest(target, 'GET', '', linkPort);
      expect([403, 404], target).toContain(status);
      expect(text, target).not.toMatch(/root:x:0:0|outside the build/);
    }
    // The copy itself is served: the refusals above are the links', not a broken server.
    expect((await rawRequest('/', 'GET', '', linkPort)).status).toBe(200);
  });
});

test.describe('a reader on the nginx-served site', () => {
  test.use({baseURL: NGINX_SITE});

  test('home, a docs page, colour mode, search box and /search, the try-it console and a .md page', async ({page}) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A CSP violation is reported on the console: with the build's policy, none may happen.
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();

    await page.goto('/guides/pinning');
    await hydrated(page);
    const html = page.locator('html');
    const choice = await html.getAttribute('data-theme-choice');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(html).not.toHaveAttribute('data-theme-choice', choice ?? '');

    const box = page.locator('input.navbar__search-input');
    await box.click();
    await expect(box).toHaveAttribute('role', 'combobox', {timeout: 60_000});
    await box.fill('pinning');
    await expect(page.getByRole('option').first()).toBeVisible({timeout: 60_000});
    await box.press('Enter');
    await page.goto('/search?q=metrics');
    await hydrated(page);
    await expect(page.locator('article h2 a').first()).toBeVisible({timeout: 60_000});

    await page.goto('/api/v1/spaces/create-space-in-project');
    await hydrated(page);
    await page.getByRole('button', {name: 'Try it'}).click();
    await expect(page.getByRole('form', {name: 'Try it console'})).toBeVisible();

    const md = await page.goto('/guides/pinning.md');
    expect(md?.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    await expect(page.locator('body')).toContainText('# Pinning');
    expect(errors).toEqual([]);
  });

  test('an old URL lands on its new page', async ({page}) => {
    await page.goto('/getting-started/install-lightdash');
    await expect(page).toHaveURL(/\/self-host\/self-host-lightdash$/);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });
});
