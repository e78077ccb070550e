/**
 * The box on a section's page (src/search/otherSections.ts): a question the section cannot answer
 * still finds the other sections' pages; a question it answers keeps to the section.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {createPluginSearch, type Search} from './pluginSearch';

let search: Search;

beforeAll(async () => {
  search = await createPluginSearch();
});

describe('the search box on a page of a section', () => {
  it.each([
    ['okta sso setup', 'guides', '/self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash'],
    ['SECURE_COOKIES behind load balancer', 'guides', '/self-host/customize-deployment/secure-lightdash-with-https'],
    ['connect snowflake warehouse', 'self-host', '/get-started/setup-lightdash/connect-project'],
  ])('"%s" typed in %s shows %s', async (q, section, page) => {
    const hits = await search(q, section);
    expect(
      hits.some((hit) => hit.path === page),
      hits.map((h) => h.url).join('\n'),
    ).toBe(true);
  });

  it('a question the section answers shows only the section', async () => {
    const hits = await search('pin a chart', 'guides');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.filter((hit) => !hit.path.startsWith('/guides/')).map((h) => h.url)).toEqual([]);
  });
});
