/**
 * Forgiving queries (src/search/relax.ts): a reader's question with words no page has, or the words
 * readers add to say something is wrong, still finds pages, on the production build's all-sections index.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {createPluginSearch, type Search} from './pluginSearch';

let search: Search;

beforeAll(async () => {
  search = await createPluginSearch();
});

describe('a question with words no page has', () => {
  it.each([
    // Two words no page has (and "not", "working") emptied the list before.
    ['csv doesnt exist on this server zzqxv', '/self-host/'],
    ['deliveries local time zone UTC qqzzv', '/guides/how-to-create-scheduled-deliveries'],
    ['large csv scheduled delivery fails blank', '/guides/how-to-create-scheduled-deliveries'],
    ['okta sso zzqxv vvqzz not working', '/self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash'],
  ])('"%s" still finds pages, %s among the first five', async (q, page) => {
    const hits = await search(q);
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits.slice(0, 5).some((hit) => hit.path.startsWith(page)),
      JSON.stringify(hits.map((h) => h.url)),
    ).toBe(true);
  });

  it('gives nothing when no word of the question is on any page', async () => {
    expect(await search('zzqxv vvqzz qqzzv')).toEqual([]);
  });

  it('never relaxes a question of only trouble words: a hit holds every one of them', async () => {
    // A troubleshooting entry may say "not … working … blank"; a page without those words must not come up.
    const hits = await search('not working blank');
    // Word stems, in the line or its section's anchor (a paragraph under "… blank images" is about them).
    const holdsAll = (hit: {text: string; url: string}) =>
      ['not', 'work', 'blank'].every((w) => `${hit.text} ${hit.url}`.toLowerCase().includes(w));
    expect(hits.filter((hit) => !holdsAll(hit))).toEqual([]);
  });
});
