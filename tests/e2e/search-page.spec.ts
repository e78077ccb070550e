import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {parse} from 'yaml';
import {MAX_QUERY_LENGTH} from '../../src/search/searchIndex';
import {axeViolations} from './axe';
import {hydrated, watchPage} from './helpers';
import {test, expect} from './warmTab';

/**
 * The site's own search results page (issue 34, src/theme/SearchPage) in the production build: the
 * same first result as the navbar box, filters kept in the address, hostile input, "No results" with
 * the closest pages, ignored words, the form without JavaScript, and axe in both colour modes. The tests
 * open pages and read or type into them, so they share one tab per worker (tests/e2e/warmTab.ts); the one
 * without JavaScript makes a context of its own.
 */

/** The all-sections index is about 1 MB gzip and is parsed in a worker: slow on a busy 2-core machine. */
const INDEX_LOAD = 60_000;
test.describe.configure({timeout: 150_000});

const resultList = (page: Page) => page.getByRole('list', {name: 'Search results'});
const resultLinks = (page: Page) => resultList(page).locator('article h2 a');
const status = (page: Page) => page.locator('main [role="status"]');
const box = (page: Page) => page.locator('input.navbar__search-input');
const sectionMenu = (page: Page) => page.getByLabel('Section', {exact: true});
const versionMenu = (page: Page) => page.getByLabel('Docs version');

/** Opens the page and waits until its search has answered from the whole index (the list is not busy). */
async function openResults(page: Page, search: string) {
  await page.goto(`/search?${search}`);
  await hydrated(page);
  await expect(status(page)).toHaveText(/^(No results|\d+ results? for “.*”)$/, {timeout: INDEX_LOAD});
}

/** Path and anchor of a link's address (its `_highlight` parameters left out). */
const target = (href: string) => {
  const url = new URL(href, 'http://docs.test');
  return `${url.pathname}${url.hash}`;
};

/** Five of tests/search/real-questions.yaml, two with words the search drops ("not working", "blank"). */
const REAL_QUESTIONS = [
  'SITE_URL port 3000 not working',
  'existingSecret external DB password',
  'trino as a data source',
  'filter on table calculations',
  'pivot row totals blank',
];

test('the real questions picked here are in the real-questions set', () => {
  const file = path.join(__dirname, '../search/real-questions.yaml');
  const set = (parse(readFileSync(file, 'utf8')) as {questions: {q: string}[]}).questions.map((q) => q.q);
  for (const q of REAL_QUESTIONS) expect(set).toContain(q);
});

test('for real questions, the first result is the box’s first suggestion', async ({page}) => {
  for (const q of REAL_QUESTIONS) {
    await openResults(page, new URLSearchParams({q}).toString());
    const first = await resultLinks(page).first().getAttribute('href');
    expect(first, q).toBeTruthy();
    // The box on the same page searches the same (all-sections) index, now fully loaded.
    await box(page).click();
    await expect(box(page)).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
    await box(page).fill(q);
    // The box's suggestions (the page's own menus have options too).
    await page.locator('.navbar').getByRole('option').first().click({timeout: INDEX_LOAD});
    await expect(page).not.toHaveURL(/\/search\?/);
    expect(target(page.url()), q).toBe(target(first!));
  }
});

test('every hit shows its section, title and a snippet with the matched words marked', async ({page}) => {
  await openResults(page, 'q=scheduled+deliveries');
  const hits = resultList(page).getByRole('listitem');
  expect(await hits.count()).toBeGreaterThan(3);
  const first = hits.first();
  await expect(first.getByRole('heading', {level: 2}).getByRole('link')).toHaveAttribute('href', /_highlight=/);
  await expect(first.locator('p').first()).toHaveText(
    /^(Guides|References|Self-hosting|Get started|Docs|API Reference)/,
  );
  await expect(resultList(page).locator('mark').first()).toHaveText(/schedul|deliver/i);
  // API pages are labelled as such.
  await openResults(page, 'q=create+space&section=api');
  await expect(resultList(page).getByRole('listitem').first().locator('p').first()).toHaveText(/^API Reference/);
});

