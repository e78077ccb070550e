import {test, expect, type Page} from '@playwright/test';
import {FIXTURE_SITE} from '../../playwright.config';
import {hydrated} from './helpers';

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
