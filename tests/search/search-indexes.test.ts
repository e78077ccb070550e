import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import * as searchIndexes from '../../scripts/search-indexes.mjs';
import contexts from '../../src/searchContexts.json';
import {BUILD_DIR, requireBuild} from '../support/build';

interface Doc {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  b?: string[];
}
type Sections = {documents: Doc[]; index: unknown}[];

const {
  inContext,
  splitByContext,
  labelContextResults,
  contextIndexName,
  versionFolders,
  firstStageOf,
  indexParts,
  REPEATED_HEADING_PAGES,
} = searchIndexes as unknown as {
  inContext(url: string, prefix: string, context: string): boolean;
  splitByContext(all: Sections, prefix: string, ctx: typeof contexts): [string, Sections][];
  labelContextResults(all: Sections, context: {label: string; path: string}): number;
  contextIndexName(context: string): string;
  versionFolders(outDir: string): string[];
  firstStageOf(all: Sections): Sections;
  indexParts(kinds: Doc[][]): Sections;
  REPEATED_HEADING_PAGES: number;
};

type Searchable = {
  search(q: string): {ref: string; matchData: {metadata: Record<string, {t?: {position: [number, number][]}}>}}[];
};

const build = BUILD_DIR;
const readIndex = (file: string): Sections => JSON.parse(fs.readFileSync(file, 'utf8')) as Sections;
const pageUrls = (index: Sections) => new Set(index.flatMap((s) => s.documents.map((d) => d.u)));

describe('search index post-build', () => {
  it.each([
    ['/next/guides/pinning', '/next/', 'guides', true],
    ['/next/guides', '/next/', 'guides', true],
    ['/next/guides-old/x', '/next/', 'guides', false],
    ['/guides/pinning', '/next/', 'guides', false],
    ['/api/v1/spaces/create-space-in-project#response-200', '/', 'api/v1', true],
    ['/api/v1x', '/', 'api/v1', false],
  ])('%s with prefix %s is in "%s": %s', (url, prefix, context, expected) => {
    expect(inContext(url, prefix, context)).toBe(expected);
  });

  it('names files as the plugin does: / becomes -', () => {
    expect(contextIndexName('api/v1')).toBe('search-index-api-v1.json');
  });

  it('splits a version index by context and builds a lunr index the client can search', () => {
    const all: Sections = [
      {
        documents: [
          {i: 1, t: 'Pinning', u: '/next/guides/pinning'},
          {i: 2, t: 'Metrics', u: '/next/references/metrics'},
          {i: 3, t: 'Home', u: '/next/'},
        ],
        index: {},
      },
      {documents: [{i: 4, t: 'Pin a chart', u: '/next/guides/pinning', h: '#pin', p: 1}], index: {}},
    ];
    const split = Object.fromEntries(splitByContext(all, '/next/', contexts));
    expect(Object.keys(split).sort()).toEqual(['search-index-guides.json', 'search-index-references.json']);
    const guides = split['search-index-guides.json'];
    expect(guides.map((s) => s.documents.map((d) => d.i))).toEqual([[1], [4]]);
    const search = (i: number, q: string) => (guides[i].index as Searchable).search(q).map((r) => r.ref);
    expect(search(1, 'pin')).toEqual(['4']);
    expect(search(0, 'metrics')).toEqual([]);
  });

  it('gives results under the API path the "API Reference" label and leaves others alone', () => {
    const all: Sections = [
      {
        documents: [
          {i: 1, t: 'Create a space', u: '/api/v1/spaces/create-space-in-project', b: ['API', 'Spaces']},
          {i: 2, t: 'Spaces', u: '/references/spaces', b: ['Docs', 'References']},
        ],
        index: {},
      },
    ];
    const api = contexts.find((c) => c.path === 'api/v1') as {label: string; path: string};
    expect(labelContextResults(all, api)).toBe(1);
    expect(all[0].documents.map((d) => d.b)).toEqual([
      ['API Reference', 'Spaces'],
      ['Docs', 'References'],
    ]);
    expect(labelContextResults(all, api)).toBe(0);
  });
});

