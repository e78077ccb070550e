// One query variant over one lunr index (src/search/lunrQueries.ts): the same hits as lunr's own
// Index#query for every kind of variant, lunr not asked when a required word is on no line, and the
// answers of recent one-word queries kept per index.
import lunrModule from 'lunr';
import {describe, expect, it, vi} from 'vitest';
import {queryIndex} from '../../src/search/lunrQueries';
import type {SmartQuery, WrappedIndex} from '../../src/search/types';

interface Builder {
  ref(name: string): void;
  field(name: string): void;
  add(doc: object): void;
  metadataWhitelist: string[];
}
type Index = WrappedIndex['index'];
// The site's declaration of lunr (search-plugin.d.ts) has only what the site calls; a test builds indexes.
const lunr = lunrModule as unknown as ((config: (this: Builder) => void) => Index) & {
  Query: {presence: {REQUIRED: number; OPTIONAL: number}; wildcard: {NONE: number; TRAILING: number}};
};
const {REQUIRED, OPTIONAL} = lunr.Query.presence;
const {NONE, TRAILING} = lunr.Query.wildcard;

const LINES = [
  'Table calculations add a column to the results table',
  'Custom fields and calculated dimensions',
  'Schedule deliveries of a dashboard to Slack',
  'Tables join other tables in the explore',
  'Dashboard filters apply to every tile',
  'User attributes filter rows for each user',
];

function buildIndex(): Index {
  return lunr(function () {
    this.ref('id');
    this.field('t');
    this.metadataWhitelist = ['position'];
    LINES.forEach((t, id) => this.add({id: String(id), t}));
  });
}

type Item = SmartQuery['term'][number];
const word = (value: string, more: Partial<Item> = {}): Item => ({value, presence: REQUIRED, wildcard: NONE, ...more});

/** lunr's own answer, built as the plugin's worker builds a variant's query. */
function lunrAnswer(index: Index, term: SmartQuery['term']) {
  return index.query((query) => {
    for (const item of term) {
      query.term(item.value, {
        wildcard: item.wildcard,
        presence: item.presence,
        ...(item.editDistance ? {editDistance: item.editDistance} : null),
      });
    }
  });
}

const VARIANTS: Record<string, SmartQuery['term']> = {
  'two words on the same lines': [word('table'), word('calculations')],
  'a word stemmed to the index’s form': [word('tables'), word('join')],
  'a half-typed word as a prefix': [word('table'), word('calcul', {wildcard: TRAILING})],
  'a half-typed word that is no indexed word': [word('table'), word('calcula')],
  'a prefix no indexed word starts with': [word('table'), word('zq', {wildcard: TRAILING})],
  'a word no line has, first': [word('nowhere'), word('dashboard')],
  'a typo allowed': [word('dashbaord', {editDistance: 1}), word('filters')],
  'an optional word beside a required one': [word('user'), word('nowhere', {presence: OPTIONAL})],
  'one word': [word('dashboard')],
  'one prefix': [word('ta', {wildcard: TRAILING})],
  'one word no line has': [word('nowhere')],
};

describe('queryIndex', () => {
  it.each(Object.entries(VARIANTS))('gives lunr’s hits, scores and positions: %s', (_name, term) => {
    const expected = lunrAnswer(buildIndex(), term);
    expect(queryIndex(buildIndex(), term)).toEqual(expected);
  });

  it('finds lines for the variants that have some (the comparison above is not all empty lists)', () => {
    const index = buildIndex();
    expect(queryIndex(index, VARIANTS['two words on the same lines']).map((hit) => hit.ref)).toEqual(['0']);
    expect(queryIndex(index, VARIANTS['a half-typed word as a prefix']).length).toBeGreaterThan(0);
    expect(queryIndex(index, VARIANTS['a typo allowed']).length).toBeGreaterThan(0);
  });

  it('does not ask lunr when a required word of several is on no line', () => {
    const index = buildIndex();
    const query = vi.spyOn(index, 'query');
    expect(queryIndex(index, VARIANTS['a half-typed word that is no indexed word'])).toEqual([]);
    expect(queryIndex(index, VARIANTS['a prefix no indexed word starts with'])).toEqual([]);
    expect(query).not.toHaveBeenCalled();
    queryIndex(index, VARIANTS['two words on the same lines']);
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('keeps the answer of a recent one-word query, per index, and asks again once many others came', () => {
    const index = buildIndex();
    const query = vi.spyOn(index, 'query');
    const first = queryIndex(index, [word('dashboard')]);
    expect(queryIndex(index, [word('dashboard')])).toBe(first);
    expect(query).toHaveBeenCalledTimes(1);
    // A prefix or a typo is asked each time: their answers are large and rarely asked again.
    queryIndex(index, [word('dash', {wildcard: TRAILING})]);
    queryIndex(index, [word('dash', {wildcard: TRAILING})]);
    expect(query).toHaveBeenCalledTimes(3);
    // Another index has its own answers.
    const other = buildIndex();
    const otherQuery = vi.spyOn(other, 'query');
    queryIndex(other, [word('dashboard')]);
    expect(otherQuery).toHaveBeenCalledTimes(1);
    // Many other words later, the first answer is no longer kept.
    const others = ['table', 'custom', 'fields', 'schedule', 'slack', 'tiles', 'user', 'rows', 'explore'];
    for (const value of others) queryIndex(index, [word(value)]);
    query.mockClear();
    expect(queryIndex(index, [word('dashboard')])).toEqual(first);
    expect(query).toHaveBeenCalledTimes(1);
  });
});
