/**
 * Readers' words (src/search/vocabulary.ts), misspellings and exact names, on the production build's
 * all-sections index: each vocabulary entry leads somewhere real, a misspelt word still finds its pages,
 * and an identifier or a role finds the page that explains it before API pages that only list it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {VOCABULARY, withDocsWords} from '../../src/search/vocabulary';
import {BUILD_DIR} from '../support/build';
import {createPluginSearch, type Search} from './pluginSearch';

let search: Search;
let lines: string[];
// relax.ts imports the plugin's generated constants, which pluginSearch.ts mocks: imported after it.
let allowedTypos: (word: string) => number;
let tokenize: (text: string, language: string[]) => string[];

beforeAll(async () => {
  search = await createPluginSearch();
  ({allowedTypos} = await import('../../src/search/relax'));
  ({tokenize} = await import('@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js'));
  const index = JSON.parse(readFileSync(path.join(BUILD_DIR, 'search-index.json'), 'utf8')) as {
    documents: {t: string}[];
  }[];
  lines = index.flatMap((part) => part.documents.map((d) => ` ${d.t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `));
});

const top = async (q: string, n = 5) => (await search(q)).slice(0, n).map((hit) => hit.url);

/** A check that query `q` has a result whose address holds `part` among its first `n`. */
const expectAmongFirst = (n: number) => async (q: string, part: string) => {
  const urls = await top(q, n);
  expect(
    urls.some((url) => url.includes(part)),
    urls.join('\n'),
  ).toBe(true);
};

describe('the vocabulary map', () => {
  it('has entries written as the search splits words, each once', () => {
    const problems = VOCABULARY.flatMap(({reader, docs}) => [
      ...(tokenize(reader, ['en']).join(' ') === reader ? [] : [`"${reader}" is not lower case, split on spaces`]),
      ...(docs.trim() === docs && docs === docs.toLowerCase() ? [] : [`"${docs}" is not lower case, trimmed`]),
      ...(reader === docs ? [`"${reader}" maps to itself`] : []),
    ]);
    const readers = VOCABULARY.map((entry) => entry.reader);
    expect(problems).toEqual([]);
    expect(readers.filter((r, i) => readers.indexOf(r) !== i)).toEqual([]);
  });

  it.each(VOCABULARY.map((entry) => [entry.reader, entry.docs]))(
    '"%s" → "%s": the docs phrase is on some page',
    (_reader, docs) => {
      expect(lines.some((line) => line.includes(` ${docs} `))).toBe(true);
    },
  );

  it('replaces whole words only, longest phrase first, never as a pattern', () => {
    expect(withDocsWords(['env', 'vars', 'for', 'sso']).words).toEqual(['environment', 'variables', 'for', 'sso']);
    expect(withDocsWords(['environment']).words).toEqual(['environment']);
    expect(withDocsWords(['iframes']).words).toEqual(['iframes']);
    // Characters that mean something in a regular expression are plain text here.
    expect(withDocsWords(['.*', '(iframe', 'iframe)', '[k8s]']).words).toEqual(['.*', '(iframe', 'iframe)', '[k8s]']);
  });

  it.each([
    ['iframe zzqxv dashboard', '/references/embedding'],
    ['k8s zzqxv install', '/self-host/'],
    ['calculated field percent', '/references/table-calculations'],
    ['env var zzqxv site url', 'environment'],
    ['timeframes zzqxv date dimension', '/references/dimensions'],
    ['whitelist zzqxv IP address warehouse', '/get-started/setup-lightdash/connect-project'],
    ['hyperlinks zzqxv dimension values', '/references/dimensions'],
  ])('"%s" finds %s among the first five', expectAmongFirst(5));
});

describe('misspelt words', () => {
  it('allows one letter off from five letters, two from nine, none below', () => {
    expect([allowedTypos('sso'), allowedTypos('helm'), allowedTypos('slack'), allowedTypos('dashboards')]).toEqual([
      0, 0, 1, 2,
    ]);
  });

  it('looks up no misspelling for a word past 32 letters, which took seconds (a pasted string)', () => {
    expect([allowedTypos('x'.repeat(32)), allowedTypos('x'.repeat(33)), allowedTypos('x'.repeat(200))]).toEqual([
      2, 0, 0,
    ]);
  });

  it.each([
    ['dashbaord filters', '/references/filters'],
    ['enviroment variables', '/self-host/customize-deployment/environment-variables'],
    ['schedueld deliveries', 'scheduled-deliveries'],
  ])('"%s" finds %s among the first five', expectAmongFirst(5));

  it('does not put a near word in place of a real one: "aware" is not "away"', async () => {
    await expectAmongFirst(8)('CLI behind Identity-Aware Proxy', '/references/lightdash-cli');
  });
});

describe('exact names and roles', () => {
  it.each([
    ['startOfWeek', '/get-started/setup-lightdash/connect-project'],
    ['SCHEDULER_ENABLED', '/self-host/customize-deployment/'],
    ['sql_filter', '/references/'],
    ['interactive viewer role', '/references/roles'],
    ['editor role', '/references/roles'],
  ])('"%s": the docs page that explains it comes first (%s)', async (q, part) => {
    const urls = await top(q, 3);
    expect(urls[0]?.startsWith(part), urls.join('\n')).toBe(true);
  });
});
