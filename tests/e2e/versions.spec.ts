import {test, expect} from '@playwright/test';
import {hydrated, seedStorage, watchPage} from './helpers';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

test(`${RELEASED_VERSION} is served at the root and Next at /next/`, async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('button', {name: RELEASED_VERSION})).toBeVisible();
  await page.goto('/next/');
  await hydrated(page);
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name: 'Next'})).toBeVisible();
  await expect(page.getByText('This is unreleased documentation')).toBeVisible();
});

test('the chosen version is remembered per docs plugin in localStorage', async ({page}) => {
  const preferred = () => page.evaluate(() => window.localStorage.getItem('docs-preferred-version-default'));
  await page.goto('/');
  await hydrated(page);
  expect(await preferred()).toBeNull();
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('button', {name: RELEASED_VERSION}).hover();
  await nav.getByRole('link', {name: 'Next', exact: true}).click();
  await expect(page).toHaveURL(/\/next\/$/);
  expect(await preferred()).toBe('current');
  await page.reload();
  await hydrated(page);
  expect(await preferred()).toBe('current');
  await nav.getByRole('button', {name: 'Next'}).hover();
  await nav.getByRole('link', {name: RELEASED_VERSION, exact: true}).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  expect(await preferred()).toBe(RELEASED_VERSION);
});

test('a stored version that does not exist breaks nothing', async ({page}) => {
  const problems = watchPage(page);
  await seedStorage(page, {'docs-preferred-version-default': '9.9.9"><img src=x onerror=alert(1)>'});
  await page.goto('/next/');
  await hydrated(page);
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Lightdash logo'}).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  expect(problems.filter((p) => p.startsWith('dialog') || p.startsWith('pageerror'))).toEqual([]);
});
