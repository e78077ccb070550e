// The not-found page's search input (src/search/similarPages.ts): the words of a missing address.
import {describe, expect, it} from 'vitest';
import {closestPagesByTitle, pathWords, similarPages, titleCloseness} from '../../src/search/similarPages';
import type {SearchResult} from '../../src/search/types';
import {SearchDocumentType} from '../../src/search/documentTypes.mjs';

describe('pathWords', () => {
  it.each([
    ['/guides/how-to-create-metric', '/', 'guides how to create metric'],
    ['/next/references/custom_fields.html', '/next/', 'references custom fields'],
    ['/self-host/%E0%A4%A', '/', 'self host E0 A4'],
    ['/%3Cimg%20src=x%20onerror=alert(1)%3E', '/', 'img src onerror alert'],
    [`/${'a'.repeat(500)}/metrics`, '/', 'metrics'],
    ['/', '/', ''],
  ])('%s → version %s, words %j', (pathname, versionUrl, words) => {
    expect(pathWords(pathname)).toEqual({versionUrl, words});
  });

  it('keeps at most eight words', () => {
    expect(pathWords('/a1/b2/c3/d4/e5/f6/g7/h8/i9/j10').words.split(' ')).toHaveLength(8);
  });
});

describe('similarPages', () => {
  const title = (i: number, u: string, t: string): SearchResult => ({
    document: {i, t, u},
    type: SearchDocumentType.Title,
    score: 1,
    tokens: [],
  });
  const heading = (i: number, u: string, page: string): SearchResult => ({
    document: {i, t: 'a heading', u, h: '#a', p: 0},
    type: SearchDocumentType.Heading,
    page: {i: 0, t: page, u},
    score: 1,
    tokens: [],
  });

  it('gives each page once, with its title, at most `count`', () => {
    const results = [
      heading(1, '/references/metrics', 'Metrics reference'),
      title(2, '/references/metrics', 'Metrics reference'),
      title(3, '/guides/how-to-create-metrics', 'Add metrics'),
      title(4, '/references/dimensions', 'Dimensions reference'),
      title(5, '/references/tables', 'Tables'),
    ];
    expect(similarPages(results, 3)).toEqual([
      {url: '/references/metrics', title: 'Metrics reference'},
      {url: '/guides/how-to-create-metrics', title: 'Add metrics'},
      {url: '/references/dimensions', title: 'Dimensions reference'},
    ]);
  });
});

describe('closestPagesByTitle', () => {
  const titles = [
    {t: 'Pinning', u: '/guides/pinning'},
    {t: 'Pin charts to the homepage and spaces', u: '/guides/pin'},
    {t: 'Metrics reference', u: '/references/metrics'},
    {t: 'Dashboards', u: '/references/dashboards'},
    {t: 'Pinning', u: '/guides/pinning'},
  ];

  it('offers the titles with most of the query’s letter pairs, each page once, the closest first', () => {
    expect(closestPagesByTitle('pinz', titles, 3)).toEqual([
      {url: '/guides/pinning', title: 'Pinning'},
      {url: '/guides/pin', title: 'Pin charts to the homepage and spaces'},
    ]);
    expect(closestPagesByTitle('dashbords', titles, 1)).toEqual([{url: '/references/dashboards', title: 'Dashboards'}]);
  });

  it('offers nothing for a query no title is close to, or with no letters', () => {
    expect(closestPagesByTitle('zqxjkvw', titles, 3)).toEqual([]);
    expect(closestPagesByTitle('<>"\'', titles, 3)).toEqual([]);
    expect(closestPagesByTitle('', titles, 3)).toEqual([]);
  });

  it('scores by letter pairs, not as a pattern', () => {
    expect(titleCloseness('(*+?[\\', 'Pinning')).toEqual({shared: 0, dice: 0});
    expect(titleCloseness('pinning', 'Pinning')).toEqual({shared: 1, dice: 1});
  });
});
