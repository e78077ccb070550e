// The search page's address (src/search/searchPageParams.ts): filters read from it, hostile values
// ignored with a reason, the address written back, and where each choice searches.
import {describe, expect, it} from 'vitest';
import {MAX_QUERY_LENGTH} from '../../src/search/searchIndex';
import {
  isApiReferenceUrl,
  parseSearchPageParams,
  searchPageQueryString,
  searchPlan,
  sectionLabelOf,
  sectionOptions,
} from '../../src/search/searchPageParams';
import contexts from '../../src/searchContexts.json';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const parse = (search: string) => parseSearchPageParams(search, contexts);

describe('parseSearchPageParams', () => {
  it('reads the query and defaults to every section of the released docs', () => {
    expect(parse('?q=personal+access+token')).toEqual({
      state: {query: 'personal access token', section: 'all', version: ''},
      problems: [],
    });
    expect(parse('').state).toEqual({query: '', section: 'all', version: ''});
  });

  it.each([
    ['?q=x&section=api', 'api'],
    ['?q=x&section=docs', 'docs'],
    ['?q=x&section=guides', 'guides'],
    ['?q=x&section=all', 'all'],
    ['?q=x&section=', 'all'],
    // The spec's `ctx` (the box's "See all results within …" link), the API's as its context path.
    ['?q=x&ctx=references', 'references'],
    ['?q=x&ctx=api%2Fv1', 'api'],
    // `section` wins over `ctx` when both are there.
    ['?q=x&ctx=guides&section=api', 'api'],
  ])('%s → section %s', (search, section) => {
    expect(parse(search)).toMatchObject({state: {section}, problems: []});
  });

  it.each([
    ['?q=x&version=next', 'next'],
    ['?q=x&version=next%2F', 'next'],
    ['?q=x&version=', ''],
    ['?q=x', ''],
  ])('%s → version %j', (search, version) => {
    expect(parse(search)).toMatchObject({state: {version}, problems: []});
  });

  it.each([
    ['section', '<script>alert(1)</script>', 'There is no section “<script>alert(1)</script>” to search in.'],
    ['section', '__proto__', 'There is no section “__proto__” to search in.'],
    ['section', 'api/v1', 'There is no section “api/v1” to search in.'],
    ['section', 'constructor', 'There is no section “constructor” to search in.'],
    [
      'version',
      '"><img src=x onerror=alert(1)>',
      'There is no docs version “"><img src=x onerror=alert(1)>” on this site.',
    ],
    ['version', RELEASED_VERSION, `There is no docs version “${RELEASED_VERSION}” on this site.`],
    ['version', '__proto__', 'There is no docs version “__proto__” on this site.'],
    ['ctx', 'blog', 'There is no search section “blog” on this site.'],
    ['ctx', 'toString', 'There is no search section “toString” on this site.'],
  ])('ignores %s=%s and says why (as text, not markup)', (param, value, message) => {
    const {state, problems} = parse(`?${new URLSearchParams({q: 'metrics', [param]: value})}`);
    expect(state).toEqual({query: 'metrics', section: 'all', version: ''});
    expect(problems).toEqual([{param, message}]);
  });

  it('shortens a 10 kB value in its notice and keeps emoji and right-to-left text whole', () => {
    const [problem] = parse(`?${new URLSearchParams({section: '📊'.repeat(10_000)})}`).problems;
    expect(problem.message).toBe(`There is no section “${'📊'.repeat(40)}…” to search in.`);
    expect(parse(`?${new URLSearchParams({q: '📊 لوحة القيادة'})}`).state.query).toBe('📊 لوحة القيادة');
  });

  it(`cuts a query to ${MAX_QUERY_LENGTH} characters (not UTF-16 units) and says so`, () => {
    const {state, problems} = parse(`?${new URLSearchParams({q: '😀'.repeat(10_000)})}`);
    expect(Array.from(state.query)).toHaveLength(MAX_QUERY_LENGTH);
    expect(problems).toEqual([
      {param: 'q', message: `Your search was 10,000 characters long: only its first ${MAX_QUERY_LENGTH} are searched.`},
    ]);
  });

  it('takes the first of repeated parameters', () => {
    expect(parse('?q=a&q=b&section=api&section=zzz').state).toEqual({query: 'a', section: 'api', version: ''});
  });
});

describe('searchPageQueryString', () => {
  it('leaves defaults out, so a plain search stays ?q=…', () => {
    expect(searchPageQueryString({query: 'metrics', section: 'all', version: ''})).toBe('?q=metrics');
    expect(searchPageQueryString({query: '', section: 'all', version: ''})).toBe('');
  });

  it('writes the readable names, and reads back what it wrote', () => {
    const state = {query: 'a & b=c', section: 'api', version: 'next'} as const;
    const text = searchPageQueryString(state);
    expect(text).toBe('?q=a+%26+b%3Dc&section=api&version=next');
    expect(parse(text)).toEqual({state, problems: []});
  });

  it('offers every section it accepts in the menu', () => {
    for (const {value} of sectionOptions(contexts)) {
      expect(parse(searchPageQueryString({query: 'x', section: value, version: ''})).problems).toEqual([]);
    }
    expect(sectionOptions(contexts).map((o) => o.label)).toEqual([
      'All sections',
      'Docs (all but the API reference)',
      'API reference',
      'Get started',
      'Guides',
      'References',
      'Self-hosting',
    ]);
  });
});

describe('searchPlan', () => {
  it('searches the all-sections index of the chosen version', () => {
    expect(searchPlan({query: 'x', section: 'all', version: ''}, '/')).toEqual({
      versionUrl: '/',
      context: '',
      only: null,
      note: null,
    });
    expect(searchPlan({query: 'x', section: 'docs', version: 'next'}, '/')).toEqual({
      versionUrl: '/next/',
      context: '',
      only: 'docs',
      note: null,
    });
    expect(searchPlan({query: 'x', section: 'guides', version: 'next'}, '/')).toMatchObject({
      versionUrl: '/next/',
      context: 'guides',
    });
  });

  it('searches the one API reference whatever the version, and says so for Next', () => {
    expect(searchPlan({query: 'x', section: 'api', version: ''}, '/')).toEqual({
      versionUrl: '/',
      context: 'api/v1',
      only: null,
      note: null,
    });
    expect(searchPlan({query: 'x', section: 'api', version: 'next'}, '/')).toMatchObject({
      versionUrl: '/',
      context: 'api/v1',
      note: expect.stringContaining('one version'),
    });
  });
});

describe('sectionLabelOf and isApiReferenceUrl', () => {
  it.each([
    ['/guides/pinning', 'Guides'],
    ['/next/guides/pinning', 'Guides'],
    ['/self-host/customize-deployment/environment-variables', 'Self-hosting'],
    ['/api/v1/spaces/create-space-in-project', 'API Reference'],
    ['/api/v1/', 'API Reference'],
    ['/best-practice/lightdash-way', 'Docs'],
    ['/', 'Docs'],
    ['/guidesx/a', 'Docs'],
  ])('%s is in %s', (url, label) => {
    expect(sectionLabelOf(url, contexts)).toBe(label);
  });

  it('tells API reference pages from the docs', () => {
    expect(isApiReferenceUrl('/api/v1/schemas/metric-query')).toBe(true);
    expect(isApiReferenceUrl('/api/v1/')).toBe(true);
    expect(isApiReferenceUrl('/guides/api-recipes/create-a-space')).toBe(false);
    expect(isApiReferenceUrl('/references/api')).toBe(false);
  });
});
