// lunr's Set#union replaced by one that grows a set it made in place (src/search/lunrUnion.ts):
// queries give the same results and scores, and sets lunr or a caller made are never changed.
import lunrModule from 'lunr';
import {afterEach, describe, expect, it} from 'vitest';
import {installLinearUnion} from '../../src/search/lunrUnion';

type LunrSet = {elements: Record<string, boolean>; length: number; union(o: LunrSet): LunrSet};
type Hit = {ref: string; score: number; matchData: {metadata: object}};
interface Builder {
  ref(name: string): void;
  field(name: string): void;
  add(doc: object): void;
  metadataWhitelist: string[];
}
// The site's declaration of lunr (search-plugin.d.ts) has only what the site calls; a test builds indexes.
const lunr = lunrModule as unknown as ((config: (this: Builder) => void) => {search(q: string): Hit[]}) & {
  Set: (new (e?: string[]) => LunrSet) & {prototype: LunrSet; complete: LunrSet; empty: LunrSet};
};
const LunrSetClass = lunr.Set;
const keys = (set: LunrSet) => Object.keys(set.elements).sort();

// Many words that share prefixes, spread over documents, so "+c*" expands to dozens of words.
const words = Array.from({length: 60}, (_, i) => `c${String.fromCharCode(97 + (i % 26))}${i}word`);
const index = lunr(function () {
  this.ref('id');
  this.field('t');
  this.metadataWhitelist = ['position'];
  for (let d = 0; d < 40; d++) this.add({id: String(d), t: words.filter((_, w) => (w * 7 + d) % 5 === 0).join(' ')});
});
const QUERIES = ['+c*', '+ca*', '+cb* +cc*', 'c*', '+c* -cd*', '+cz*'];
const run = () =>
  QUERIES.map((q) => index.search(q).map(({ref, score, matchData}) => ({ref, score, metadata: matchData.metadata})));

let uninstall = () => {};
afterEach(() => uninstall());

describe('linear lunr Set union', () => {
  it('gives the same results, scores and positions as lunr’s own union', () => {
    const before = run();
    uninstall = installLinearUnion();
    expect(lunr.Set.prototype.union).not.toBe(undefined);
    const after = run();
    expect(after).toEqual(before);
    expect(before[0].length).toBeGreaterThan(10);
  });

  it('copies a set it did not make, and grows only the sets it made', () => {
    uninstall = installLinearUnion();
    const a = new LunrSetClass(['1', '2']);
    const b = new LunrSetClass(['2', '3']);
    const made = a.union(b);
    expect(made).not.toBe(a);
    expect(keys(a)).toEqual(['1', '2']);
    expect(keys(b)).toEqual(['2', '3']);
    expect(keys(made)).toEqual(['1', '2', '3']);
    const grown = made.union(new LunrSetClass(['3', '4']));
    expect(grown).toBe(made);
    expect(keys(grown)).toEqual(['1', '2', '3', '4']);
    expect(grown.length).toBe(4);
  });

  it('keeps lunr’s rules for the complete and empty sets', () => {
    uninstall = installLinearUnion();
    const a = new LunrSetClass(['1']);
    const {complete, empty} = lunr.Set;
    expect(a.union(complete)).toBe(complete);
    expect(a.union(empty)).toBe(a);
  });
});
