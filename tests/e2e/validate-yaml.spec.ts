import {test, expect, type Page} from '@playwright/test';
import {hydrated, watchPage} from './helpers';
import {axeViolations} from './axe';
import {bigDbtYaml, THREE_MISTAKES_DBT_YAML as THREE_MISTAKES, VALID_DBT_YAML as VALID} from '../yaml-samples.mjs';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

/**
 * The page "Validate your YAML" (src/components/YamlValidator): the docs' own checker of dbt properties files runs
 * in a Web Worker of the page, lists each problem with its line, path and reference link, and sends nothing anywhere.
 */

const PAGE = '/guides/validate-your-yaml';
const NEXT_PAGE = '/next/guides/validate-your-yaml';
const LABEL = 'Your dbt properties file (YAML)';
/** A check of a large file on a busy two-core machine, plus the worker's first load. */
const CHECK_TIMEOUT = {timeout: 30_000};

const validator = (page: Page) => page.locator('section.yaml-validator');
const box = (page: Page) => validator(page).getByRole('textbox', {name: LABEL});
const status = (page: Page) => validator(page).getByRole('status');
const problems = (page: Page) => validator(page).getByRole('list', {name: 'Problems found'}).getByRole('listitem');

async function open(page: Page, path = PAGE) {
  await page.goto(path);
  await hydrated(page);
  await expect(box(page)).toBeVisible();
}

/** Every request the page makes from now on, as "METHOD url". */
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  return requests;
}

test('a valid file: no problems, and nothing but the checker’s own script is requested', async ({page, baseURL}) => {
  const pageProblems = watchPage(page);
  await open(page);
  await expect(status(page)).toHaveText('Paste a schema.yml above, or open a file, to check it.');
  const requests = recordRequests(page);
  await box(page).fill(VALID);
  await expect(status(page)).toHaveText('No problems found in 14 lines.', CHECK_TIMEOUT);
  await expect(problems(page)).toHaveCount(0);
  // The text stays in the browser: only files of the site itself (the worker's script) are fetched, never sent.
  expect(requests.filter((r) => !r.startsWith(`GET ${baseURL}/assets/`))).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test('three kinds of mistake: each at its line, with its kind, its path and a link into the released reference', async ({
  page,
}) => {
  await open(page);
  await expect(validator(page)).toContainText(`Checked against: Lightdash ${RELEASED_VERSION}`);
  await box(page).fill(THREE_MISTAKES);
  await expect(status(page)).toHaveText('2 errors and 1 warning found in 16 lines.', CHECK_TIMEOUT);
  const expected = [
    ['Warning', 'Line 4, column 5', 'models[0].lable', 'Did you mean label?', '/references/tables#adding-tables'],
    [
      'Error',
      'Line 8, column 17',
      'models[0].meta.joins[0].type',
      'outer is not a join type',
      '/references/joins#join-types',
    ],
    [
      'Error',
      'Line 15, column 21',
      'models[0].columns[0].meta.metrics.total_revenue.type',
      'Did you mean count_distinct?',
      '/references/metrics#metric-types',
    ],
  ];
  await expect(problems(page)).toHaveCount(expected.length);
  for (const [i, [kind, line, path, message, href]] of expected.entries()) {
    const item = problems(page).nth(i);
    await expect(item).toContainText(kind);
    await expect(item.getByRole('button')).toHaveText(line);
    await expect(item.locator('code').first()).toHaveText(path);
    await expect(item).toContainText(message);
    await expect(item.getByRole('link')).toHaveAttribute('href', href);
  }

  // The link leads to the section that explains the setting.
  await problems(page).nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/references\/joins#join-types$/);
  await expect(page.locator('#join-types')).toBeVisible();
});

test('in Next, the links stay in Next; a syntax error links to this page’s help', async ({page}) => {
  await open(page, NEXT_PAGE);
  await expect(validator(page)).toContainText('Checked against: Next');
  await box(page).fill(THREE_MISTAKES);
  await expect(problems(page)).toHaveCount(3, CHECK_TIMEOUT);
  await expect(problems(page).first().getByRole('link')).toHaveAttribute(
    'href',
    '/next/references/tables#adding-tables',
  );

  await box(page).fill('version: 2\nmodels:\n  - name: a\n    name: b\n');
  await expect(status(page)).toHaveText('1 error found in 4 lines.', CHECK_TIMEOUT);
  await expect(problems(page).first().getByRole('button')).toHaveText('Line 4, column 5');
  await expect(problems(page).first()).toContainText('YAML syntax: Map keys must be unique');
  await expect(problems(page).first().getByRole('link')).toHaveAttribute(
    'href',
    '/next/guides/validate-your-yaml#syntax-errors',
  );
});

test('a 10,000-line file is checked in a worker: the page never blocks, and a late mistake has its line', async ({
  page,
}) => {
  await open(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const lines = bigDbtYaml(10_000).split('\n');
  // One mistake near the end.
  const last = lines.length - 2;
  lines[last] = lines[last].replace('type: sum', 'type: summ');
  const text = lines.join('\n');
  expect(lines.length).toBeGreaterThan(10_000);

  // Long tasks (main-thread work over 50 ms) from the moment the text is in the box until the result shows.
  await page.evaluate(() => {
    const longest = {ms: 0};
    (window as unknown as {__longest: typeof longest}).__longest = longest;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
    }).observe({type: 'longtask'});
  });
  await box(page).evaluate((element, value) => {
    const textarea = element as HTMLTextAreaElement;
    textarea.value = value;
    textarea.dispatchEvent(new Event('input', {bubbles: true}));
  }, text);
  // While the check runs, the page still answers: typing goes into the box at once.
  await box(page).press('End');
  await expect(status(page)).toHaveText(/^(Checking…|1 error found)/);
  await expect(status(page)).toHaveText(`1 error found in ${(lines.length - 1).toLocaleString('en-US')} lines.`, {
    timeout: 60_000,
  });
  await expect(problems(page).first().getByRole('button')).toHaveText(`Line ${last + 1}, column 21`);
  await expect(problems(page).first()).toContainText('Did you mean sum?');
  expect(workers.length, 'the check ran in a Web Worker').toBeGreaterThan(0);
  // Parsing 10,000 lines on the main thread is one task of about half a second or more; in the worker, the page's
  // longest task is rendering, far below that.
  const longest = await page.evaluate(() => (window as unknown as {__longest: {ms: number}}).__longest.ms);
  expect(longest, 'longest main-thread task (ms)').toBeLessThan(400);
});

test('a check past its budget is stopped: the worker is ended and the reader told why, then checking goes on', async ({
  page,
}) => {
  // The page's clock is faked so that the budget (CHECK_BUDGET_MS in src/components/YamlValidator/checkRunner.ts,
  // 20 seconds) can pass while the worker is still busy with a large file.
  await page.clock.install();
  // Counts the page's calls to Worker.terminate(), which is how checkRunner.ts ends a check past its budget.
  await page.addInitScript(() => {
    const w = window as unknown as {__terminated: number};
    w.__terminated = 0;
    const terminate = Worker.prototype.terminate;
    Worker.prototype.terminate = function (this: Worker) {
      w.__terminated += 1;
      return terminate.call(this);
    };
  });
  await open(page);
  // About 730,000 characters: a second or more of work in the worker, far longer than moving the clock takes.
  const text = bigDbtYaml(30_000);
  await box(page).evaluate((element, value) => {
    const textarea = element as HTMLTextAreaElement;
    textarea.value = value;
    textarea.dispatchEvent(new Event('input', {bubbles: true}));
  }, text);
  await expect(status(page)).toHaveText('Checking…', CHECK_TIMEOUT);
  await page.clock.fastForward(21_000);
  await expect(status(page)).toHaveText(
    /^The check was stopped after 20 seconds, the most one check may take, so this file was not checked\./,
  );
  await expect(problems(page)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as {__terminated: number}).__terminated)).toBeGreaterThanOrEqual(
    1,
  );

  // The stopped worker was ended (checkRunner.ts `stop`), so the next check starts a new one, which answers as usual.
  await box(page).fill(VALID);
  await expect(status(page)).toHaveText('No problems found in 14 lines.', CHECK_TIMEOUT);
  // (Playwright's `worker` events were not reliable enough to count workers in CI, so the ending is counted through
  // Worker.terminate above.)
});