test('filters are applied, kept in the address, survive a reload, and Back leaves the page', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  await openResults(page, 'q=create+space&section=api');
  await expect(sectionMenu(page)).toHaveValue('api');
  const hrefs = await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((h) => !h.startsWith('/api/v1/'))).toEqual([]);

  // Docs only: no API page, and the address says so (replaced, not pushed).
  await sectionMenu(page).selectOption('docs');
  await expect(page).toHaveURL(/\/search\?q=create\+space&section=docs$/);
  await expect(resultLinks(page).first()).not.toHaveAttribute('href', /^\/api\//, {timeout: INDEX_LOAD});
  const docs = await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(docs.filter((h) => h.startsWith('/api/'))).toEqual([]);

  await versionMenu(page).selectOption('next');
  await expect(page).toHaveURL(/\/search\?q=create\+space&section=docs&version=next$/);
  await expect(resultLinks(page).first()).toHaveAttribute('href', /^\/next\//, {timeout: INDEX_LOAD});

  await page.reload();
  await hydrated(page);
  await expect(sectionMenu(page)).toHaveValue('docs');
  await expect(versionMenu(page)).toHaveValue('next');
  await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue('create space');
  await expect(resultLinks(page).first()).toHaveAttribute('href', /^\/next\//, {timeout: INDEX_LOAD});

  // Filter changes replaced the entry: Back goes to the page before the search, Forward comes back.
  await page.goBack();
  await expect(page).toHaveURL(/\/guides\/pinning$/);
  await page.goForward();
  await expect(page).toHaveURL(/section=docs&version=next$/);
  await hydrated(page);
  await expect(sectionMenu(page)).toHaveValue('docs');
});

test('the spec’s ctx and version=next/ (the box’s "See all results" link) still choose the section', async ({page}) => {
  await openResults(page, 'q=pinning&ctx=guides&version=next%2F');
  await expect(sectionMenu(page)).toHaveValue('guides');
  await expect(versionMenu(page)).toHaveValue('next');
  await expect(resultLinks(page).first()).toHaveAttribute('href', /^\/next\/guides\//);
});

test('typing searches and the form works as a GET form once the script runs', async ({page}) => {
  await page.goto('/search');
  await hydrated(page);
  const input = page.getByRole('searchbox', {name: 'Search'});
  await input.fill('dashboard filters');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dashboard\+filters$/);
  await expect(status(page)).toHaveText(/^\d+ results? for “dashboard filters”$/, {timeout: INDEX_LOAD});
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "dashboard filters"');
});

test('without JavaScript the server HTML has the form, and it submits to /search', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/search');
  const form = page.getByRole('search', {name: 'Search the docs'});
  await expect(form).toHaveAttribute('action', '/search');
  await expect(form).toHaveAttribute('method', 'get');
  await expect(page.getByRole('searchbox', {name: 'Search'})).toBeVisible();
  await expect(page.getByLabel('Section', {exact: true})).toHaveValue('all');
  await page.getByLabel('Section', {exact: true}).selectOption('guides');
  await page.getByRole('searchbox', {name: 'Search'}).fill('pinning');
  await page.getByRole('button', {name: 'Search', exact: true}).click();
  await expect(page).toHaveURL(/\/search\/?\?q=pinning&section=guides&version=$/);
  await context.close();
});

test('a query that matches nothing says exactly "No results" and offers the closest pages by title', async ({page}) => {
  await openResults(page, 'q=xyzdashboardz');
  await expect(status(page)).toHaveText('No results');
  const closest = page.getByRole('region', {name: 'Pages with the closest titles'});
  await expect(closest.getByRole('link').first()).toHaveText(/dashboard/i);
  await expect(resultList(page)).toHaveCount(0);
  // No title is close to letters that pair with nothing: no misleading offer.
  await openResults(page, 'q=zqxjkvw');
  await expect(status(page)).toHaveText('No results');
  await expect(page.getByRole('region', {name: 'Pages with the closest titles'})).toHaveCount(0);
});

test('words that match nothing are dropped, and the page names them', async ({page}) => {
  await openResults(page, 'q=dashboard+qqqzzz');
  await expect(page.getByText(/^Ignored: qqqzzz/)).toBeVisible();
  expect(await resultLinks(page).count()).toBeGreaterThan(0);
  // A query every word of which is on some line ignores nothing.
  await openResults(page, 'q=dashboard');
  await expect(page.getByText(/^Ignored:/)).toHaveCount(0);
});

const HOSTILE = {
  'script tag': '<script>window.__hacked=1;alert(1)</script>',
  'img onerror': '"><img src=x onerror="window.__hacked=1;alert(1)">',
  '10 kB string': 'x'.repeat(10_240),
  unicode: '📊 لوحة القيادة \u202e ñ 漢字',
  __proto__: '__proto__',
};

/** No dialog, no injected element, no script run, the page still whole (heading and form). */
async function expectUnharmed(page: Page, problems: string[]) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as {__hacked?: number}).__hacked)).toBeUndefined();
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await expect(page.getByRole('searchbox', {name: 'Search'})).toBeVisible();
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
}

for (const [name, value] of Object.entries(HOSTILE)) {
  test.describe(`hostile input: ${name}`, () => {
    test('in q: shown as text, with a clear status', async ({page}) => {
      const problems = watchPage(page);
      await openResults(page, new URLSearchParams({q: value}).toString());
      const shown = Array.from(value).slice(0, MAX_QUERY_LENGTH).join('');
      await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${shown}"`);
      await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(shown);
      await expectUnharmed(page, problems);
    });

    for (const [param, notice] of [
      ['section', 'There is no section'],
      ['version', 'There is no docs version'],
    ] as const) {
      test(`in ${param}: ignored with a notice, and the query still answered`, async ({page}) => {
        const problems = watchPage(page);
        await openResults(page, new URLSearchParams({q: 'metrics', [param]: value}).toString());
        await expect(page.getByRole('alert').filter({hasText: notice})).toBeVisible();
        await expect(page.getByRole('alert').filter({hasText: notice})).toContainText(
          Array.from(value).slice(0, 10).join(''),
        );
        await expect(sectionMenu(page)).toHaveValue('all');
        await expect(versionMenu(page)).toHaveValue('');
        await expect(resultLinks(page).first()).toBeVisible();
        await expectUnharmed(page, problems);
      });
    }
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the results page in ${scheme} mode (notice, ignored words, marks)`, async ({page}) => {
    await page.emulateMedia({colorScheme: scheme});
    await openResults(page, 'q=scheduled+deliveries+qqqzzz&section=nope');
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(resultList(page).locator('mark').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await openResults(page, 'q=xyzdashboardz');
    expect(await axeViolations(page)).toEqual([]);
    // The page before a query, the form alone, is the crawl's (crawl.spec.ts adds /search to the sitemap's pages).
  });
}
