// Issue 35, item 5: every docs URL the released Lightdash prints (tests/fixtures/product-links.yaml) lands on the right
// page and section. This file checks the sources, so it holds before a rebuild; tests/unit/product-links.test.ts
// checks the same links in the production build.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {redirects} from '../../plugins/redirects/rules';
import {routeRows} from '../routes';
import {checkInSources, mdxMarks, productLinks, sectionsOf, urlParts} from '../productLinks';
import {RELEASED_PATCH} from '../../src/lib/releasedVersion.mjs';

const links = productLinks();
const generatedRoutes = new Set(
  routeRows()
    .filter((r) => r.kind === 'generated-index')
    .map((r) => r.route),
);

describe('product links: the fixture', () => {
  it(`lists the links of ${RELEASED_PATCH} and the Helm chart, each with where it is printed`, () => {
    const current = links.filter((l) => !l.later);
    // 48 URLs in lightdash/lightdash at the released patch and the chart icon; changing the list means re-collecting it.
    expect(current).toHaveLength(49);
    for (const link of links) {
      expect(link.from.length, link.url).toBeGreaterThan(0);
      expect(Boolean(link.page) !== Boolean(link.file), `${link.url}: a page or a file`).toBe(true);
      // A fragment must say which of our sections it stands for, and what the old site meant by it.
      if (urlParts(link.url).hash && !link.later) {
        expect(link.section, link.url).toBeTruthy();
        expect(link.oldSection, link.url).toBeTruthy();
      }
    }
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
  });
});

describe('product links: each lands on its page and section (sources)', () => {
  it.each(links.map((l) => [l.url, l]))('%s', (_url, link) => {
    expect(checkInSources(link, redirects, generatedRoutes)).toEqual([]);
  });
});

/**
 * A link of a later version names the page of the reader's own version. Those that land on a released page must
 * land in the Next copy of that page too (issue 51): Next is what the versions that print them document.
 */
describe('product links of later versions: the Next copy of the page has the section too', () => {
  const released = links.filter((l) => l.later && l.page && !l.page.startsWith('/next/') && urlParts(l.url).hash);
  it('there are such links', () => {
    expect(released.length).toBeGreaterThan(0);
  });
  it.each(released.map((l) => [l.url, l]))('%s', (_url, link) => {
    const {path: urlPath, hash} = urlParts(link.url);
    const next = {...link, url: `https://docs.lightdash.com/next${urlPath}#${hash}`, page: `/next${link.page}`};
    expect(checkInSources(next, redirects, generatedRoutes)).toEqual([]);
  });
});

describe('product links: the checker can fail', () => {
  it('finds ids of headings and anchors and the section each lies in', () => {
    const body = [
      '## Warehouse {#warehouse-connection}',
      '### BigQuery {#bigquery}',
      '- <Anchor id="data-set" />**Dataset** text',
      '```yaml',
      '# not a heading {#fake}',
      '```',
      '<Anchor id="old-dbt" />',
      '',
      '## dbt connection {#dbt-connection}',
    ].join('\n');
    const text = (from: number, to: number) => body.slice(from, to).replace(/<[^>]*>/g, '');
    const marks = mdxMarks(body);
    expect(sectionsOf(marks, text, 'data-set')).toEqual(['bigquery', 'warehouse-connection']);
    expect(sectionsOf(marks, text, 'old-dbt')).toEqual(['dbt-connection']);
    expect(sectionsOf(marks, text, 'fake')).toBeUndefined();
    expect(sectionsOf(marks, text, 'missing')).toBeUndefined();
  });

  it('reports an alias that repeats an id of its page', () => {
    const body = '## A {#a}\n\n<Anchor id="a" />\n';
    expect(mdxMarks(body).filter((m) => m.id === 'a')).toHaveLength(2);
  });

  it('reports a missing section id, a wrong section and a wrong page', () => {
    const base = links.find((l) => l.url.endsWith('#data-set'))!;
    const wrongId = {...base, url: base.url.replace('#data-set', '#no-such-id')};
    expect(checkInSources(wrongId, redirects, generatedRoutes).join()).toMatch(/no heading/);
    expect(checkInSources({...base, section: 'snowflake'}, redirects, generatedRoutes).join()).toMatch(/not snowflake/);
    expect(checkInSources({...base, page: '/references/roles'}, redirects, generatedRoutes).join()).toMatch(/lead to/);
  });

  it('every static file a link names is in static/', () => {
    for (const link of links.filter((l) => l.file)) {
      expect(fs.existsSync(path.resolve(__dirname, '../..', link.file!)), link.file).toBe(true);
    }
  });
});
