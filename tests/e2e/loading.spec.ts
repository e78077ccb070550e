import {test, expect, type Page} from '@playwright/test';
import {hydrated, routeChunk} from './helpers';

/**
 * Docusaurus prefetches the chunks of links in view once the page is idle; a chunk fetched that way
 * is not requested again on click, so whether a test's interception applied depended on timing. With
 * Save-Data on, nothing is prefetched and the route's chunks are requested on click, every time.
 */
async function noPrefetch(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}),
  );
}

test('a page whose chunk fails shows the error and a Retry that works once the network is back', async ({page}) => {
  await page.route(routeChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/contact/contact_info');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/chunk|Loading/i);
  await expect(alert).toHaveCSS('background-color', 'rgb(180, 21, 28)');

  // Network back, but slow: the spinner shows while the chunk loads again.
  await page.unroute(routeChunk);
  await page.route(routeChunk, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await alert.getByRole('button', {name: 'Retry'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Loading page'})).toBeVisible();
  // Every chunk of the page now takes 800 ms: allow for a few in a row on a busy machine.
  await expect(page.getByRole('heading', {level: 1})).toBeVisible({timeout: 15_000});
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('when the next route fails to preload, the browser reloads the page', async ({page}) => {
  await noPrefetch(page);
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  await page.route(routeChunk, (route) => route.abort('internetdisconnected'));
  // 'load' fires only for a real page load; an in-app route change does not fire it.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await reloaded;
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBeUndefined();
});

test('a slow route change shows the progress bar only after 200 ms, starting at 8 %', async ({page}) => {
  await noPrefetch(page);
  await page.goto('/');
  await hydrated(page);
  await page.route(routeChunk, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  // Timed in the page: a click by Playwright can itself take longer than 200 ms on a busy machine.
  await page.evaluate(() => {
    const seen: {click?: number; shown?: number; transform?: string} = {};
    (window as unknown as {progress: typeof seen}).progress = seen;
    document.addEventListener('click', () => (seen.click = performance.now()), {capture: true, once: true});
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('#nprogress .bar');
      if (bar && seen.shown === undefined) {
        seen.shown = performance.now();
        seen.transform = bar.style.transform;
      }
    }).observe(document.body, {childList: true, subtree: true});
  });
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  type Seen = {click?: number; shown?: number; transform?: string};
  const seen = () => page.evaluate(() => (window as unknown as {progress: Seen}).progress);
  await expect.poll(async () => (await seen()).shown, {timeout: 5000}).toBeDefined();
  const {click, shown, transform} = await seen();
  const delay = (shown as number) - (click as number);
  expect(delay).toBeGreaterThanOrEqual(190);
  expect(delay).toBeLessThan(1500);
  const m = /translate3d\((-?[\d.]+)%/.exec(transform ?? '');
  const start = m ? 100 + Number(m[1]) : NaN;
  expect(start).toBeGreaterThanOrEqual(8);
  expect(start).toBeLessThan(40);
  await expect(page).toHaveURL(/contact_info$/);
  await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5000});
});

/** The route tables of the API reference and the Next docs are chunks of their own (plugins/route-shards). */
const routeShard = /\/assets\/js\/route-shard-[a-z-]+\.[0-9a-f]+\.js$/;

test('a docs page loads no route shard; an API schema page loads only the schemas’ table', async ({page}) => {
  const shards: string[] = [];
  page.on('request', (request) => {
    if (routeShard.test(request.url())) shards.push(new URL(request.url()).pathname.replace(/\.[0-9a-f]+\.js$/, ''));
  });
  await page.goto('/guides/pinning');
  await hydrated(page);
  expect(shards).toEqual([]);
  await page.goto('/api/v1/schemas/Dashboard');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Dashboard'})).toBeVisible();
  expect(shards).toEqual(['/assets/js/route-shard-api-schemas']);
});

test('a client-side move into another shard loads it and renders the page without a reload', async ({page}) => {
  await page.goto('/api/v1/');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  await page.getByRole('main').locator('a[href^="/api/v1/spaces/"]').first().click();
  await expect(page).toHaveURL(/\/api\/v1\/spaces\//);
  await page.getByRole('main').locator('a[href^="/api/v1/schemas/"]').first().click();
  await expect(page).toHaveURL(/\/api\/v1\/schemas\//);
  await expect(page.getByRole('heading', {level: 1})).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
});

test('an API page whose route shard fails shows the error and a Retry that brings the page back', async ({page}) => {
  await page.route(routeShard, (route) => route.abort('internetdisconnected'));
  await page.goto('/api/v1/schemas/Dashboard');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/route-shard-api-schemas/);
  await page.unroute(routeShard);
  await alert.getByRole('button', {name: 'Retry'}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'Dashboard'})).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Rendered once: the page reloaded rather than drawing over the first attempt.
  await expect(page.getByRole('main')).toHaveCount(1);
});
