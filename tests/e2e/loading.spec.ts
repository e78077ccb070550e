import {test, expect} from '@playwright/test';
import {hydrated, routeChunk} from './helpers';

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
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('when the next route fails to preload, the browser reloads the page', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  await page.route(routeChunk, (route) => route.abort('internetdisconnected'));
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await reloaded;
  await page.waitForLoadState('domcontentloaded');
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBeUndefined();
});

test('a slow route change shows the progress bar only after 200 ms, starting at 8 %', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await page.route(routeChunk, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await page.waitForTimeout(120);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('#nprogress .bar')).toBeAttached({timeout: 1000});
  const shown = await page.locator('#nprogress .bar').evaluate((el) => {
    const m = /translate3d\((-?[\d.]+)%/.exec((el as HTMLElement).style.transform);
    return m ? 100 + Number(m[1]) : NaN;
  });
  expect(shown).toBeGreaterThanOrEqual(8);
  expect(shown).toBeLessThan(40);
  await expect(page).toHaveURL(/contact_info$/);
  await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5000});
});
