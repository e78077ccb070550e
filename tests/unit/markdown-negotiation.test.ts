/**
 * Markdown for agents on our servers (issue 48, scripts/markdown-negotiation.mjs): which Accept headers get the
 * Markdown twin, which file is a page's twin, the nginx lines, and the discovery link and directive every page gets.
 * The servers themselves answer in tests/e2e/agent-readiness.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parse} from 'node-html-parser';
import {describe, expect, it} from 'vitest';
import {
  addMarkdownDiscovery,
  explicitHtml,
  markdownTwinOf,
  negotiateMarkdown,
  nginxMarkdownServerLines,
  nginxMarkdownTry,
  prefersMarkdown,
  withMarkdownDiscovery,
} from '../../scripts/markdown-negotiation.mjs';
import {nginxConfig} from '../../scripts/nginx-config.mjs';
import {createServer} from '../../scripts/serve.mjs';
import type {AddressInfo} from 'node:net';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/x-markdown', true],
    ['TEXT/Markdown; charset=utf-8', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (accept, expected) => expect(prefersMarkdown(accept)).toBe(expected));

  it('is the rule nginx applies', () => {
    const pattern = /~\* "([^"]+)"/.exec(nginxMarkdownServerLines().join('\n'))?.[1] as string;
    for (const accept of ['text/markdown', 'text/x-markdown', 'text/html', '*/*']) {
      expect(new RegExp(pattern, 'i').test(accept), accept).toBe(prefersMarkdown(accept));
    }
  });
});

describe('markdownTwinOf and negotiateMarkdown', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'));
  const write = (file: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), file);
  };
  ['index.html', 'index.md', 'guides/pinning/index.html', 'guides/pinning.md', 'next/index.html', 'next/index.md']
    .concat(['search/index.html', '404.html', 'api/v1/index.html', 'api/v1/index.md', 'old.html', 'old.md'])
    .forEach(write);
  const at = (file: string) => path.join(dir, file);

  it.each([
    ['index.html', 'index.md'],
    ['guides/pinning/index.html', 'guides/pinning.md'],
    ['next/index.html', 'next/index.md'],
    ['api/v1/index.html', 'api/v1/index.md'],
    ['old.html', 'old.md'],
    ['search/index.html', null],
    ['404.html', null],
    ['guides/pinning.md', null],
  ])('%s → %s', (file, twin) => expect(markdownTwinOf(dir, at(file))).toBe(twin && at(twin)));

  it('answers the twin only when asked for Markdown, and varies on Accept for a page that has one', () => {
    const page = at('guides/pinning/index.html');
    expect(negotiateMarkdown(dir, page, 'text/markdown')).toEqual({file: at('guides/pinning.md'), vary: true});
    expect(negotiateMarkdown(dir, page, 'text/html')).toEqual({file: page, vary: true});
    expect(negotiateMarkdown(dir, at('search/index.html'), 'text/markdown')).toEqual({
      file: at('search/index.html'),
      vary: false,
    });
    expect(negotiateMarkdown(dir, null, 'text/markdown')).toEqual({file: null, vary: false});
  });
});

describe('nginx', () => {
  it('tries the twin first on page locations and says Vary: Accept', () => {
    const config = nginxConfig([['X-Content-Type-Options', 'nosniff']]);
    for (const line of nginxMarkdownServerLines()) expect(config).toContain(line);
    expect(config).toContain(nginxMarkdownTry.page);
    expect(config).toContain(nginxMarkdownTry.folder);
    expect(config.split(nginxMarkdownTry.vary).length - 1).toBe(2);
  });
});

