import {test, expect} from '@playwright/test';
import {hydrated, routeChunk} from './helpers';
import {test as inWarmTab} from './warmTab';

// The first three open pages and read them, so they share one tab per worker (tests/e2e/warmTab.ts); the
// prefetch tests below set up the connection with an init script, so they keep a context of their own.

inWarmTab('a route change scrolls to the top when the link has no hash', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 600});
  await page.goto('/');
  await hydrated(page);
  await page.mouse.wheel(0, 500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await expect(page).toHaveURL(/contact_info$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

inWarmTab('a route change scrolls to the hash target', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 600});
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('main').getByRole('link', {name: 'metrics reference'}).click();
  await expect(page).toHaveURL(/\/references\/metrics#metric-types$/);
  await expect(page.getByRole('heading', {name: 'Metric types'})).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

inWarmTab('the table of contents lists exactly the h2 and h3 headings', async ({page}) => {
  await page.goto('/references/chart-types');
  await hydrated(page);
  const headingIds = await page.locator('article :is(h2, h3)[id]').evaluateAll((hs) => hs.map((h) => h.id));
  expect(headingIds.length).toBeGreaterThan(2);
  const tocTargets = await page
    .locator('.table-of-contents a')
    .evaluateAll((as) => as.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))));
  expect(tocTargets).toEqual(headingIds);
  const levels = await page.locator('article :is(h2,h3)').evaluateAll((hs) => new Set(hs.map((h) => h.tagName)).size);
  expect(levels).toBe(2);
});

async function prefetchedChunks(page: import('@playwright/test').Page, connection?: object) {
  if (connection) {
    await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', {value: c}), connection);
  }
  const requested: string[] = [];
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.on('request', (r) => {
    if (routeChunk.test(new URL(r.url()).pathname)) requested.push(r.url());
  });
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).hover();
  await page.waitForTimeout(800);
  return requested.length + (await page.locator('link[rel="prefetch"]').count());
}

test('links are prefetched on a normal connection', async ({page}) => {
  expect(await prefetchedChunks(page)).toBeGreaterThan(0);
});

test('nothing is prefetched on 2g', async ({page}) => {
  expect(await prefetchedChunks(page, {effectiveType: '2g', saveData: false})).toBe(0);
});

test('nothing is prefetched in data-saver mode', async ({page}) => {
  expect(await prefetchedChunks(page, {effectiveType: '4g', saveData: true})).toBe(0);
});
