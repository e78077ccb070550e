import {describe, expect, it} from 'vitest';
import {
  checkSearchIndex,
  looksLikeSearchIndex,
  searchIndexAddress,
  guardSearchParams,
  MAX_QUERY_LENGTH,
  searchParamProblems,
  versionParams,
  shorten,
  UNEXPECTED_VERSION_URL,
} from '../../src/search/searchIndex';

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

  it('hands the index address to the health check it is given (the browser passes a worker)', async () => {
    const asked: string[] = [];
    const health = await checkSearchIndex('/next/', 'guides', template, origin, fetch, async (href) => {
      asked.push(href);
      return {ok: false, reason: 'the search index is damaged'};
    });
    expect(asked).toEqual(['https://docs.lightdash.com/next/search-index-guides.json?_=abc']);
    expect(health).toEqual({ok: false, reason: 'the search index is damaged'});
  });

  it('looksLikeSearchIndex accepts only lists of {documents, index}', () => {
    expect(looksLikeSearchIndex([{documents: [], index: {}}])).toBe(true);
    expect(looksLikeSearchIndex([{documents: 'x', index: {}}])).toBe(false);
    expect(looksLikeSearchIndex(null)).toBe(false);
    expect(looksLikeSearchIndex([])).toBe(false);
    expect(looksLikeSearchIndex([{documents: [], index: null}])).toBe(false);
    // A caller that reads a later part (the MCP server reads descriptions) asks for it.
    expect(looksLikeSearchIndex([{documents: [], index: {}}], 3)).toBe(false);
    expect(
      looksLikeSearchIndex(
        Array.from({length: 3}, () => ({documents: [], index: {}})),
        3,
      ),
    ).toBe(true);
  });
});

describe('searchParamProblems', () => {
  const versions = ['', 'next/'];
  const contexts = ['guides', 'api/v1'];

  it.each([[{version: '', ctx: ''}], [{version: 'next/', ctx: 'guides'}], [{version: '', ctx: 'api/v1'}]])(
    'accepts what the search bar writes: %o',
    (params) => {
      expect(searchParamProblems(params, versions, contexts)).toEqual([]);
    },
  );

  it('names an unknown version and an unknown section', () => {
    expect(searchParamProblems({version: 'v0.1/', ctx: 'blog'}, versions, contexts)).toEqual([
      {param: 'version', message: 'There is no docs version “v0.1/” on this site.'},
      {param: 'ctx', message: 'There is no search section “blog” on this site.'},
    ]);
  });

  it('accepts "next" without the slash (the search page writes it and builds /next/ from it), nothing else', () => {
    expect(searchParamProblems({version: 'next', ctx: ''}, versions, contexts)).toEqual([]);
    expect(searchParamProblems({version: 'nex', ctx: ''}, versions, contexts).map((p) => p.param)).toEqual(['version']);
    expect(searchParamProblems({version: 'next//', ctx: ''}, versions, contexts).map((p) => p.param)).toEqual([
      'version',
    ]);
  });

  it('shortens a 10,000-character value and keeps emoji whole', () => {
    const long = '😀'.repeat(10_000);
    const [problem] = searchParamProblems({version: long, ctx: ''}, versions, contexts);
    expect(problem.message).toBe(`There is no docs version “${'😀'.repeat(40)}…” on this site.`);
    expect(shorten('short')).toBe('short');
  });
});

describe('guardSearchParams', () => {
  const versions = versionParams(['/', '/next'], '/');
  const contexts = ['guides'];
  const at = (pathname: string, search: string, hash = '') =>
    guardSearchParams({pathname, search, hash}, '/', versions, contexts);

  it('knows the version parameters the search bar writes', () => {
    expect(versions).toEqual(['', 'next/']);
  });

  it('drops an unknown version and section, keeps the query and the rest', () => {
    const {problems, fixedUrl} = at('/search/', '?q=a%20b&version=v9%2F&ctx=blog&x=1', '#top');
    expect(problems.map((p) => p.param)).toEqual(['version', 'ctx']);
    expect(fixedUrl).toBe('/search/?q=a+b&x=1#top');
  });

  it('cuts a query longer than MAX_QUERY_LENGTH characters and says by how much', () => {
    const long = 'é'.repeat(10_000);
    const {problems, fixedUrl} = at('/search', `?q=${encodeURIComponent(long)}&ctx=guides`);
    expect(problems).toEqual([
      {param: 'q', message: `Your search was 10,000 characters long: only its first ${MAX_QUERY_LENGTH} are searched.`},
    ]);
    const q = new URLSearchParams(new URL(fixedUrl!, 'http://x').search);
    expect(q.get('q')).toBe('é'.repeat(MAX_QUERY_LENGTH));
    expect(q.get('ctx')).toBe('guides');
    expect(at('/search', `?q=${'a'.repeat(MAX_QUERY_LENGTH)}`)).toEqual({problems: [], fixedUrl: null});
  });

  it('leaves good addresses and other pages alone', () => {
    expect(at('/search', '?q=x&version=next%2F&ctx=guides')).toEqual({problems: [], fixedUrl: null});
    expect(at('/guides/pinning', '?version=nope')).toEqual({problems: [], fixedUrl: null});
  });
});
