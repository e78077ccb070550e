import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {budgetProblem, budgets} from '../budgets';
import {gzipSize, measureFirstLoad} from './firstLoad';
import {hydrated} from './helpers';
import {BUILD_DIR} from '../support/build';

/**
 * First-load JavaScript and CSS (gzip) of one page of each type, and what the search box downloads
 * before its first suggestions, against tests/budgets.json.
 */

for (const [type, budget] of Object.entries(budgets.firstLoad)) {
  test(`${type} page (${budget.url}): first-load JS and CSS within budget`, async ({page}) => {
    const {js, css} = await measureFirstLoad(page, budget.url);
    test.info().annotations.push({
      type: 'first-load (gzip)',
      description: `${budget.url}: JS ${js.total} B in ${js.files.length} files, CSS ${css.total} B in ${css.files.length} files`,
    });
    // A page that loaded no script at all would pass any budget.
    expect(
      js.files.some((f) => /\/main\.[0-9a-f]+\.js$/.test(f)),
      'main bundle measured',
    ).toBe(true);
    expect(css.files.length, 'stylesheet measured').toBeGreaterThan(0);
    const problems = [
      budgetProblem(`firstLoad.${type}.jsGzip`, js.total, budget.jsGzip),
      budgetProblem(`firstLoad.${type}.cssGzip`, css.total, budget.cssGzip),
    ].filter(Boolean);
    expect(problems).toEqual([]);
  });
}

/** Lighthouse's mobile network (slow 4G), as the bench's search rows use. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

test('the search box downloads no more than its budget before its first suggestions', async ({page}) => {
  const {url, gzip: budget} = budgets.searchFirstSuggestions;
  await page.goto(url);
  await hydrated(page);
  // On a phone's network the whole index, fetched after the first stage, is still downloading when
  // the first suggestions show; on the test's local network it would finish first and be counted.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  // The search worker's downloads are reported with the page's (they are not in its resource timing).
  const finished: {url: string; end: number}[] = [];
  page.on('requestfinished', (request) => {
    const {startTime, responseEnd} = request.timing();
    finished.push({url: request.url(), end: startTime + responseEnd});
  });
  const clickedAt = Date.now();
  await page.locator('input.navbar__search-input').click();
  await page.keyboard.type('metrics');
  await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible({timeout: 30_000});
  const shownAt = Date.now();
  const origin = new URL(page.url()).origin;
  const files = [
    ...new Set(
      finished
        .filter((r) => r.end <= shownAt && new URL(r.url).origin === origin)
        .map((r) => new URL(r.url).pathname)
        .filter((p) => fs.existsSync(path.join(BUILD_DIR, p))),
    ),
  ];
  test.info().annotations.push({type: 'before first suggestions', description: files.join(', ')});
  // Without the first stage the figure would be nothing to guard (it must have been fetched).
  expect(files.some((f) => /search-index\.stage1\.json$/.test(f))).toBe(true);
  expect(
    files.some((f) => /search-index\.json$/.test(f)),
    'the whole index was waited for',
  ).toBe(false);
  expect(clickedAt).toBeLessThan(shownAt);
  const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
  expect(total, 'issue 19: at most 450 KB gzip before the first suggestions').toBeLessThanOrEqual(450_000);
  expect([budgetProblem('searchFirstSuggestions.gzip', total, budget)].filter(Boolean)).toEqual([]);
});