test('keyboard: type, reach the file input, jump to a problem’s line, follow its link', async ({page}) => {
  await open(page);
  await box(page).focus();
  await page.keyboard.insertText(THREE_MISTAKES);
  await expect(problems(page)).toHaveCount(3, CHECK_TIMEOUT);

  // The file input, then each problem's line button and link, in order.
  await page.keyboard.press('Tab');
  await expect(validator(page).getByLabel('Open a YAML file')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(problems(page).nth(0).getByRole('button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(problems(page).nth(0).getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  const lineButton = problems(page).nth(1).getByRole('button', {name: 'Line 8, column 17'});
  await expect(lineButton).toBeFocused();
  await page.keyboard.press('Enter');
  // The box gets focus with the problem's line selected from its column.
  await expect(box(page)).toBeFocused();
  const selected = await box(page).evaluate((element) => {
    const textarea = element as HTMLTextAreaElement;
    return textarea.value.slice(textarea.selectionStart, textarea.selectionEnd);
  });
  expect(selected).toBe('outer');

  await lineButton.focus();
  await page.keyboard.press('Tab');
  await expect(problems(page).nth(1).getByRole('link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/references\/joins#join-types$/);
});

test('a file opened or dropped is checked; markup in it stays text', async ({page}) => {
  const pageProblems = watchPage(page);
  await open(page);
  await validator(page)
    .getByLabel('Open a YAML file')
    .setInputFiles({name: 'schema.yml', mimeType: 'text/yaml', buffer: Buffer.from(THREE_MISTAKES)});
  await expect(status(page)).toHaveText('2 errors and 1 warning found in 16 lines.', CHECK_TIMEOUT);
  await expect(box(page)).toHaveValue(THREE_MISTAKES);

  const hostile = 'version: 2\n"<img src=x onerror=alert(1)>": 1\n';
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'hostile.yml', {type: 'text/yaml'}));
    return transfer;
  }, hostile);
  await box(page).dispatchEvent('drop', {dataTransfer});
  await expect(status(page)).toHaveText('1 error found in 2 lines.', CHECK_TIMEOUT);
  await expect(problems(page).first()).toContainText('Unknown key <img src=x onerror=alert(1)> at the top of the file');
  await expect(validator(page).locator('img')).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the checker with its results passes axe (WCAG 2.1 AA), ${mode} mode`, async ({page}) => {
    // The mode is chosen before the page loads (as a returning reader's is), not switched under axe: a
    // switch mid-run measures colours halfway through their transition.
    await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
    await open(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await box(page).fill(THREE_MISTAKES);
    await expect(problems(page)).toHaveCount(3, CHECK_TIMEOUT);
    expect(await axeViolations(page, {include: 'section.yaml-validator'})).toEqual([]);
  });
}
