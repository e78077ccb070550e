/**
 * Possessives are read as their word on both sides of the search: the index (scripts/search-indexes.mjs,
 * tested in search-indexes.test.ts) and the typed words (src/search/typedWords.ts).
 */
import {describe, expect, it} from 'vitest';
// pluginSearch first: it mocks the plugin's generated constants that typedWords.ts imports.
import './pluginSearch';
import {hasPossessive, maskPossessives, withoutPossessive} from '../../src/search/possessives.mjs';
import {typedWords} from '../../src/search/typedWords';

describe('possessive endings', () => {
  it.each([
    ["the project's time zone", true],
    ['the project’s time zone', true],
    ["the users' deliveries", true],
    ["it's", true],
    ["couldn't connect", false],
    ["env_var('DBT_PASSWORD')", false],
    ["'name' is quoted", false],
    ['no apostrophe', false],
  ])('%s: %s', (text, expected) => {
    expect(hasPossessive(text)).toBe(expected);
  });

  it('masks them with spaces, so every other character keeps its offset', () => {
    const text = "the calculation's order and the users' rows";
    const masked = maskPossessives(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).toBe('the calculation   order and the users  rows');
    expect(masked.indexOf('order')).toBe(text.indexOf('order'));
  });

  it('drops them from typed words, and leaves other apostrophes alone', () => {
    expect(['project’s', "users'", "couldn't"].map(withoutPossessive)).toEqual(['project', 'users', "couldn't"]);
    expect(typedWords("Set the Project's time-zone")).toEqual(['set', 'the', 'project', 'time', 'zone']);
  });
});
