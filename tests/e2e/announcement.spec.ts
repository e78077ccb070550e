import {test, expect} from '@playwright/test';
import {hydrated, seedStorage, watchPage} from './helpers';

const banner = (page: import('@playwright/test').Page) => page.getByRole('banner').filter({hasText: 'API reference'});

test('the announcement can be dismissed and stays dismissed', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', {name: 'Close'}).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
  await page.reload();
  await hydrated(page);
  await expect(banner(page)).toHaveCount(0);
});

test('a dismissal of an older announcement id does not hide a new announcement', async ({page}) => {
  await seedStorage(page, {'docusaurus.announcement.id': 'an-older-banner', 'docusaurus.announcement.dismiss': 'true'});
  await page.goto('/');
  await hydrated(page);
  await expect(banner(page)).toBeVisible();
});

test('a garbage dismissal flag is ignored safely', async ({page}) => {
  const problems = watchPage(page);
  await page.goto('/');
  const id = await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.id'));
  await seedStorage(page, {
    'docusaurus.announcement.id': id ?? '',
    'docusaurus.announcement.dismiss': '{"><script>alert(1)</script>',
  });
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await expect(banner(page)).toBeVisible();
  expect(problems.filter((p) => p.startsWith('dialog') || p.startsWith('pageerror'))).toEqual([]);
});
