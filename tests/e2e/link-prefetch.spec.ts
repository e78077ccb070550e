import {test, expect} from '@playwright/test';
import {hydrated} from './helpers';

// src/clientModules/linkPrefetch.ts: links no longer prefetch when they scroll into view, and still
// preload when the pointer reaches them.

test('a phone reading a page with many links prefetches nothing', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  const scripts: string[] = [];
  await page.goto('/references/metrics');
  await hydrated(page);
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
  });
  // Every link of the page passes through the viewport; Docusaurus would prefetch once idle.
  for (let y = 0; y < 20; y++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(1500);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  expect(scripts).toEqual([]);
});

test('pointing at a link still loads its page ahead of the click', async ({page}) => {
  await page.goto('/references/metrics');
  await hydrated(page);
  const link = page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Dimensions'});
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/js/')) loaded.push(request.url());
  });
  await link.hover();
  await expect.poll(() => loaded.length, {message: 'hovering should preload the route chunks'}).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/references\/dimensions$/);
  await expect(page.getByRole('heading', {level: 1})).toContainText('Dimensions');
});
