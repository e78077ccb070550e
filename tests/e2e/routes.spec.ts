import {test, expect} from './warmTab';
import {oldRedirects, routeRows} from '../routes';
import {hydrated} from './helpers';

/** Routes served as pages (snippets are redirects, see below). */
const pages = routeRows().filter((r) => !r.route.startsWith('/snippets/'));
const versioned = (route: string, prefix: string) => (route === '/' ? `${prefix}/` : prefix + route);

test.describe('every route of routes.md is served in each version it belongs to', () => {
  for (const row of pages) {
    test(row.route, async ({request}) => {
      const urls = [
        ...(row.released ? [versioned(row.route, '')] : []),
        ...(row.next && row.route !== '/search' && !row.route.startsWith('/api/')
          ? [versioned(row.route, '/next')]
          : []),
      ];
      for (const url of urls) {
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(await response.text(), url).toMatch(/<h1[\s>]/);
      }
    });
  }
});

test.describe('old URLs redirect client-side to their new page', () => {
  const snippets = routeRows().filter((r) => r.route.startsWith('/snippets/'));
  const cases: [string, RegExp][] = [
    ...oldRedirects().map(([from, to]): [string, RegExp] => [from, new RegExp(`${to}$`)]),
    ...snippets.flatMap((r): [string, RegExp][] => [
      ...(r.released ? [[r.route, /^(?!.*\/next\/).*\/(get-started|guides)\//] as [string, RegExp]] : []),
      ...(r.next ? [[`/next${r.route}`, /\/next\/(get-started|guides)\//] as [string, RegExp]] : []),
    ]),
    ['/next/references/content-as-code', /\/next\/references\/dashboards-as-code$/],
  ];
  // Eight cases a test, one after the other in the same tab: each is still a fresh navigation to the old
  // URL, and a new tab for each cost a browser process and a cold start, more than the check itself. The
  // page tests of this file share one tab per worker (tests/e2e/warmTab.ts) for the same reason.
  const CASES_PER_TEST = 8;
  for (let first = 0; first < cases.length; first += CASES_PER_TEST) {
    const chunk = cases.slice(first, first + CASES_PER_TEST);
    test(chunk.map(([from]) => from).join(', '), async ({page}) => {
      for (const [from, to] of chunk) {
        await page.goto(from);
        await expect(page, from).toHaveURL(to);
        await expect(page.getByRole('heading', {level: 1}), from).toBeVisible();
      }
    });
  }
});

test('an unknown path shows the not-found page with HTTP 404', async ({page}) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
});

test('an unknown API path reached inside the app shows the not-found page', async ({page}) => {
  await page.goto('/api/v1/spaces/create-space-in-project');
  await hydrated(page);
  // A client-side navigation, as the router sees one: the API reference's parent route (ApiRoot)
  // matches every path below /api/v1 and must fall back to the not-found page itself.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/api/v1/spaces/noSuchOperation');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
});

test('tag pages list the administrator pages', async ({page}) => {
  await page.goto('/tags');
  await expect(page.getByRole('heading', {level: 1, name: 'Tags'})).toBeVisible();
  await page.getByRole('link', {name: /Admin/}).first().click();
  await expect(page).toHaveURL(/\/tags\/role-admin$/);
  await expect(page.getByRole('heading', {level: 1})).toContainText('Admin');
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThan(0);
});
