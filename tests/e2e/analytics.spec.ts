import {test, expect, type Page} from '@playwright/test';
import {FIXTURE_SITE} from '../../playwright.config';
import {hydrated, waitForHydration} from './helpers';

/** Records page-view beacons of the fixture build (built with ANALYTICS_URL=/__analytics, a same-origin path). */
async function beacons(page: Page) {
  const events: Record<string, unknown>[] = [];
  await page.route('**/__analytics', async (route) => {
    events.push(JSON.parse(route.request().postData() ?? '{}'));
    await route.fulfill({status: 204});
  });
  return events;
}

test('a page view is sent on first load and on every route change, without cookies', async ({page, context}) => {
  const events = await beacons(page);
  await page.goto(`${FIXTURE_SITE}/`);
  await hydrated(page);
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]).toMatchObject({type: 'pageview', path: '/', title: expect.stringContaining('Lightdash')});
  expect(typeof events[0].timestamp).toBe('number');

  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await expect.poll(() => events.length).toBe(2);
  expect(events[1]).toMatchObject({path: '/contact/contact_info', referrer: `${FIXTURE_SITE}/`});
  expect(events[1].title).not.toBe(events[0].title);
  expect(await context.cookies()).toEqual([]);
});

for (const [signal, init] of [
  ['Do-Not-Track', () => Object.defineProperty(navigator, 'doNotTrack', {value: '1'})],
  ['Global Privacy Control', () => Object.defineProperty(navigator, 'globalPrivacyControl', {value: true})],
] as const) {
  test(`nothing is sent under ${signal}`, async ({page}) => {
    const events = await beacons(page);
    await page.addInitScript(init);
    await page.goto(`${FIXTURE_SITE}/`);
    await hydrated(page);
    await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(events).toEqual([]);
  });
}

test('the production build (no ANALYTICS_URL) sends nothing', async ({page}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(r.url());
  });
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await hydrated(page);
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
});

test.describe('searches readers could not finish (issue 34)', () => {
  /**
   * At the start of a CI run the index loads while three browsers share two cores (search.spec.ts waits as long);
   * each test waits for an index, so it gets the time for it.
   */
  const INDEX_LOAD = 60_000;
  test.describe.configure({timeout: 90_000});
  /** Types into the navbar box once the plugin has attached its autocomplete (earlier text is not searched). */
  async function typeInBox(page: Page, url: string, query: string) {
    await page.goto(url);
    expect(await waitForHydration(page, INDEX_LOAD), 'the page hydrates').toBe(true);
    const input = page.locator('input.navbar__search-input');
    await input.click();
    await expect(input).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
    await input.fill(query);
  }
  const searchEvents = (events: Record<string, unknown>[]) =>
    events.filter((e) => typeof e.type === 'string' && e.type.startsWith('search-'));

  test('a search with no result is sent with its query, capped, and the page it was typed on', async ({page}) => {
    const events = await beacons(page);
    await typeInBox(page, `${FIXTURE_SITE}/guides/pinning`, '  zzqxvw  qqzzxx  ');
    await expect
      .poll(() => searchEvents(events), {timeout: INDEX_LOAD})
      .toEqual([
        expect.objectContaining({
          type: 'search-no-results',
          query: 'zzqxvw qqzzxx',
          path: '/guides/pinning',
          view: 'box',
        }),
      ]);
  });

  test('a search left without opening a hit is sent as abandoned; one whose hit is opened is not', async ({page}) => {
    const events = await beacons(page);
    await typeInBox(page, `${FIXTURE_SITE}/`, 'pinning');
    await expect(page.locator('.navbar').getByRole('option').first()).toBeVisible({timeout: INDEX_LOAD});
    // Away from the box: the reader gave up on these suggestions.
    await page.getByRole('main').click({position: {x: 5, y: 5}});
    await expect
      .poll(() => searchEvents(events), {timeout: INDEX_LOAD})
      .toEqual([expect.objectContaining({type: 'search-abandoned', query: 'pinning', path: '/', view: 'box'})]);
    expect(searchEvents(events)[0].results).toBeGreaterThan(0);

    await page.locator('input.navbar__search-input').fill('dashboard filters');
    await page.locator('.navbar').getByRole('option').first().click({timeout: INDEX_LOAD});
    await expect(page).toHaveURL(/_highlight=/);
    expect(await waitForHydration(page, INDEX_LOAD), 'the hit’s page hydrates').toBe(true);
    await page.waitForTimeout(1500);
    expect(searchEvents(events)).toHaveLength(1);
  });

  test('the results page reports an empty search too', async ({page}) => {
    const events = await beacons(page);
    await page.goto(`${FIXTURE_SITE}/search?q=zzqxvw`);
    await expect(page.getByText('No results', {exact: true})).toBeVisible({timeout: INDEX_LOAD});
    await expect
      .poll(() => searchEvents(events), {timeout: INDEX_LOAD})
      .toEqual([expect.objectContaining({type: 'search-no-results', query: 'zzqxvw', path: '/search', view: 'page'})]);
  });

  test('the production build (no ANALYTICS_URL) sends nothing for a search either', async ({page}) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') sent.push(r.url());
    });
    await typeInBox(page, '/', 'zzqxvw');
    await page.waitForTimeout(2500);
    await page.getByRole('main').click({position: {x: 5, y: 5}});
    await page.waitForTimeout(1500);
    expect(sent).toEqual([]);
  });
});
