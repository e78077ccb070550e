import {test, expect} from '@playwright/test';
import {FIXTURE_SITE} from '../../playwright.config';

test('a page that throws shows "This page crashed." with the error chain and a working Try again', async ({page}) => {
  await page.goto(`${FIXTURE_SITE}/__e2e/crash`);
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
  await expect(page.getByText('Chart failed to render')).toBeVisible();
  await expect(page.getByText('Metric query was rejected')).toBeVisible();
  await page.evaluate(() => (window.__e2eCrash = false));
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByText('Recovered after Try again.')).toBeVisible();
});
