/**
 * The docs pages as MCP resources, the resource templates with completion, logging/setLevel and the prompts
 * (issue 48), on the production build through the SDK's client over stdio.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR, requireBuild, SLOW, startServer, type ServerUnderTest} from './client';
import {RESOURCES_PAGE_SIZE} from '../../mcp/lib/resources.mjs';
import {METRIC_TYPES, sectionsOf} from '../../mcp/lib/prompts.mjs';

const SITE = 'https://docs.lightdash.com';
let server: ServerUnderTest;

beforeAll(async () => {
  requireBuild();
  server = await startServer(['--source', BUILD_DIR]);
}, SLOW);
afterAll(() => server?.close());

/** Every `.md` link of the three llms.txt files: the pages the resources must list. */
function llmsPages(): Set<string> {
  const pages = new Set<string>();
  for (const file of ['llms.txt', 'next/llms.txt', 'api/v1/llms.txt']) {
    const text = readFileSync(path.join(BUILD_DIR, file), 'utf8');
    for (const [, url] of text.matchAll(/^- \[[^\]]+\]\((\S+?\.md)\)/gm)) pages.add(url);
  }
  return pages;
}

describe('resources', () => {
  it('lists every page once, a page of results at a time', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await server.client.listResources(cursor ? {cursor} : {});
      expect(answer.resources.length).toBeLessThanOrEqual(RESOURCES_PAGE_SIZE);
      for (const resource of answer.resources) {
        expect(resource.mimeType).toBe('text/markdown');
        expect(resource.name).toMatch(/\.md$/);
        seen.push(resource.uri);
      }
      cursor = answer.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(llmsPages());
    // The API reference is among them.
    expect(seen).toContain(`${SITE}/api/v1/index.md`);
  });

  it('refuses a cursor it did not give', async () => {
    await expect(server.client.listResources({cursor: 'not-a-cursor'})).rejects.toThrow(/Invalid cursor/);
  });

  it('reads a page, a Next page and an API page as their Markdown files', async () => {
    for (const page of ['guides/how-to-join-tables.md', 'next/guides/how-to-join-tables.md', 'api/v1/index.md']) {
      const {contents} = await server.client.readResource({uri: `${SITE}/${page}`});
      expect(contents).toEqual([
        {uri: `${SITE}/${page}`, mimeType: 'text/markdown', text: readFileSync(path.join(BUILD_DIR, page), 'utf8')},
      ]);
    }
  });

  it('answers an unknown page with the resource-not-found error', async () => {
    await expect(server.client.readResource({uri: `${SITE}/guides/no-such-page.md`})).rejects.toMatchObject({
      code: -32002,
    });
    await expect(server.client.readResource({uri: `${SITE}/../../package.json`})).rejects.toThrow();
  });

  it('has a template per docs version that completes page paths of that version', async () => {
    const {resourceTemplates} = await server.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([`${SITE}/next/{+path}.md`, `${SITE}/{+path}.md`]);
    const complete = (uri: string, value: string) =>
      server.client.complete({ref: {type: 'ref/resource', uri}, argument: {name: 'path', value}});
    expect((await complete(`${SITE}/{+path}.md`, 'guides/how-to-join')).completion.values).toEqual([
      'guides/how-to-join-tables',
    ]);
    expect((await complete(`${SITE}/{+path}.md`, 'api/v1/spa')).completion.values).toContain('api/v1/spaces');
    expect((await complete(`${SITE}/next/{+path}.md`, 'references/metr')).completion.values).toEqual([
      'references/metrics',
    ]);
    // Anywhere in the path when nothing starts with it; capped at 100 as the spec asks.
    expect((await complete(`${SITE}/{+path}.md`, 'join-tables')).completion.values).toContain(
      'guides/how-to-join-tables',
    );
    expect((await complete(`${SITE}/{+path}.md`, '')).completion.values).toHaveLength(100);
  });
});

describe('logging', () => {
  it('accepts a level', async () => {
    expect(server.client.getServerCapabilities()?.logging).toEqual({});
    await expect(server.client.setLoggingLevel('warning')).resolves.toEqual({});
  });
});

describe('prompts', () => {
  it('sends the metrics reference sections a metric needs', async () => {
    const {messages} = await server.client.getPrompt({
      name: 'write_metric',
      arguments: {column: 'amount', type: 'sum'},
    });
    expect(messages[0].content).toMatchObject({type: 'text', text: expect.stringContaining('`amount` of type `sum`')});
    const resource = messages[1].content as {type: string; resource: {uri: string; text: string}};
    expect(resource.resource.uri).toBe(`${SITE}/references/metrics.md`);
    const headings = resource.resource.text.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['## Defining metrics on a column', '## Metric properties', '## Metric types', '### sum']);
    await expect(
      server.client.getPrompt({name: 'write_metric', arguments: {column: 'amount', type: 'avg'}}),
    ).rejects.toThrow(/"avg" is not a metric type/);
    const types = await server.client.complete({
      ref: {type: 'ref/prompt', name: 'write_metric'},
      argument: {name: 'type', value: 'count'},
    });
    expect(types.completion.values).toEqual(['count', 'count_distinct']);
  });

  it('answers from the docs with the search hits, and calls the API with the operation page', async () => {
    const answer = await server.client.getPrompt({name: 'answer_from_docs', arguments: {question: 'join tables'}});
    expect(answer.messages[0].content).toMatchObject({
      text: expect.stringContaining(`${SITE}/guides/how-to-join-tables.md`),
    });
    const next = await server.client.getPrompt({
      name: 'answer_from_docs',
      arguments: {question: 'join tables', version: 'next'},
    });
    expect(next.messages[0].content).toMatchObject({text: expect.stringContaining(`${SITE}/next/guides/`)});
    await expect(
      server.client.getPrompt({name: 'answer_from_docs', arguments: {question: 'joins', version: 'v9'}}),
    ).rejects.toThrow(/version/);
    const ops = await server.client.complete({
      ref: {type: 'ref/prompt', name: 'call_api'},
      argument: {name: 'operation', value: 'GetChartHist'},
    });
    expect(ops.completion.values).toEqual(['GetChartHistory']);
    const call = await server.client.getPrompt({name: 'call_api', arguments: {operation: 'GetChartHistory'}});
    const page = call.messages[1].content as {resource: {uri: string; text: string}};
    expect(page.resource.text).toBe(readFileSync(path.join(BUILD_DIR, new URL(page.resource.uri).pathname), 'utf8'));
    await expect(server.client.getPrompt({name: 'call_api', arguments: {operation: 'NoSuchOp'}})).rejects.toThrow(
      /no API operation/,
    );
  });

  it('cuts a page at the headings asked for, ignoring headings inside code', () => {
    const page = '# T\n\n## A\na\n```\n## not a heading\n```\n### sum\ns\n## B\nb\n### sum\nt\n## C\n';
    expect(sectionsOf(page, ['A'])).toBe('## A\na\n```\n## not a heading\n```\n### sum\ns');
    expect(sectionsOf(page, ['sum'])).toBe('### sum\ns\n\n### sum\nt');
    expect(METRIC_TYPES).toContain('count_distinct');
  });
});
