import {describe, expect, it} from 'vitest';
import {
  checkSearchIndex,
  looksLikeSearchIndex,
  searchIndexAddress,
  UNEXPECTED_VERSION_URL,
} from '../../src/lib/searchIndex';

const origin = 'https://docs.lightdash.com';
const template = 'search-index{dir}.json?_=abc';

describe('searchIndexAddress', () => {
  it.each([
    ['/', '', 'https://docs.lightdash.com/search-index.json?_=abc'],
    ['/', 'guides', 'https://docs.lightdash.com/search-index-guides.json?_=abc'],
    ['/', 'api/v1', 'https://docs.lightdash.com/search-index-api-v1.json?_=abc'],
    ['/next/', 'references', 'https://docs.lightdash.com/next/search-index-references.json?_=abc'],
  ])('%s + context "%s" → %s', (versionUrl, context, expected) => {
    expect(searchIndexAddress(versionUrl, context, template, origin).href).toBe(expected);
  });

  it.each([['//evil.example/'], ['/\\evil.example/'], ['https://evil.example/'], ['javascript:alert(1)//']])(
    'refuses a version URL that leaves the origin: %s',
    (versionUrl) => {
      expect(() => searchIndexAddress(versionUrl, '', template, origin)).toThrow(UNEXPECTED_VERSION_URL);
    },
  );
});

describe('checkSearchIndex', () => {
  const reply =
    (body: string, status = 200) =>
    async () =>
      new Response(body, {status});
  it.each([
    ['a valid index', reply(JSON.stringify([{documents: [], index: {}}])), true],
    ['HTTP 404', reply('not found', 404), false],
    ['garbled JSON', reply('{"documents": [', 200), false],
    ['JSON of the wrong shape', reply('{"hello": 1}'), false],
    ['an empty list', reply('[]'), false],
    ['a network error', async () => Promise.reject(new TypeError('Failed to fetch')), false],
  ])('%s', async (_name, fetchFn, ok) => {
    const health = await checkSearchIndex('/', '', template, origin, fetchFn as typeof fetch);
    expect(health.ok).toBe(ok);
    if (!health.ok) expect(health.reason.length).toBeGreaterThan(10);
  });

  it('reports a cross-origin version without fetching anything', async () => {
    let fetched = false;
    const health = await checkSearchIndex('//evil.example/', '', template, origin, (async () => {
      fetched = true;
      return new Response('[]');
    }) as typeof fetch);
    expect(health).toEqual({ok: false, reason: 'the requested docs version is not part of this site'});
    expect(fetched).toBe(false);
  });

  it('looksLikeSearchIndex accepts only lists of {documents, index}', () => {
    expect(looksLikeSearchIndex([{documents: [], index: {}}])).toBe(true);
    expect(looksLikeSearchIndex([{documents: 'x', index: {}}])).toBe(false);
    expect(looksLikeSearchIndex(null)).toBe(false);
  });
});
