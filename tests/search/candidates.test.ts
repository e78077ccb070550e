/**
 * Candidate lines (src/search/candidates.ts) on the production build's whole-site index: what the
 * ranking gets to weigh.
 */
import {beforeAll, describe, expect, it} from 'vitest';
// pluginSearch first: it mocks the plugin's generated constants that candidates.ts imports.
import {loadIndexes} from './pluginSearch';
import type {LoadedIndexes} from '../../src/search/types';
import {searchCandidates} from '../../src/search/candidates';

let loaded: LoadedIndexes;

beforeAll(async () => {
  loaded = await loadIndexes();
});

describe('searchCandidates', () => {
  it('adds the titles with all typed words but one when lines with every word fill the pool', () => {
    // "one" is in so many lines that those with all four words fill the pool of 100.
    const candidates = searchCandidates(loaded, 'get one project member', 8, 100);
    expect(candidates.length).toBeGreaterThan(100);
    expect(candidates.map((c) => c.document.t)).toContain('Get a project member');
  });

  it('adds nothing beyond the pool when the pool is not full', () => {
    const candidates = searchCandidates(loaded, 'project member', 8, 100);
    expect(candidates.length).toBeLessThanOrEqual(100);
  });
});
