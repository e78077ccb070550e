import {test, expect, type Page} from '@playwright/test';
import {LANGUAGE_KEY, INSTANCE_KEY} from '../../plugins/api-reference/index';
import {holdMainBundle, hydrated, recordLayoutShifts, seedStorage, watchPage, type LayoutShift} from './helpers';

/**
 * Reading an operation page like the best API docs (issue 21): samples beside the text, one remembered
 * language shared with the recipes, response examples per status, a link for every schema field,
 * the reader's own instance in every sample, and the try-it console's request as curl.
 */

const createSpace = '/api/v1/spaces/create-space-in-project';
const listSpaces = '/api/v1/spaces/list-spaces-in-project';
const recipe = '/guides/api-recipes/list-dashboards-of-a-space';
const CLOUD = 'https://app.lightdash.cloud';
const EXAMPLE_PROJECT = '3675b69e-8324-4110-bdca-059031aa8da3';

const samples = (page: Page) => page.locator('[data-tabs="language"]');
const tab = (page: Page, name: string) => samples(page).getByRole('tab', {name, exact: true});
const visiblePanel = (page: Page) => samples(page).locator('[role="tabpanel"]:visible');

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
}

test.describe('two columns from 1200 px', () => {
  test.use({viewport: {width: 1440, height: 900}});

  test('at 1440 px the samples sit beside the text, in the first screen, and stay while the text scrolls', async ({
    page,
  }) => {
    await page.goto(createSpace);
    await hydrated(page);
    const text = await box(page, 'main h2#parameters');
    const column = await box(page, 'main h2#code-samples');
    // Beside: to the right of the text column, never over it; at the top of the page, not 5,000 px down.
    expect(column.x).toBeGreaterThanOrEqual(text.x + 400);
    expect(column.y).toBeLessThan(900);
    const textRight = await page
      .locator('main h2#parameters')
      .evaluate((h) => (h.parentElement as HTMLElement).getBoundingClientRect().right);
    expect(column.x).toBeGreaterThan(textRight);
    // Sticky: after scrolling far down the text, the samples are still on screen.
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect(page.locator('main h2#responses')).not.toBeInViewport();
    await expect(page.locator('main h2#code-samples')).toBeInViewport();
    await expect(visiblePanel(page)).toBeInViewport();
  });

  test('a returning reader sees their language from the first paint: no layout shift', async ({page}) => {
    await seedStorage(page, {[LANGUAGE_KEY]: 'go'});
    // Shifts from the moment React may take over, except those of the code blocks' button group: the
    // theme adds its word-wrap button after measuring a block that scrolls sideways, on every page,
    // whatever the language. On a loaded machine Chromium paints the half-parsed document and the
    // table and sample columns grow as their HTML streams in; those shifts come before the language
    // could matter (the panel shown while the bundle is held is checked above the release).
    await recordLayoutShifts(page);
    // Hold the main bundle back, so the page stays the server's HTML until the check below is done.
    const release = await holdMainBundle(page);
    await page.goto(createSpace, {waitUntil: 'commit'});
    await page.waitForSelector('[data-tabs="language"]');
    expect(await page.locator('html[data-has-hydrated="true"]').count()).toBe(0);
    await expect(visiblePanel(page)).toHaveCount(1);
    await expect(visiblePanel(page)).toContainText('os.Getenv("LIGHTDASH_API_KEY")');
    // The parser is done and a frame has been painted since: from here only React can move things.
    const hydrationMayStart = await page.evaluate(async () => {
      while (document.readyState === 'loading') await new Promise((resolve) => setTimeout(resolve, 20));
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now();
    });
    release();
    await hydrated(page);
    await expect(tab(page, 'Go')).toHaveAttribute('aria-selected', 'true');
    await expect(visiblePanel(page)).toHaveCount(1);
    await page.waitForTimeout(300);
    const shift = await page.evaluate((since) => {
      const isButtons = (node?: Node) => node instanceof Element && /buttonGroup/.test(node.className);
      return (window as unknown as {__shifts: LayoutShift[]}).__shifts
        .filter((entry) => entry.startTime >= since && !entry.hadRecentInput)
        .filter((entry) => !entry.sources.every((source) => isButtons(source.node)))
        .reduce((sum, entry) => sum + entry.value, 0);
    }, hydrationMayStart);
    expect(shift).toBe(0);
  });
});

