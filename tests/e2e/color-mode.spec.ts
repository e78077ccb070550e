import {test, expect} from '@playwright/test';
import {hydrated, seedStorage, watchPage} from './helpers';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('default is light when nothing is stored and the system has no preference', async ({page}) => {
  await page.emulateMedia({colorScheme: 'no-preference'});
  await page.goto('/');
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('follows the system preference when nothing is stored', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/');
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test('the switch stores the choice under the key "theme" and it survives a reload', async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  // The switch cycles system → light → dark (Docusaurus 3.10); press until dark.
  for (let i = 0; i < 3 && (await html(page).getAttribute('data-theme')) !== 'dark'; i++) await toggle.click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test('a stored choice wins over the system preference', async ({page}) => {
  await seedStorage(page, {theme: 'light'});
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/');
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('a hostile stored theme neither executes nor breaks the page', async ({page}) => {
  const problems = watchPage(page);
  await seedStorage(page, {theme: '"><img src=x onerror=alert(1)>'});
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(['light', 'dark']).toContain(await html(page).getAttribute('data-theme'));
  expect(problems.filter((p) => p.startsWith('dialog') || p.startsWith('pageerror'))).toEqual([]);
});