describe('possessives are indexed as their word', () => {
  const text = "Set the project's time zone, then check the users' deliveries.";
  const [part] = indexParts([[{i: 7, t: text, u: '/guides/x', h: '', p: 1}]]);
  const search = (q: string) => (part.index as Searchable).search(q);

  it('finds the line by the word, and by a half-typed word past its stem', () => {
    // Before: the terms were `project'` and `user'`, which neither "project" nor "users" reach.
    expect(search('project').map((r) => r.ref)).toEqual(['7']);
    expect(search('user').map((r) => r.ref)).toEqual(['7']);
    expect(search('projec*').map((r) => r.ref)).toEqual(['7']);
  });

  it('keeps the text as written, and match positions that point at the word in it', () => {
    expect(part.documents[0].t).toBe(text);
    const [hit] = search('project');
    const [[start, length]] = Object.values(hit.matchData.metadata)[0].t!.position;
    expect(text.slice(start, start + length)).toBe('project');
  });
});

describe('first stage of an index', () => {
  const pages = REPEATED_HEADING_PAGES;
  const titles = Array.from({length: pages}, (_, i) => ({i: i + 1, t: `Page ${i + 1}`, u: `/p${i + 1}`}));
  // "Responses" on every page; "Rotate a token" on one; "Parameters" on one page fewer than the limit.
  const headings = titles.flatMap(({i, u}) => [
    {i: 100 + i, t: 'Responses', u, h: '#responses', p: i},
    ...(i < pages ? [{i: 200 + i, t: 'Parameters', u, h: '#parameters', p: i}] : []),
  ]);
  headings.push({i: 300, t: 'Rotate a token', u: '/p1', h: '#rotate', p: 1});
  const all: Sections = [
    {documents: titles, index: {}},
    {documents: headings, index: {}},
    {documents: [{i: 400, t: 'About tokens', u: '/p1', p: 1}], index: {}},
    {documents: [], index: {}},
    {documents: [{i: 500, t: 'Body text', u: '/p1', p: 1}], index: {}},
  ];
  const stage = firstStageOf(all);

  it('keeps the parts before the body text, the titles, descriptions and keywords unchanged', () => {
    expect(stage).toHaveLength(4);
    expect(stage[0]).toBe(all[0]);
    expect(stage[2]).toBe(all[2]);
    expect(stage[3]).toBe(all[3]);
  });

  it('leaves out a heading found on the limit of pages, keeps one found on fewer', () => {
    const kept = stage[1].documents.map((d) => d.t);
    expect(kept).not.toContain('Responses');
    expect(kept.filter((t) => t === 'Parameters')).toHaveLength(pages - 1);
    expect(kept).toContain('Rotate a token');
  });

  it('rebuilds the headings index over what is kept, searchable as the plugin searches it', () => {
    const search = (q: string) => (stage[1].index as Searchable).search(q).map((r) => r.ref);
    expect(search('rotate')).toEqual(['300']);
    expect(search('responses')).toEqual([]);
    expect(search('parameters')).toHaveLength(pages - 1);
  });
});

describe('the built search indexes', () => {
  requireBuild('search-index.json');
  const folders = versionFolders(build);

  it('has a docs version served under a path (Next)', () => {
    expect(folders).toContain('next');
  });

  it.each(folders)('version /%s/ has an index per context holding exactly its pages', (folder) => {
    const all = pageUrls(readIndex(path.join(build, folder, 'search-index.json')));
    for (const {path: ctx} of contexts) {
      const expected = [...all].filter((u) => inContext(u, `/${folder}/`, ctx));
      const file = path.join(build, folder, contextIndexName(ctx));
      if (expected.length === 0) continue;
      expect(fs.existsSync(file), `${folder}/${contextIndexName(ctx)}`).toBe(true);
      expect([...pageUrls(readIndex(file))].sort()).toEqual(expected.sort());
    }
  });

  it('holds no possessive as a term of its own (`project\'` for "project\'s")', () => {
    const terms = (file: string) =>
      readIndex(file).flatMap((part) =>
        ((part.index as {invertedIndex: [string, unknown][]}).invertedIndex ?? []).map(([term]) => term),
      );
    for (const name of ['search-index.json', 'search-index.stage1.json', path.join(folders[0], 'search-index.json')]) {
      expect(
        terms(path.join(build, name)).filter((term) => /\p{L}['’]$/u.test(term)),
        name,
      ).toEqual([]);
    }
  });

  it('labels every API result "API Reference" in the root and API indexes', () => {
    for (const name of ['search-index.json', 'search-index-api-v1.json']) {
      const docs = readIndex(path.join(build, name))[0].documents.filter((d) => d.u.startsWith('/api/v1/'));
      expect(docs.length, name).toBeGreaterThan(100);
      expect(docs.filter((d) => d.b?.[0] !== 'API Reference').map((d) => d.u)).toEqual([]);
    }
  });
});
