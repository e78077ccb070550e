import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import {mapLines} from '../../plugins/markdown-export/fences';
import {markdownPathFor} from '../../plugins/markdown-export/markdownPath';
import {pageDirective} from '../../plugins/markdown-export/agents';
import {parse as parseYaml} from 'yaml';
import {resolveFile} from '../../scripts/serve.mjs';
import {routeRows} from '../routes';
import {BUILD_DIR, requireBuild} from '../support/build';
import {filesUnder} from '../support/files';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const build = BUILD_DIR;
const siteUrl = config.url.replace(/\/+$/, '');

/** Docs pages (and category index pages) of both versions, from the project's route list. */
const docRoutes = routeRows()
  // Old /snippets/* URLs are redirects to the page that uses the partial, not pages.
  .filter((r) => (r.kind === 'doc' || r.kind === 'generated-index') && !r.route.startsWith('/snippets/'))
  .flatMap((r) => [
    ...(r.released ? [r.route] : []),
    ...(r.next ? [r.route === '/' ? '/next/' : `/next${r.route}`] : []),
  ]);

const read = (file: string) => fs.readFileSync(path.join(build, file), 'utf8');

/** The directive for agents that starts every `.md` of a version (issue 36). */
const directiveOf = (route: string) =>
  route.startsWith('/next/')
    ? pageDirective({label: 'Next', released: false, root: `${siteUrl}/next/`}, siteUrl)
    : pageDirective({label: RELEASED_VERSION, released: true, root: `${siteUrl}/`}, siteUrl);
/** A page's `# Title` line: the third line of its `.md`, after the directive and a blank line. */
const titleLine = (markdown: string) => markdown.split('\n')[2];

const markdownFiles = (dir: string) => filesUnder(dir, (name) => name.endsWith('.md'));

/** Prose only: fenced code blocks (at any indentation or quote depth) and inline code removed. */
const prose = (markdown: string) =>
  mapLines(markdown, (line, inCode) => (inCode ? null : line.replace(/(`+)[^`]*?\1/g, ' ')));

