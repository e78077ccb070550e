/**
 * The box on a section's page (src/search/sectionFavour.ts) searches the whole site: a question the
 * section cannot answer still finds another section's page first, and a question the section answers
 * keeps the section's page first. Only inside the API reference do its pages weigh more.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {isInSection, sectionFavour} from '../../src/search/sectionFavour';
import {createPluginSearch, type Search} from './pluginSearch';

describe('sectionFavour', () => {
  it('favours nothing outside every section (home page, search page)', () => {
    expect(sectionFavour('')).toBeUndefined();
  });

  it('favours no section but the API reference: where a reader types does not say what answers', () => {
    expect(sectionFavour('guides')).toBeUndefined();
    expect(sectionFavour('references')).toBeUndefined();
    expect(sectionFavour('self-host')).toBeUndefined();
  });

  it('gives API pages back their task discount inside the API reference', () => {
    const inApi = sectionFavour('api/v1')!;
    expect(inApi('/api/v1/spaces/create-space-in-project')).toBeGreaterThan(1);
    expect(inApi('/next/api/v1/spaces/create-space-in-project')).toBe(inApi('/api/v1/spaces/create-space-in-project'));
    expect(inApi('/api/v1')).toBe(inApi('/api/v1/'));
    expect(inApi('/guides/pinning')).toBe(1);
  });

  it('reads section paths as path segments', () => {
    expect(isInSection('/self-host/customize-deployment/x', 'self-host')).toBe(true);
    expect(isInSection('/api/v1', 'api/v1')).toBe(true);
    expect(isInSection('/guides/api-recipes/x', 'api/v1')).toBe(false);
  });
});

describe('the search box on a page of a section', () => {
  let search: Search;
  beforeAll(async () => {
    search = await createPluginSearch();
  });

  it.each([
    ['okta sso setup', 'guides', '/self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash'],
    ['SECURE_COOKIES behind load balancer', 'guides', '/self-host/customize-deployment/secure-lightdash-with-https'],
    ['connect snowflake warehouse', 'self-host', '/get-started/setup-lightdash/connect-project'],
  ])('"%s" typed in %s shows %s first', async (q, section, page) => {
    const hits = await search(q, section);
    expect(hits[0]?.path, hits.map((h) => h.url).join('\n')).toBe(page);
  });

  it("a question the section answers keeps the section's page first", async () => {
    const hits = await search('pin a chart', 'guides');
    expect(hits[0]?.path).toMatch(/^\/guides\//);
  });
});
