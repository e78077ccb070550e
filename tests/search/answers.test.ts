// The search worker's kept answers (src/search/answers.ts).
import {describe, expect, it} from 'vitest';
import {AnswerCache} from '../../src/search/answers';
import type {LoadedIndexes, SearchResult} from '../../src/search/types';

const firstStage = {wrappedIndexes: [], zhDictionary: []} as unknown as LoadedIndexes;
const wholeIndex = {wrappedIndexes: [], zhDictionary: []} as unknown as LoadedIndexes;

function counting() {
  const calls: string[] = [];
  const search = (loaded: LoadedIndexes, input: string, limit: number) => {
    calls.push(`${loaded === firstStage ? 'first' : 'whole'}:${input}:${limit}`);
    return [{input}] as unknown as SearchResult[];
  };
  return {calls, search};
}

describe('AnswerCache', () => {
  it('answers the same input on the same index once, and again for another input, limit or address', () => {
    const {calls, search} = counting();
    const cache = new AnswerCache(search);
    const first = cache.answer('/search-index.json', wholeIndex, 'd', 8);
    expect(cache.answer('/search-index.json', wholeIndex, 'd', 8)).toBe(first);
    cache.answer('/search-index.json', wholeIndex, 'da', 8);
    cache.answer('/search-index.json', wholeIndex, 'd', 100);
    cache.answer('/next/search-index.json', wholeIndex, 'd', 8);
    expect(calls).toEqual(['whole:d:8', 'whole:da:8', 'whole:d:100', 'whole:d:8']);
  });

  it('searches again once the whole index has replaced the first stage', () => {
    const {calls, search} = counting();
    const cache = new AnswerCache(search);
    cache.answer('/search-index.json', firstStage, 'metrics', 8);
    cache.answer('/search-index.json', wholeIndex, 'metrics', 8);
    cache.answer('/search-index.json', wholeIndex, 'metrics', 8);
    expect(calls).toEqual(['first:metrics:8', 'whole:metrics:8']);
  });

  it('is emptied when full, so it does not grow without end', () => {
    const {calls, search} = counting();
    const cache = new AnswerCache(search, 2);
    for (const input of ['a', 'b', 'c', 'a']) cache.answer('/i.json', wholeIndex, input, 8);
    // Emptied when 'c' came: 'a' is searched again.
    expect(calls).toEqual(['whole:a:8', 'whole:b:8', 'whole:c:8', 'whole:a:8']);
  });
});
