/**
 * The MCP server's search is the site's search: for the same query it gives the same results, in the
 * same order, as the search plugin's worker run the way the relevance test runs it
 * (tests/search/pluginSearch.ts), and it uses the constants the build generated for the plugin.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPluginSearch, type Search} from '../search/pluginSearch';
import {BUILD_DIR, callJson, requireBuild, ROOT, SLOW, startServer, type SearchAnswer} from './client';
import type {ServerUnderTest} from './client';

const QUERIES = ['join tables', 'metrics', 'personal access token', 'schedul delivery', 'dbt', 'metrc filtr'];

let server: ServerUnderTest;
let pluginSearch: Search;

beforeAll(async () => {
  requireBuild();
  [server, pluginSearch] = await Promise.all([startServer(['--source', BUILD_DIR]), createPluginSearch()]);
}, SLOW);
afterAll(() => server?.close());

describe('search_docs ranks like the site', () => {
  it.each(QUERIES)(
    '"%s": the same hits in the same order as the site search',
    async (query) => {
      const answer = await callJson<SearchAnswer>(server.client, 'search_docs', {query});
      const expected = (await pluginSearch(query)).map((hit) => hit.url);
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.hits.map((hit) => decodeURI(new URL(hit.url).pathname + new URL(hit.url).hash))).toEqual(
        expected.map((u) => decodeURI(u)),
      );
    },
    SLOW,
  );
});

describe('the search constants', () => {
  it('are the ones the build generated from docusaurus.config.ts', async () => {
    const generatedFile = path.join(
      ROOT,
      '.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
    );
    const generated = readFileSync(generatedFile, 'utf8');
    const ours = (await import(
      pathToFileURL(path.join(ROOT, 'mcp/lib/search/generated-constants.mjs')).href
    )) as Record<string, unknown>;
    const exported = [...generated.matchAll(/^export const (\w+) = (.+);$/gm)];
    expect(exported.map(([, name]) => name).sort()).toEqual(Object.keys(ours).sort());
    for (const [, name, value] of exported) {
      // The build's index address carries a cache-busting hash that only browsers need.
      const expected = name === 'searchIndexUrl' ? value.replace(/\?_=\w+/, '') : value;
      expect(JSON.stringify(ours[name]), name).toBe(JSON.stringify(JSON.parse(expected)));
    }
  });
});
