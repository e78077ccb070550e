import {test, expect, type Page} from '@playwright/test';
import {hydrated} from './helpers';

/**
 * What a hostile-input probe of the site found (issue 37), each in the browser a reader would see it
 * in: site data blocked, a fragment that does not decode, search while offline or against an index
 * that never answers, a link clicked offline, and a search page opened with a 10,000-character query.
 */

const box = (page: Page) => page.locator('input.navbar__search-input');
/** The index is parsed in a worker; on a busy 2-core machine that took up to 27 s (search.spec.ts). */
const INDEX_LOAD = 60_000;

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('with site data blocked (the storage properties throw, as in a browser that blocks them)', () => {
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      for (const area of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, area, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
    });
  });

  test('a docs page hydrates: colour mode, tabs and search work', async ({page}) => {
    test.setTimeout(120_000);
    const errors = pageErrors(page);
    await page.goto('/guides/cli/cli-authentication');
    await hydrated(page);
    const html = page.locator('html');
    const before = await html.getAttribute('data-theme-choice');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(html).not.toHaveAttribute('data-theme-choice', before ?? '');
    const tabs = page.getByRole('tablist').first();
    const second = tabs.getByRole('tab').nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await box(page).click();
    await expect(box(page)).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
    await box(page).fill('pinning');
    await expect(page.getByRole('option').first()).toBeVisible({timeout: INDEX_LOAD});
    expect(errors).toEqual([]);
  });

  test('an API operation page hydrates and its language choice works for the page', async ({page}) => {
    const errors = pageErrors(page);
    await page.goto('/api/v1/spaces/create-space-in-project');
    await hydrated(page);
    const python = page.locator('[data-tabs="language"]').getByRole('tab', {name: 'Python', exact: true});
    await python.click();
    await expect(python).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
  });
});

test.describe('a fragment that does not decode never crashes a page', () => {
  for (const url of [
    '/',
    '/guides/pinning',
    '/api/v1/spaces/create-space-in-project',
    '/references/metrics',
    '/search?q=metrics',
  ]) {
    test(url, async ({page}) => {
      const errors = pageErrors(page);
      await page.goto(url);
      await hydrated(page);
      const heading = await page.getByRole('heading', {level: 1}).first().textContent();
      // Set by a script, then typed into the address bar (a same-document navigation).
      await page.evaluate(() => (window.location.hash = '%'));
      await page.goto(`${url}#%E0%A4%A`);
      await page.evaluate(() => (window.location.hash = '%zz%'));
      await expect(page.getByText('This page crashed')).toHaveCount(0);
      await expect(page.getByRole('heading', {level: 1}).first()).toHaveText(heading ?? '');
      expect(errors).toEqual([]);
    });
  }

  test('loaded with one, the page reads normally and a later anchor link still works', async ({page}) => {
    const errors = pageErrors(page);
    await page.goto('/references/metrics#%');
    await hydrated(page);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#%25'));
    await page
      .getByRole('main')
      .getByRole('link', {name: /^Metric types/})
      .first()
      .click();
    await expect(page).toHaveURL(/#metric-types$/);
    expect(errors).toEqual([]);
  });
});

test.describe('search without its index', () => {
  test.describe.configure({timeout: 150_000});

  test('an index that never answers: the box says search is unavailable, then recovers', async ({page}) => {
    let hang = true;
    await page.route(/\/search-index[^/]*\.json/, async (route) => {
      if (!hang) return route.continue();
      await new Promise(() => undefined); // never answers
    });
    await page.goto('/guides/pinning');
    await hydrated(page);
    await box(page).focus();
    const notice = page.getByRole('alert').filter({hasText: 'Search is unavailable'});
    await expect(notice).toContainText('did not answer within 8 seconds', {timeout: 30_000});
    // The server answers again; the reader comes back to the box.
    hang = false;
    await box(page).blur();
    await box(page).focus();
    await expect(notice).toHaveCount(0, {timeout: INDEX_LOAD});
    await box(page).fill('pinning');
    await expect(page.getByRole('option').first()).toBeVisible({timeout: INDEX_LOAD});
  });

  test('offline: the box says so, and works once the connection is back', async ({page, context}) => {
    await page.goto('/guides/pinning');
    await hydrated(page);
    await context.setOffline(true);
    await box(page).focus();
    const notice = page.getByRole('alert').filter({hasText: 'Search is unavailable'});
    await expect(notice).toContainText('network error', {timeout: 30_000});
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await box(page).click();
    await expect(box(page)).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
    await box(page).fill('pinning');
    await expect(page.getByRole('option').first()).toBeVisible({timeout: INDEX_LOAD});
  });
});

test('a link clicked offline keeps the page, says why, and opens once the connection is back', async ({
  page,
  context,
}) => {
  // Save-Data: nothing is prefetched, so the next page's chunks are asked for on the click.
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}),
  );
  await page.goto('/');
  await hydrated(page);
  const home = await page.getByRole('heading', {level: 1}).textContent();
  await context.setOffline(true);
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  const notice = page.getByRole('alert').filter({hasText: 'This page could not load'});
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(home ?? '');
  await notice.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('alert')).toContainText('Still offline');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(home ?? '');
  // Back online: the page asked for opens.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/contact\/contact_info$/);
  await expect(page.getByRole('heading', {level: 1})).not.toHaveText(home ?? '');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('going back from a link that could not open offline drops the notice', async ({page, context}) => {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}),
  );
  await page.goto('/');
  await hydrated(page);
  await context.setOffline(true);
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await expect(page.getByRole('alert').filter({hasText: 'This page could not load'})).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
});

test('a 10,000-character query is cut to 200 characters in the heading, the title and the box', async ({page}) => {
  const errors = pageErrors(page);
  const long = 'metrics '.repeat(1250);
  await page.goto(`/search?q=${encodeURIComponent(long)}`);
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText('Your search was 10,000 characters long');
  const heading = await page.getByRole('heading', {level: 1}).textContent();
  expect(heading?.length).toBeLessThan(260);
  expect((await page.title()).length).toBeLessThan(260);
  const input = page.locator('input[name="q"]');
  await expect(input).toHaveAttribute('maxlength', '200');
  await input.fill(long);
  expect((await input.inputValue()).length).toBe(200);
  expect(errors).toEqual([]);
});
