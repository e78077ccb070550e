/**
 * The box on a section's page (src/search/sectionFavour.ts) searches the whole site with the section
 * favoured: a question the section cannot answer still finds another section's page first, and a
 * question the section answers keeps the section's page first.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {isInSection, sectionFavour} from '../../src/search/sectionFavour';
import {createPluginSearch, type Search} from './pluginSearch';

describe('sectionFavour', () => {
  it('favours nothing outside every section (home page, search page)', () => {
    expect(sectionFavour('')).toBeUndefined();
  });

  it("weighs a page of the reader's section more than another section's, in every docs version", () => {
    const favour = sectionFavour('guides')!;
    expect(favour('/guides/pinning')).toBeGreaterThan(1);
    expect(favour('/next/guides/pinning')).toBe(favour('/guides/pinning'));
    expect(favour('/references/roles')).toBe(1);
    expect(favour('/guidesx/pinning')).toBe(1);
  });

  it('gives API pages back their task discount inside the API reference', () => {
    const inApi = sectionFavour('api/v1')!;
    const inGuides = sectionFavour('guides')!;
    expect(inApi('/api/v1/spaces/create-space-in-project')).toBeGreaterThan(inGuides('/guides/pinning'));
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