describe('discovery in the HTML', () => {
  // As the minifier writes a page: unquoted attributes, optional end tags left out.
  const page =
    '<!doctype html><html lang=en><head><title>T</title></head><body class=x><div id=__docusaurus><main>' +
    '<article><table><tr><th>a<th>b<tr><td>1<td>2</table><dl><dt>k<dd>v</dl><p>Text</article></main></div>';

  it('adds the alternate link and, first in the body, a hidden directive out of the tab order', () => {
    const html = withMarkdownDiscovery(page, '/guides/pinning.md');
    const root = parse(html);
    expect(root.querySelector('head link[rel="alternate"]')?.getAttribute('href')).toBe('/guides/pinning.md');
    expect(root.querySelector('head link[rel="alternate"]')?.getAttribute('type')).toBe('text/markdown');
    const directive = root.querySelector('body')?.childNodes.find((n) => n.nodeType === 1) as unknown as {
      getAttribute: (name: string) => string;
      querySelectorAll: (s: string) => {getAttribute: (name: string) => string}[];
      text: string;
    };
    expect(directive.getAttribute('class')).toBe('visually-hidden');
    expect(directive.getAttribute('aria-hidden')).toBe('true');
    expect(directive.text).toContain('For AI agents');
    const links = directive.querySelectorAll('a');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/llms.txt', '/guides/pinning.md']);
    expect(links.every((a) => a.getAttribute('tabindex') === '-1')).toBe(true);
    expect(html).not.toContain('<script');
    // Idempotent: a second pass adds nothing.
    expect(withMarkdownDiscovery(html, '/guides/pinning.md')).toBe(html);
  });

  it('names llms.txt alone on a page without a twin', () => {
    const html = withMarkdownDiscovery(page, null);
    expect(html).not.toContain('rel="alternate"');
    expect(html).toContain('<a href="/llms.txt" tabindex="-1">');
  });

  it('writes every end tag, so lenient parsers find the content', () => {
    expect(parse(page).querySelector('main article table')).toBeNull();
    const root = parse(explicitHtml(page));
    expect(root.querySelectorAll('main article td').map((td) => td.text)).toEqual(['1', '2']);
    expect(root.querySelector('main article dd')?.text).toBe('v');
  });

  it('edits every page of a build folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discovery-'));
    fs.mkdirSync(path.join(dir, 'guides/pinning'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'guides/pinning/index.html'), page);
    fs.writeFileSync(path.join(dir, 'guides/pinning.md'), '# Pinning');
    fs.writeFileSync(path.join(dir, '404.html'), page);
    const files = ['guides/pinning/index.html', 'guides/pinning.md', '404.html'].map((f) => path.join(dir, f));
    expect(addMarkdownDiscovery(dir, files)).toBe(
      '2 pages given the agent directive, 1 of them a link to their Markdown twin',
    );
    expect(fs.readFileSync(files[0], 'utf8')).toContain('href="/guides/pinning.md"');
    expect(fs.readFileSync(files[2], 'utf8')).not.toContain('rel="alternate"');
  });
});

describe('npm run serve (scripts/serve.mjs)', () => {
  it('answers a page asked for as Markdown with its twin, and varies on Accept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-md-'));
    fs.mkdirSync(path.join(dir, 'guides/pinning'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(dir, 'index.md'), '# Home');
    fs.writeFileSync(path.join(dir, 'guides/pinning/index.html'), '<h1>Pinning</h1>');
    fs.writeFileSync(path.join(dir, 'guides/pinning.md'), '# Pinning');
    fs.writeFileSync(path.join(dir, 'llms.txt'), '# Docs');
    fs.writeFileSync(path.join(dir, '404.html'), '<h1>Not found</h1>');
    const server = createServer(dir, {quiet: true});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (url: string, accept?: string) => {
      const response = await fetch(base + url, {headers: accept ? {accept} : {}});
      return {
        type: response.headers.get('content-type'),
        vary: response.headers.get('vary'),
        text: await response.text(),
      };
    };
    try {
      expect(await get('/guides/pinning', 'text/markdown')).toEqual({
        type: 'text/markdown; charset=utf-8',
        vary: 'Accept, Accept-Encoding',
        text: '# Pinning',
      });
      expect((await get('/', 'text/x-markdown')).text).toBe('# Home');
      expect(await get('/guides/pinning', 'text/html,*/*;q=0.8')).toMatchObject({
        type: 'text/html; charset=utf-8',
        vary: 'Accept, Accept-Encoding',
      });
      // Files that are not pages do not vary; an unknown page is the 404 page whatever is asked.
      expect((await get('/llms.txt', 'text/markdown')).vary).toBe('Accept-Encoding');
      expect((await get('/guides/pinning.md')).text).toBe('# Pinning');
      expect((await get('/nowhere', 'text/markdown')).text).toBe('<h1>Not found</h1>');
    } finally {
      server.close();
    }
  });
});
