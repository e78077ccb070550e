import {test, expect} from '@playwright/test';
import {budgetProblem, budgets} from '../budgets';
import {measureFirstLoad} from './firstLoad';

/** First-load JavaScript and CSS (gzip) of one page of each type, against tests/budgets.json. */

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
