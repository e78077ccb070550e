import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {SITE} from '../../playwright.config';
import {WAREHOUSE_KEY, WAREHOUSE_STYLE_ID} from '../../plugins/warehouse-sql/warehouses';
import {requireBuild} from '../support/build';
import {holdMainBundle, hydrated, recordLayoutShifts, seedStorage, watchPage, type LayoutShift} from './helpers';

// SQL in the reader's warehouse dialect (issue 39): one choice, remembered, on every page with SQL variants.
const TEMPLATE = `${SITE}/guides/table-calculations/table-calculation-sql-templates/percent-of-total-column`;
const NEXT_TEMPLATE = `${SITE}/guides/table-calculations/table-calculation-sql-templates/running-total`;

const groups = (page: Page) => page.locator('main [data-warehouse-sql]');
/** The variants a reader sees in the first group: exactly one when the page works. */
const shownVariants = (page: Page) => groups(page).first().locator('[data-warehouse-variant]:visible');
const selector = (page: Page) => groups(page).first().getByLabel('Your warehouse');

test.describe('SQL examples by warehouse', () => {
  test('shows one variant, BigQuery’s, until the reader chooses', async ({page}) => {
    await page.goto(TEMPLATE);
    await hydrated(page);
    expect(await groups(page).count()).toBeGreaterThan(0);
    await expect(selector(page)).toHaveValue('bigquery');
    await expect(shownVariants(page)).toHaveCount(1);
    await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\bbigquery\b/);
    // The variant says where it runs.
    await expect(shownVariants(page).locator('[class*="codeBlockTitle"]')).toContainText('BigQuery');
  });

  test('choosing Snowflake with the keyboard holds on this page, the next page and after a reload', async ({page}) => {
    const problems = watchPage(page);
    await page.goto(TEMPLATE);
    await hydrated(page);
    await selector(page).focus();
    await expect(selector(page)).toBeFocused();
    await selector(page).selectOption('snowflake');
    for (const group of await groups(page).all()) {
      await expect(group.locator('[data-warehouse-variant]:visible')).toHaveCount(1);
      await expect(group.locator('[data-warehouse-variant]:visible')).toHaveAttribute(
        'data-warehouse-variant',
        /\bsnowflake\b/,
      );
      await expect(group.getByLabel('Your warehouse')).toHaveValue('snowflake');
    }
    await expect(groups(page).first().locator('[aria-live="polite"]')).toHaveText('Showing the SQL for Snowflake.');
    expect(await page.evaluate((key) => localStorage.getItem(key), WAREHOUSE_KEY)).toBe('snowflake');

    // The next page, opened from the sidebar (a client-side navigation).
    await page.locator('.theme-doc-sidebar-menu a[href$="/running-total"]').first().click();
    await expect(page).toHaveURL(/running-total$/);
    await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\bsnowflake\b/);
    await expect(selector(page)).toHaveValue('snowflake');

    await page.reload();
    await hydrated(page);
    await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\bsnowflake\b/);
    expect(problems).toEqual([]);
  });

  test('a returning reader’s warehouse is there from the first paint: no layout shift', async ({page}) => {
    await seedStorage(page, {[WAREHOUSE_KEY]: 'trino'});
    await recordLayoutShifts(page);
    // Hold the main bundle back: what shows now is the server's HTML with the pre-paint script's style.
    const release = await holdMainBundle(page);
    await page.goto(NEXT_TEMPLATE, {waitUntil: 'commit'});
    await page.waitForSelector('main [data-warehouse-sql]');
    expect(await page.locator('html[data-has-hydrated="true"]').count()).toBe(0);
    await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\btrino\b/);
    const before = await shownVariants(page).boundingBox();
    release();
    await hydrated(page);
    await expect(selector(page)).toHaveValue('trino');
    await page.waitForTimeout(300);
    expect(await shownVariants(page).boundingBox()).toEqual(before);
    const shifts = await page.evaluate(() =>
      (window as unknown as {__shifts: LayoutShift[]}).__shifts
        .filter((entry) => !entry.hadRecentInput)
        .reduce((sum, entry) => sum + entry.value, 0),
    );
    expect(shifts).toBe(0);
  });

  test('a hostile or corrupted stored value is ignored', async ({page}) => {
    for (const stored of ['"><img src=x onerror="window.__xss=1">', 'trino]{}main{display:none', 'Snowflake', '']) {
      const problems = watchPage(page);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        WAREHOUSE_KEY,
        stored,
      ] as const);
      await page.goto(TEMPLATE);
      await hydrated(page);
      expect(await page.locator(`#${WAREHOUSE_STYLE_ID}`).count()).toBe(0);
      await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\bbigquery\b/);
      await expect(selector(page)).toHaveValue('bigquery');
      await expect(page.locator('main h1')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss)).toBeUndefined();
      expect(problems).toEqual([]);
    }
  });

  test('the page menu offers the same choice', async ({page}) => {
    await page.goto(TEMPLATE);
    await hydrated(page);
    await page.getByRole('button', {name: 'More ways to use this page'}).click();
    const trino = page.getByRole('menuitemradio', {name: 'SQL for Trino'});
    await expect(page.getByRole('menuitemradio', {name: 'SQL for BigQuery'})).toHaveAttribute('aria-checked', 'true');
    await trino.focus();
    await page.keyboard.press('Enter');
    await expect(shownVariants(page)).toHaveAttribute('data-warehouse-variant', /\btrino\b/);
    await expect(selector(page)).toHaveValue('trino');
    await expect(page.getByRole('button', {name: 'More ways to use this page'})).toBeFocused();
  });

  test('a page without SQL variants keeps its menu as it was', async ({page}) => {
    await page.goto(`${SITE}/guides/pinning`);
    await hydrated(page);
    await page.getByRole('button', {name: 'More ways to use this page'}).click();
    await expect(page.getByRole('menuitem', {name: 'View as Markdown'})).toBeVisible();
    await expect(page.getByRole('menuitemradio')).toHaveCount(0);
  });

  /**
   * axe on a page with variants as it loads (BigQuery's shown), light and dark, is the crawl's (crawl.spec.ts): it
   * loads every sitemap page in both modes, with every WCAG 2.1 A/AA rule in light mode and the colour rules in dark.
   * Two tests here loaded this page again for the same check; what stays here is that the crawl visits it.
   */
  test('the crawl runs axe on a page with variants in both modes: it is in the sitemap', () => {
    const sitemap = fs.readFileSync(path.join(requireBuild('sitemap.xml'), 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>https://docs.lightdash.com${new URL(TEMPLATE).pathname}</loc>`);
  });
});

test.describe('SQL examples without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('every variant is shown under its title, and the selector is hidden', async ({page}) => {
    await page.goto(TEMPLATE);
    const group = groups(page).first();
    const variants = group.locator('[data-warehouse-variant]');
    expect(await variants.count()).toBeGreaterThan(1);
    await expect(group.locator('[data-warehouse-variant]:visible')).toHaveCount(await variants.count());
    await expect(group.getByLabel('Your warehouse')).toBeHidden();
  });
});
