import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {headersFileText, inlineScripts, listFiles, scriptHash} from '../../scripts/postbuild.mjs';
import {readHeadersFile} from '../../scripts/serve.mjs';
import {cacheControlFor, contentSecurityPolicy, securityHeaders} from '../../scripts/hosting/rules.mjs';
import {nginxHeaderValue} from '../nginx';
import {BUILD_DIR, requireBuild} from '../support/build';

const build = BUILD_DIR;

/** The script-src sources of a policy. */
const scriptSources = (policy: string) =>
  (
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? ''
  )
    .split(/\s+/)
    .slice(1);

describe('inlineScripts', () => {
  it('finds scripts the browser runs and skips external scripts and data blocks', () => {
    const html = [
      '<script>a()</script>',
      '<script data-rh=true>b()</script>',
      '<script type="module">c()</script>',
      '<script type=text/javascript>d()</script>',
      "<script data-src='x.js'>e()</script>",
      '<script src=/assets/js/main.js defer></script>',
      '<script defer src="/x.js"></script>',
      '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
      '<script type="application/json">{}</script>',
      '<SCRIPT>\nf()\n</SCRIPT >',
    ].join('');
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()', 'd()', 'e()', '\nf()\n']);
  });
});

describe('scriptHash', () => {
  it('gives the sha256 source expression browsers compute (MDN example)', () => {
    expect(scriptHash('var inline = 1;')).toBe("'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8='");
  });

  it('hashes CR LF line ends as LF, as the HTML parser hands them to the script', () => {
    expect(scriptHash('a();\r\nb();\rc();')).toBe(scriptHash('a();\nb();\nc();'));
    expect(scriptHash('a();')).not.toBe(scriptHash('a(); '));
  });
});

describe('contentSecurityPolicy', () => {
  const hashes = [scriptHash('b()'), scriptHash('a()'), scriptHash('a()')];
  const policy = contentSecurityPolicy(hashes);

  it('allows scripts from the site and the listed hashes only, each once, in a stable order', () => {
    const sources = scriptSources(policy);
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1)).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(contentSecurityPolicy([...hashes].reverse())).toBe(policy);
  });

  it('holds the directives the site relies on', () => {
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' https: http:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
  });
});

describe('headers file and nginx snippet', () => {
  const headers = securityHeaders(contentSecurityPolicy([scriptHash('a()')]));

  it('keeps the rules already in _headers and replaces an older policy', () => {
    const existing: {pattern: string; headers: [string, string][]}[] = [
      {
        pattern: '/*',
        headers: [
          ['X-Frame-Options', 'DENY'],
          ['Content-Security-Policy', 'old'],
        ],
      },
      {pattern: '/api/v1/openapi.json', headers: [['Access-Control-Allow-Origin', '*']]},
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
    fs.writeFileSync(path.join(dir, '_headers'), headersFileText(existing, headers));
    const rules = readHeadersFile(dir);
    const all = rules.find((r: {pattern: string}) => r.pattern === '/*');
    expect(all?.headers).toEqual([['X-Frame-Options', 'DENY'], ...headers, ['Cache-Control', 'no-cache']]);
    expect(rules.map((r: {pattern: string}) => r.pattern)).toEqual(['/*', '/api/v1/openapi.json', '/assets/*']);
    // Netlify lets the later matching rule win: pages revalidate, hashed assets are kept for good.
    const netlify = (urlPath: string) =>
      Object.fromEntries(
        rules
          .filter((r: {pattern: string}) =>
            r.pattern.endsWith('*') ? urlPath.startsWith(r.pattern.slice(0, -1)) : r.pattern === urlPath,
          )
          .flatMap((r: {headers: [string, string][]}) => r.headers),
      )['Cache-Control'];
    for (const urlPath of ['/guides/pinning', '/search-index.json', '/llms.txt', '/assets/js/main.0a1b2c3d.js'])
      expect(netlify(urlPath), urlPath).toBe(cacheControlFor(urlPath));
    // Writing twice changes nothing.
    expect(headersFileText(rules, headers)).toBe(fs.readFileSync(path.join(dir, '_headers'), 'utf8'));
  });
});

// npm test builds the production site (and runs scripts/postbuild.mjs) before vitest runs.
describe('the production build', () => {
  requireBuild();
  it('names the hash of every inline script of every page in _headers and nginx.conf', () => {
    const rules = readHeadersFile(build);
    const policy = rules
      .find((r: {pattern: string}) => r.pattern === '/*')
      ?.headers.find(([k]: [string, string]) => k === 'Content-Security-Policy')?.[1];
    expect(policy, 'build/_headers has a Content-Security-Policy for /*').toBeTruthy();
    const allowed = new Set(scriptSources(policy ?? ''));
    const missing: string[] = [];
    let scripts = 0;
    const pages = listFiles(build).filter((f: string) => f.endsWith('.html'));
    for (const file of pages) {
      for (const body of inlineScripts(fs.readFileSync(file, 'utf8'))) {
        scripts++;
        if (!allowed.has(scriptHash(body))) missing.push(`${path.relative(build, file)}: ${body.slice(0, 60)}`);
      }
    }
    expect(missing, 'inline scripts without a hash in the policy: run `node scripts/postbuild.mjs build`').toEqual([]);
    // Every page has an inline script (the colour-mode one, or a redirect's), so none was overlooked.
    expect(scripts).toBeGreaterThanOrEqual(pages.length);
    expect(nginxHeaderValue(fs.readFileSync(path.join(build, 'nginx.conf'), 'utf8'), 'Content-Security-Policy')).toBe(
      policy,
    );
  });
});
