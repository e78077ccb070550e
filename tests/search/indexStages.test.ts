// The staged search index (src/search/indexStages.ts): first stage, then the whole index, each file
// fetched once, and what the reader is told when a stage fails. Fake fetch, real lunr indexes.
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {IndexCache, StagedIndex, firstStageAddress} from '../../src/search/indexStages';

const require = createRequire(import.meta.url);
const {buildIndex} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js') as {
  buildIndex: (kinds: object[][], options: object) => {documents: object[]; index: object}[];
};

/** A five-part index (titles, headings, descriptions, keywords, body) over two pages. */
const parts = buildIndex(
  [
    [
      {i: 1, t: 'Pinning', u: '/guides/pinning'},
      {i: 2, t: 'Spaces', u: '/references/spaces'},
    ],
    [{i: 3, t: 'Pin to a space', u: '/guides/pinning', h: '#space', p: 1}],
    [],
    [],
    [{i: 4, t: 'Embedding needs a secret', u: '/guides/pinning', h: '', p: 1}],
  ],
  {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false},
);
const whole = JSON.stringify(parts);
const firstStage = JSON.stringify(parts.slice(0, 4));

function fakeFetch(files: Record<string, string | number>) {
  const asked: string[] = [];
  const fetchFn = (address: string) => {
    asked.push(address);
    const body = files[address];
    if (body === undefined) return Promise.resolve(new Response('missing', {status: 404}));
    if (typeof body === 'number') return Promise.resolve(new Response('error', {status: body}));
    return Promise.resolve(new Response(body));
  };
  return {asked, fetchFn};
}

const INDEX = '/search-index.json?_=abc';
const STAGE = '/search-index.stage1.json?_=abc';

describe('firstStageAddress', () => {
  it('names the first stage after the index, keeping its hash', () => {
    expect(firstStageAddress(INDEX)).toBe(STAGE);
    expect(firstStageAddress('/next/search-index-guides.json')).toBe('/next/search-index-guides.stage1.json');
  });
});

describe('StagedIndex', () => {
  it('answers from the first stage, then the whole index, fetching each file once', async () => {
    const {asked, fetchFn} = fakeFetch({[INDEX]: whole, [STAGE]: firstStage});
    const cache = new IndexCache(fetchFn);
    const staged = cache.get(INDEX);
    await staged.ready;
    expect(staged.current()?.wrappedIndexes).toHaveLength(4);
    expect(await cache.get(INDEX).health()).toEqual({ok: true});
    expect(staged.current()?.wrappedIndexes).toHaveLength(5);
    expect(asked).toEqual([STAGE, INDEX]);
  });

  it('asks for the whole index only after the first stage is in', async () => {
    const {asked, fetchFn} = fakeFetch({[INDEX]: whole, [STAGE]: firstStage});
    const staged = new IndexCache(fetchFn).get(INDEX);
    expect(asked).toEqual([STAGE]);
    await staged.whole;
    expect(asked).toEqual([STAGE, INDEX]);
  });

  it('asks for the whole index once the first search is answered, not while it could hold it up', async () => {
    const {asked, fetchFn} = fakeFetch({[INDEX]: whole, [STAGE]: firstStage});
    // A delay no test waits for: only the answer can start the whole index here.
    const staged = new StagedIndex(INDEX, fetchFn, 60_000);
    await staged.ready;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([STAGE]);
    staged.answered();
    expect((await staged.whole).ok).toBe(true);
    expect(asked).toEqual([STAGE, INDEX]);
  });

  it('asks for the whole index a moment after the first stage when no search comes', async () => {
    const {asked, fetchFn} = fakeFetch({[INDEX]: whole, [STAGE]: firstStage});
    const staged = new StagedIndex(INDEX, fetchFn, 30);
    expect((await staged.whole).ok).toBe(true);
    expect(asked).toEqual([STAGE, INDEX]);
  });

  it('uses the whole index when there is no first stage', async () => {
    const {fetchFn} = fakeFetch({[INDEX]: whole});
    const staged = new IndexCache(fetchFn).get(INDEX);
    expect((await staged.ready).ok).toBe(true);
    expect(staged.current()?.wrappedIndexes).toHaveLength(5);
    expect(await staged.health()).toEqual({ok: true});
  });

  it('keeps searching the first stage and tells the reader when the whole index fails', async () => {
    const {fetchFn} = fakeFetch({[INDEX]: 500, [STAGE]: firstStage});
    const staged = new IndexCache(fetchFn).get(INDEX);
    expect((await staged.ready).ok).toBe(true);
    expect(staged.current()?.wrappedIndexes).toHaveLength(4);
    expect(await staged.health()).toEqual({
      ok: false,
      partial: true,
      reason: 'the search index could not be loaded (HTTP 500), so search finds page titles and headings only',
    });
  });

  it('reports a damaged or missing index when nothing can be searched', async () => {
    const damaged = new IndexCache(fakeFetch({[INDEX]: '{"not": "an index"}'}).fetchFn).get(INDEX);
    expect(await damaged.ready).toEqual({ok: false, reason: 'the search index is damaged'});
    expect(damaged.current()).toBeNull();
    expect(await damaged.health()).toEqual({ok: false, reason: 'the search index is damaged'});
    const garbled = new IndexCache(fakeFetch({[INDEX]: '[{"documents": [', [STAGE]: 404}).fetchFn).get(INDEX);
    expect(await garbled.health()).toEqual({
      ok: false,
      reason: 'the search index could not be loaded (network error or damaged file)',
    });
  });

  it('gives up on a server that does not answer, says so, and asks for nothing more', async () => {
    const asked: string[] = [];
    const never = (address: string, init?: {signal?: AbortSignal}) => {
      asked.push(address);
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    };
    const staged = new StagedIndex(INDEX, never, 0, 30);
    expect(await staged.health()).toEqual({ok: false, reason: 'the search index did not answer within 0.03 seconds'});
    expect(asked).toEqual([STAGE]);
    expect(staged.failed).toBe(true);
  });

  it('says so when the network is down, and asks again at the next search once it is back', async () => {
    let online = false;
    const {asked, fetchFn} = fakeFetch({[INDEX]: whole, [STAGE]: firstStage});
    const cache = new IndexCache((address: string) =>
      online ? fetchFn(address) : Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await cache.get(INDEX).health()).toEqual({
      ok: false,
      reason: 'the search index could not be loaded (network error)',
    });
    online = true;
    const again = cache.get(INDEX);
    expect(await again.health()).toEqual({ok: true});
    expect(again.current()?.wrappedIndexes).toHaveLength(5);
    expect(asked).toEqual([STAGE, INDEX]);
    expect(cache.get(INDEX)).toBe(again);
  });
});