/** What must never reach the Markdown: MDX syntax a reader cannot use. */
function leftovers(markdown: string): string[] {
  return prose(markdown)
    .split('\n')
    .filter(
      (line) =>
        /^import\s.*\sfrom\s+['"]|^import\s+['"]|^export\s+(const|let|var|function|class|default|async|\{|\*)/.test(
          line,
        ) || // ESM
        /(?<!\\)<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>/.test(line) || // JSX or HTML tags (not an escaped `\<`)
        /\{#[\w-]+\}/.test(line) || // heading ids
        /^\s*:::/.test(line), // admonition fences
    );
}

describe('markdown-export: the leftover check', () => {
  it('catches JSX, imports, heading ids and admonition fences, but not code', () => {
    const bad = "import X from './x.mdx';\n\n<Tabs>\n\n## A {#a}\n\n:::tip\n\nSee <X />.";
    expect(leftovers(bad)).toHaveLength(5);
    expect(leftovers('Text `<Tabs>` here.\n\n```js\nimport x from "y";\n<Tabs />\n```\n')).toEqual([]);
    expect(leftovers('Start an\nexport job, then\nimport the file.')).toEqual([]);
    expect(leftovers('A type: string \\<uuid>.')).toEqual([]);
  });
});

// npm test builds the production site before vitest runs (scripts/test-all.mjs).
describe('markdown-export: the production build', () => {
  requireBuild();
  it('has a .md next to every docs page of both versions', () => {
    expect(docRoutes.length).toBeGreaterThan(200);
    const missing = docRoutes.filter((route) => !fs.existsSync(path.join(build, markdownPathFor(route))));
    expect(missing).toEqual([]);
  });

  it('leaves no JSX, import/export, heading id or admonition fence in any .md', () => {
    const files = markdownFiles(build);
    expect(files.length).toBeGreaterThanOrEqual(docRoutes.length);
    const offenders = files.flatMap((file) =>
      leftovers(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(build, file)}: ${line}`),
    );
    expect(offenders).toEqual([]);
  });

  it('starts every .md with the one-line directive for agents of its version, then a blank line and the title', () => {
    const wrong = docRoutes.filter((route) => {
      const [directive, blank, title] = read(markdownPathFor(route).slice(1)).split('\n');
      return directive !== directiveOf(route) || blank !== '' || !/^# \S/.test(title);
    });
    expect(wrong).toEqual([]);
    expect(read('guides/pinning.md').split('\n')[0]).toContain(`${siteUrl}/llms.txt`);
    expect(read('next/guides/pinning.md').split('\n')[0]).toContain(`${siteUrl}/next/llms.txt`);
  });

  it('inlines partials in the .md (no component name left)', () => {
    const page = read('get-started/setup-lightdash/using-explores.md');
    expect(titleLine(page)).toMatch(/^# \S/);
    expect(page).not.toMatch(/UsingExplores/);
    expect(page.length).toBeGreaterThan(1500);
  });

  for (const [file, versionRoot] of [
    ['llms.txt', '/'],
    ['next/llms.txt', '/next/'],
  ] as const) {
    describe(file, () => {
      const text = () => read(file);

      it('follows llmstxt.org: H1, blockquote summary, details, then H2 sections of link lists', () => {
        const blocks = text()
          .trimEnd()
          .split(/\n{2,}/);
        expect(blocks[0]).toMatch(/^# Lightdash documentation/);
        expect(blocks[1]).toMatch(/^> \S/);
        const firstSection = blocks.findIndex((b) => b.startsWith('## '));
        expect(firstSection).toBeGreaterThan(1);
        for (const b of blocks.slice(2, firstSection)) expect(b).not.toMatch(/^#/);
        const rest = blocks.slice(firstSection);
        for (let i = 0; i < rest.length; i += 2) {
          expect(rest[i]).toMatch(/^## \S[^\n]*$/);
          for (const line of (rest[i + 1] ?? '').split('\n')) {
            expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/);
          }
        }
      });

      it('instructs agents before the first section: the .md rule, the MCP URL and how to report a problem', () => {
        const head = text().slice(0, text().indexOf('\n## '));
        expect(head).toContain('Instructions for AI agents:');
        expect(head).toContain(`${siteUrl}/mcp`);
        expect(head).toContain('`submit_feedback`');
        expect(head).toContain('https://github.com/lightdash/lightdash/issues');
        // The example of the .md rule is a real page of this version.
        const [, example] = /by adding `\.md` to its URL: (\S+) for /.exec(head) ?? [];
        expect(example?.startsWith(siteUrl + versionRoot)).toBe(true);
        expect(resolveFile(build, (example ?? '').slice(siteUrl.length))).toBeTruthy();
      });

      it('links only to files that exist in the build', () => {
        const urls = [...text().matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]);
        expect(urls.length).toBeGreaterThan(100);
        const broken = urls.filter((u) => !u.startsWith(`${siteUrl}/`) || !resolveFile(build, u.slice(siteUrl.length)));
        expect(broken).toEqual([]);
      });

      it('links the Markdown of every docs page of its version', () => {
        const linked = new Set([...text().matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]));
        const routes = docRoutes.filter((r) => (versionRoot === '/') !== r.startsWith('/next/'));
        expect(routes.filter((r) => !linked.has(siteUrl + markdownPathFor(r)))).toEqual([]);
      });
    });
  }

  it('llms.txt has the sidebar sections, an API section with the reference index and Next as Optional', () => {
    const sections = [...read('llms.txt').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(
      expect.arrayContaining(['Getting started tutorials', 'Guides', 'References', 'Self-hosting', 'API', 'Optional']),
    );
    expect(sections.slice(-2)).toEqual(['API', 'Optional']);
    expect(read('llms.txt')).toContain(`(${siteUrl}/api/v1/llms.txt)`);
    expect(read('llms.txt')).toContain(`(${siteUrl}/api/v1/spaces.md)`);
    expect(read('llms.txt')).toContain(`(${siteUrl}/next/llms.txt)`);
    // The OpenAPI documents are data, not pages: the reference's own llms.txt lists them under Optional, where
    // checkers such as afdocs do not take them for pages (issue 48).
    expect(read('llms.txt')).not.toContain('openapi.json');
    const api = read('api/v1/llms.txt');
    expect([...api.matchAll(/^## (.+)$/gm)].map((m) => m[1]).slice(-1)).toEqual(['Optional']);
    expect(api.slice(api.indexOf('## Optional'))).toContain(`(${siteUrl}/api/v1/openapi.json)`);
    expect(api).toContain(`(${siteUrl}/api/v1/spaces/create-space-in-project.md)`);
    expect(api).toContain(`(${siteUrl}/api/v1/schemas/Space.md)`);
  });

  it('keeps the page actions out of the search indexes', () => {
    const indexes = fs.readdirSync(build).filter((f) => /^search-index.*\.json$/.test(f));
    expect(indexes.length).toBeGreaterThan(0);
    // The one page that explains these controls names them in its text; no other page may.
    const explainer = /^(\/next)?\/use-these-docs-with-ai$/;
    const leaks = indexes.flatMap((f) =>
      (JSON.parse(read(f)) as {documents: {t: string; u: string}[]}[])
        .flatMap((part) => part.documents)
        .filter(
          (d) =>
            !explainer.test(d.u) &&
            /View as Markdown|Copy page|Open in (ChatGPT|Claude)|Connect to (Cursor|VS Code)|Copy MCP config/.test(d.t),
        )
        .map((d) => `${f}: ${d.u}`),
    );
    expect(leaks).toEqual([]);
  });

  it('llms-full.txt holds the title and the URL of every released page', () => {
    const full = read('llms-full.txt');
    const released = docRoutes.filter((r) => !r.startsWith('/next/'));
    const missing = released.filter((route) => {
      const title = titleLine(read(markdownPathFor(route).slice(1)));
      return !full.includes(`${title}\nSource: ${siteUrl}${route}\n`);
    });
    expect(missing).toEqual([]);
    // The instructions come once, at the top; the pages in it carry no directive.
    expect(full.match(/Instructions for AI agents:/g)).toHaveLength(1);
    expect(full).not.toContain('> For AI agents:');
  });

  it('writes skill.md at the site root: Agent Skills front matter, then how to read, connect and report', () => {
    const text = read('skill.md');
    const [, yaml, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text) ?? [];
    const front = parseYaml(yaml) as {name: string; description: string; metadata: Record<string, string>};
    expect(front.name).toBe('lightdash-docs');
    expect(front.description.length).toBeLessThanOrEqual(1024);
    expect(front.metadata.version).toBe(RELEASED_VERSION);
    for (const url of [`${siteUrl}/llms.txt`, `${siteUrl}/next/llms.txt`, `${siteUrl}/mcp`])
      expect(body).toContain(url);
    expect(body).toContain('`submit_feedback`');
    // Both servers send it as Markdown (.md), as every page's copy.
    expect(resolveFile(build, '/skill.md')).toBeTruthy();
  });
});