test.describe('one column below 1200 px', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('at 390 px the samples follow the text, full width, without sideways scrolling', async ({page}) => {
    await page.goto(createSpace);
    await hydrated(page);
    const responses = await box(page, 'main h2#responses');
    const column = await box(page, 'main h2#code-samples');
    expect(column.y).toBeGreaterThan(responses.y);
    expect(Math.abs(column.x - responses.x)).toBeLessThan(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the sample language is one choice across operation pages and the API recipes', async ({page}) => {
  await page.goto(createSpace);
  await hydrated(page);
  await expect(tab(page, 'curl')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'JavaScript').click();
  await expect(visiblePanel(page)).toContainText('process.env.LIGHTDASH_API_KEY');
  // Keyboard: the arrows move along the tabs (WAI-ARIA tabs).
  await tab(page, 'JavaScript').press('ArrowRight');
  await expect(tab(page, 'Python')).toBeFocused();
  await expect(tab(page, 'Python')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'Python').press('ArrowLeft');
  await expect(tab(page, 'JavaScript')).toHaveAttribute('aria-selected', 'true');

  await page.goto(listSpaces);
  await hydrated(page);
  await expect(tab(page, 'JavaScript')).toHaveAttribute('aria-selected', 'true');
  await expect(visiblePanel(page)).toContainText('process.env.LIGHTDASH_API_KEY');

  // The recipes' tabs read and write the same choice.
  await page.goto(recipe);
  await hydrated(page);
  const recipeTabs = page.getByRole('main').getByRole('tablist').first();
  await expect(recipeTabs.getByRole('tab', {name: 'JavaScript'})).toHaveAttribute('aria-selected', 'true');
  await recipeTabs.getByRole('tab', {name: 'curl'}).click();
  await page.goto(listSpaces);
  await hydrated(page);
  await expect(tab(page, 'curl')).toHaveAttribute('aria-selected', 'true');
});

test('a corrupted or hostile stored language falls back to curl', async ({page}) => {
  const problems = watchPage(page);
  await seedStorage(page, {[LANGUAGE_KEY]: '"><img src=x onerror=alert(1)>'});
  await page.goto(createSpace);
  await hydrated(page);
  await expect(tab(page, 'curl')).toHaveAttribute('aria-selected', 'true');
  await expect(visiblePanel(page)).toHaveCount(1);
  await expect(page.locator('html')).not.toHaveAttribute('data-api-language');
  expect(problems).toEqual([]);
});

test('response examples are tabs per status, errors with their own payload', async ({page}) => {
  await page.goto(createSpace);
  await hydrated(page);
  const statuses = page.locator('[data-tabs="status"]');
  await expect(statuses.getByRole('tab')).toHaveText(['200', '400', '401', '403', '404', 'Other']);
  await expect(statuses.getByRole('tab', {name: '200'})).toHaveAttribute('aria-selected', 'true');
  await expect(statuses.locator('[role="tabpanel"]:visible')).toContainText('"status": "ok"');
  await statuses.getByRole('tab', {name: '401'}).click();
  const panel = statuses.locator('[role="tabpanel"]:visible');
  await expect(panel).toContainText('"AuthorizationError"');
  await expect(panel).toContainText('"statusCode": 401');
});

test.describe('schema fields', () => {
  const field = 'response-200.results.access.role';

  test('a field link opened cold unfolds its levels and scrolls to the field', async ({page}) => {
    await page.goto(`${createSpace}#${field}`);
    await hydrated(page);
    const target = page.locator(`[id="${field}"]`);
    await expect(target).toBeVisible();
    await expect(target).toBeInViewport();
    // Every folded level above it is open.
    expect(await target.evaluate((el) => el.closest('details:not([open])'))).toBeNull();
  });

  test('each field has a link that shows on hover and is reachable by keyboard', async ({page}) => {
    await page.goto(createSpace);
    await hydrated(page);
    const property = page.locator('[id="body.name"]');
    const link = property.getByRole('link', {name: 'Link to body.name'});
    await expect(link).toHaveAttribute('href', '#body.name');
    await expect(link).toHaveCSS('opacity', '0');
    await property.locator(':scope > div').first().hover();
    await expect(link).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await link.focus();
    await expect(link).toHaveCSS('opacity', '1');
    await link.press('Enter');
    await expect(page).toHaveURL(/#body\.name$/);
  });

  test('Expand all and Collapse all unfold and fold one tree', async ({page}) => {
    await page.goto(createSpace);
    await hydrated(page);
    const tree = page.locator(`[id="${field}"]`).locator('xpath=ancestor::div[.//button[text()="Expand all"]][1]');
    const closed = tree.locator('details:not([open])');
    expect(await closed.count()).toBeGreaterThan(0);
    await tree.getByRole('button', {name: 'Expand all'}).first().click();
    await expect(closed).toHaveCount(0);
    await expect(page.locator(`[id="${field}"]`)).toBeVisible();
    await tree.getByRole('button', {name: 'Collapse all'}).first().click();
    await expect(tree.locator('details[open]')).toHaveCount(0);
  });
});

test.describe('your own instance', () => {
  const instance = 'https://lightdash.example.com';
  const project = '0f1e2d3c-4b5a-4698-8776-a5b4c3d2e1f0';

  test('invalid input gets a clear message and changes nothing', async ({page}) => {
    await page.goto(createSpace);
    await hydrated(page);
    await page.getByText('Your Lightdash URL:').click();
    const form = page.getByRole('form', {name: 'Your Lightdash instance'});
    await form.getByLabel('Lightdash URL').fill('javascript:alert(1)');
    await form.getByLabel('Project UUID (optional)').fill('not-a-uuid');
    await form.getByRole('button', {name: 'Save'}).click();
    await expect(form.getByText('The address must start with https://')).toBeVisible();
    await expect(form.getByText('A project UUID looks like')).toBeVisible();
    await expect(form.getByLabel('Lightdash URL')).toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate((key) => localStorage.getItem(key), INSTANCE_KEY)).toBeNull();
    await expect(visiblePanel(page)).toContainText(CLOUD);
  });

  test('once set, the next page, the try-it console and the recipes use it; the key is never stored', async ({
    page,
  }) => {
    await page.goto(createSpace);
    await hydrated(page);
    await page.getByText('Your Lightdash URL:').click();
    const form = page.getByRole('form', {name: 'Your Lightdash instance'});
    await form.getByLabel('Lightdash URL').fill(`${instance}/`);
    await form.getByLabel('Project UUID (optional)').fill(project);
    await form.getByRole('button', {name: 'Save'}).click();
    await expect(form.getByRole('status')).toContainText(`the samples now call ${instance}`);

    await page.goto(listSpaces);
    await hydrated(page);
    await expect(page.getByText('Your Lightdash URL:')).toContainText(instance);
    await expect(visiblePanel(page)).toContainText(`${instance}/api/v1/projects/${project}/spaces`);
    await expect(visiblePanel(page)).not.toContainText(CLOUD);

    await page.getByRole('button', {name: 'Try it'}).click();
    const console = page.getByRole('form', {name: 'Try it console'});
    await expect(console.getByLabel('Instance URL')).toHaveValue(instance);
    const key = 'ldpat_never_stored_7c1d';
    await console.getByLabel('API key (personal access token)').fill(key);
    const stored = await page.evaluate(() => JSON.stringify({...localStorage, ...sessionStorage}));
    expect(stored).toContain(instance);
    expect(stored).not.toContain(key);

    // The overview's first call too.
    await page.goto('/api/v1/');
    await hydrated(page);
    await expect(page.locator('main pre').first()).toContainText(`${instance}/api/v1/org/projects`);

    await page.goto(recipe);
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByText(`export LIGHTDASH_URL="${instance}"`)).toBeVisible();
    await expect(main.getByText(`/api/v1/projects/${project}/spaces`).first()).toBeVisible();
    for (const code of await main.locator('pre').allTextContents()) expect(code).not.toContain(EXAMPLE_PROJECT);
  });
});

test('the try-it console copies the request as curl, the key as $LIGHTDASH_API_KEY', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(createSpace);
  await hydrated(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  const console = page.getByRole('form', {name: 'Try it console'});
  const key = 'ldpat_not_in_the_command_1a2b';
  await console.getByLabel('API key (personal access token)').fill(key);
  await console.getByLabel(/^projectUuid/).fill(EXAMPLE_PROJECT);
  await console.getByLabel('Body (JSON)').fill('{"name": "Finance\'s space"}');
  await console.getByRole('button', {name: 'Copy as curl'}).click();
  await expect(console.getByRole('status')).toContainText('Copied the curl command');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    [
      `curl --request POST '${CLOUD}/api/v1/projects/${EXAMPLE_PROJECT}/spaces'`,
      `--header "Authorization: ApiKey $LIGHTDASH_API_KEY"`,
      `--header 'Accept: application/json'`,
      `--header 'Content-Type: application/json'`,
      `--data '{"name": "Finance'\\''s space"}'`,
    ].join(' \\\n  '),
  );
  expect(copied).not.toContain(key);
  await expect(console.getByTestId('try-it-curl')).toHaveText(copied);
});
