import {describe, expect, it} from 'vitest';
import {nginxConfig} from '../../scripts/nginx-config.mjs';
import {DISCOVERY_HEADERS} from '../../scripts/mcp-discovery.mjs';
import {CONTENT_TYPES, cacheControlFor} from '../../scripts/hosting/rules.mjs';
import {nginxHeaderValue} from '../nginx';

/** The build's nginx rules as text; tests/e2e/nginx.spec.ts runs them in a real nginx. */
const longPolicy = `default-src 'self'; script-src 'self' ${Array.from({length: 200}, (_, i) => `'sha256-${String(i).padStart(43, 'x')}='`).join(' ')}`;
const headers: [string, string][] = [
  ['Content-Security-Policy', longPolicy],
  ['X-Content-Type-Options', 'nosniff'],
];
const conf = nginxConfig(headers);

/** The blocks of the config: the server level (before the first location) and each location. */
function blocks(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const [server, ...locations] = text.split(/^location /m);
  found.set('server', server);
  for (const l of locations) found.set(l.slice(0, l.indexOf('{')).trim(), l.slice(0, l.indexOf('\n}')));
  return found;
}

describe('nginxConfig', () => {
  it('keeps every word under nginx 4 KB limit, and a long policy still adds up to the whole value', () => {
    expect(longPolicy.length).toBeGreaterThan(10_000);
    for (const word of conf.match(/"[^"]*"/g) ?? []) expect(word.length).toBeLessThan(4096);
    expect(nginxHeaderValue(conf, 'Content-Security-Policy')).toBe(longPolicy);
    expect(nginxHeaderValue(conf, 'X-Content-Type-Options')).toBe('nosniff');
  });

  it('puts the security headers in every location, where nginx would drop the server level ones', () => {
    const found = blocks(conf);
    expect([...found.keys()]).toEqual([
      'server',
      '/',
      '~ /$',
      '~ ^/(nginx\\.conf|_headers)$',
      '= /__nginx-error/400',
      '= /__nginx-error/405',
      '= /__nginx-error/414',
      '/assets/',
    ]);
    for (const [name, block] of found) {
      expect(block, name).toMatch(/add_header Content-Security-Policy "\$docs_content_security_policy" always;/);
      expect(block, name).toMatch(/add_header X-Content-Type-Options "nosniff" always;/);
    }
  });

  it('caches hashed assets for a year only when found, and everything else with revalidation', () => {
    const found = blocks(conf);
    expect(found.get('/assets/')).toContain(`add_header Cache-Control "${cacheControlFor('/assets/a.js')}";`);
    expect(found.get('/')).toContain(`add_header Cache-Control "${cacheControlFor('/guides/pinning')}" always;`);
    expect(cacheControlFor('/guides/pinning')).toBe('no-cache');
  });

  it('routes as npm run serve does, with a real 404 and reads only', () => {
    // The page's Markdown twin first when the request asks for Markdown (scripts/markdown-negotiation.mjs).
    expect(conf).toContain('try_files $uri$docs_markdown $uri $uri.html $uri/index.html =404;');
    expect(conf).toMatch(/^error_page 404 \/404\.html;$/m);
    expect(conf).toMatch(/if \(\$request_method !~ \^\(GET\|HEAD\)\$\) \{\n {4}return 405;/);
    expect(conf).toMatch(/^gzip_static on;$/m);
    expect(conf).toMatch(/^brotli_static on;$/m);
  });

  it('gives every file type npm run serve knows the same type', () => {
    for (const [ext, type] of Object.entries(CONTENT_TYPES)) {
      const line = conf
        .split('\n')
        .find((l) => new RegExp(`^ {4}${type.split(';')[0].replace(/[+/]/g, '\\$&')} .*\\b${ext.slice(1)}\\b`).test(l));
      expect(line, ext).toBeTruthy();
      if (type.includes('charset=utf-8') && !type.startsWith('text/html'))
        expect(conf, ext).toMatch(new RegExp(`^charset_types .*${type.split(';')[0].replace(/[+/]/g, '\\$&')}`, 'm'));
    }
  });

  it('follows no symbolic link, serves neither nginx.conf nor _headers, and sends its early errors through locations that add the headers', () => {
    expect(conf).toMatch(/^disable_symlinks on;$/m);
    expect(conf).toMatch(
      /^location ~ \^\/\(nginx\\\.conf\|_headers\)\$ \{\n(?: {4}add_header .*\n)+ {4}return 404;\n\}/m,
    );
    for (const code of [400, 405, 414]) {
      expect(conf).toContain(`error_page ${code} /__nginx-error/${code};`);
      expect(conf).toMatch(new RegExp(`location = /__nginx-error/${code} \\{\\n {4}internal;`));
    }
  });

  it('lets POSTs to /mcp through to a location the host adds, before the read-only rule refuses them', () => {
    const exempt = conf.indexOf('if ($uri = /mcp) {\n    break;\n}');
    expect(exempt).toBeGreaterThan(0);
    expect(exempt).toBeLessThan(conf.indexOf('if ($request_method !~'));
    // No location for it here: without the host's proxy, /mcp is a missing file (404), not a 502.
    expect(conf).not.toMatch(/location[^{]*\/mcp/);
  });

  it('carries the MCP discovery Link header in every location', () => {
    const withLinks = nginxConfig([...headers, ...DISCOVERY_HEADERS]);
    for (const [name, block] of blocks(withLinks)) {
      for (const [header, value] of DISCOVERY_HEADERS) {
        expect(block, name).toContain(`add_header ${header} "${value}" always;`);
      }
    }
  });

  it('refuses a header value nginx would misread', () => {
    expect(() => nginxConfig([['X-Bad', 'say "hi"']])).toThrow(/misread/);
    expect(() => nginxConfig([['X-Bad', 'costs $5']])).toThrow(/misread/);
  });
});
