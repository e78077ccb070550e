import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {parseAllDocuments} from 'yaml';
import {routeRows} from '../routes';
import {codeBlocks, listMdx, proseWords, readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const versions = [
  {name: RELEASED_VERSION, dir: path.join(root, RELEASED_DOCS_DIR), has: (r: {released: boolean}) => r.released},
  {name: 'Next', dir: path.join(root, 'docs'), has: (r: {next: boolean}) => r.next},
];

/** Content routes: a page file per route (not the search page, API reference, snippets or category indexes). */
const contentRoutes = routeRows().filter(
  (r) => r.kind === 'doc' && r.route !== '/' && !r.route.startsWith('/snippets/') && !r.route.startsWith('/api/'),
);

const fileFor = (dir: string, route: string) =>
  ['.mdx', '.md'].map((ext) => path.join(dir, route + ext)).find((f) => fs.existsSync(f));

const PLACEHOLDER = /\b(lorem ipsum|TODO|TBD|FIXME|coming soon|under construction|placeholder text)\b/i;

describe.each(versions)('docs version $name', ({dir, has}) => {
  const rows = contentRoutes.filter(has);

  it.each(rows.map((r) => [r.route]))('%s has a page file', (route) => {
    expect(fileFor(dir, route), `no page for ${route}`).toBeTruthy();
  });

  it.each(rows.map((r) => [r.route]))('%s has title, description, ≥ 300 words of prose and a code block', (route) => {
    const file = fileFor(dir, route);
    if (!file) return; // reported by the test above
    const page = readPage(file);
    expect(page.frontMatter.title, 'front matter title').toBeTruthy();
    expect(String(page.frontMatter.description ?? '').length, 'front matter description').toBeGreaterThan(20);
    expect(proseWords(page.body)).toBeGreaterThanOrEqual(300);
    expect(codeBlocks(page.body).length).toBeGreaterThan(0);
  });

  const allFiles = listMdx(dir);

  it.each(allFiles.map((f) => [path.relative(root, f)]))('%s has no placeholder text', (rel) => {
    const match = PLACEHOLDER.exec(readPage(path.join(root, rel)).body);
    expect(match?.[0], `placeholder in ${rel}`).toBeUndefined();
  });

  // With future.v4, `:::tip Title` is no longer rewritten: the line would show as text. Use `:::tip[Title]`.
  it.each(allFiles.map((f) => [path.relative(root, f)]))('%s writes admonition titles in brackets', (rel) => {
    const source = fs.readFileSync(path.join(root, rel), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    expect(source.match(/^:::[a-z]+ +\S.*$/gm) ?? [], rel).toEqual([]);
  });

  it.each(allFiles.map((f) => [path.relative(root, f)]))('%s: every yaml block parses', (rel) => {
    for (const block of codeBlocks(readPage(path.join(root, rel)).body)) {
      if (block.lang !== 'yaml' && block.lang !== 'yml') continue;
      for (const doc of parseAllDocuments(block.code)) {
        expect(
          doc.errors.map((e) => e.message),
          `${rel}:\n${block.code.slice(0, 200)}`,
        ).toEqual([]);
      }
    }
  });
});

it('the released docs are in line with Next (scripts/sync-released-docs.mjs --check)', () => {
  const run = spawnSync('node', ['scripts/sync-released-docs.mjs', '--check'], {cwd: root, encoding: 'utf8'});
  expect(run.stderr + run.stdout).toContain('in line with Next');
  expect(run.status).toBe(0);
});
