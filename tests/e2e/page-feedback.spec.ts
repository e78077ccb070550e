import {test, expect, type Page} from '@playwright/test';
import {FIXTURE_SITE} from '../../playwright.config';
import {hydrated, watchPage} from './helpers';
import {axeViolations} from './axe';

/**
 * "Was this page helpful?" (issue 11) on the fixture build, which posts analytics to the same-origin
 * /__analytics. Feedback events are {type: 'feedback', path, helpful, timestamp} and
 * {type: 'feedback-comment', path, helpful, comment, timestamp} (src/components/PageFeedback/feedback.ts).
 */

const RELEASED_PAGE = '/guides/how-to-create-metrics';
const NEXT_PAGE = '/next/guides/how-to-create-metrics';

/** Answers every analytics beacon and keeps the feedback events (page views are analytics.spec.ts's business). */
async function feedbackEvents(page: Page) {
  const kept: Record<string, unknown>[] = [];
  await page.route('**/__analytics', async (route) => {
    const event = JSON.parse(route.request().postData() ?? '{}');
    if (String(event.type).startsWith('feedback')) kept.push(event);
    await route.fulfill({status: 204});
  });
  return kept;
}

const question = (page: Page) => page.getByRole('group', {name: 'Was this page helpful?'});
const status = (page: Page) => page.locator('.page-feedback [role="status"]');

async function openDocsPage(page: Page, path: string) {
  await page.goto(`${FIXTURE_SITE}${path}`);
  await hydrated(page);
}

test('Yes sends one feedback event with the page path, thanks the reader, and sets no cookie or storage', async ({
  page,
  context,
}) => {
  const problems = watchPage(page);
  const events = await feedbackEvents(page);
  await openDocsPage(page, RELEASED_PAGE);
  const storageBefore = await page.evaluate(() => Object.keys(window.localStorage).sort());

  await question(page).getByRole('button', {name: 'Yes'}).click();
  await expect(status(page)).toHaveText('Thanks for your feedback.');
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]).toEqual({type: 'feedback', path: RELEASED_PAGE, helpful: true, timestamp: expect.any(Number)});
  // One vote per page view: the question is gone, and nothing more is sent without a comment.
  await expect(question(page)).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(events).toHaveLength(1);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => Object.keys(window.localStorage).sort())).toEqual(storageBefore);
  expect(problems).toEqual([]);
});

test('No with a comment sends the vote, then the comment as a second event', async ({page, context}) => {
  const events = await feedbackEvents(page);
  await openDocsPage(page, NEXT_PAGE);
  await question(page).getByRole('button', {name: 'No'}).click();
  const comment = page.getByRole('textbox', {name: 'What was missing or unclear? (optional)'});
  await expect(comment).toBeFocused();
  await comment.fill('The example needs a filter.');
  await expect(page.locator('.page-feedback')).toContainText('27 of 500 characters');
  await page.getByRole('button', {name: 'Send comment'}).click();

  await expect(status(page)).toHaveText('Thanks for your feedback. Your comment was sent.');
  await expect.poll(() => events.length).toBe(2);
  expect(events[0]).toMatchObject({type: 'feedback', path: NEXT_PAGE, helpful: false});
  expect(events[1]).toEqual({
    type: 'feedback-comment',
    path: NEXT_PAGE,
    helpful: false,
    comment: 'The example needs a filter.',
    timestamp: expect.any(Number),
  });
  await expect(comment).toHaveCount(0);
  expect(await context.cookies()).toEqual([]);
});

test('an empty comment is not sent and the reader is told why', async ({page}) => {
  const events = await feedbackEvents(page);
  await openDocsPage(page, RELEASED_PAGE);
  await question(page).getByRole('button', {name: 'Yes'}).click();
  await page.getByRole('textbox', {name: 'What helped you? (optional)'}).fill('   ');
  await page.getByRole('button', {name: 'Send comment'}).click();
  await expect(page.getByRole('alert').filter({hasText: 'Write a comment before sending'})).toBeVisible();
  await page.waitForTimeout(300);
  expect(events.map((e) => e.type)).toEqual(['feedback']);
});

test('a vote the browser refuses to send is not thanked, and the reader can try again', async ({page}) => {
  await feedbackEvents(page);
  // sendBeacon returns false when the browser will not queue the request (e.g. its beacon quota is used up).
  await page.addInitScript(() => Object.defineProperty(navigator, 'sendBeacon', {value: () => false}));
  await openDocsPage(page, RELEASED_PAGE);
  await question(page).getByRole('button', {name: 'Yes'}).click();
  await expect(status(page)).toHaveText('Your answer could not be sent. Please try again.');
  await expect(question(page).getByRole('button', {name: 'Yes'})).toBeVisible();
  await expect(page.locator('.page-feedback')).not.toContainText('Thanks');
});

test('the comment is capped at 500 characters', async ({page}) => {
  await feedbackEvents(page);
  await openDocsPage(page, RELEASED_PAGE);
  await question(page).getByRole('button', {name: 'Yes'}).click();
  const comment = page.getByRole('textbox', {name: 'What helped you? (optional)'});
  await comment.fill('x'.repeat(600));
  await expect(comment).toHaveValue('x'.repeat(500));
  await expect(page.locator('.page-feedback')).toContainText('500 of 500 characters');
});

test('works with the keyboard alone: Tab to the buttons, Space to vote, Enter to send', async ({page}) => {
  test.setTimeout(60_000); // about 25 Tab presses, each scrolling the page
  const events = await feedbackEvents(page);
  await openDocsPage(page, RELEASED_PAGE);
  const yes = question(page).getByRole('button', {name: 'Yes'});
  // As a keyboard reader would: the first Tab stop is "Skip to main content", then through the page's links.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
  await page.keyboard.press('Enter');
  for (let presses = 0; presses < 100 && !(await yes.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(yes).toBeFocused();
  // The widget's own focus ring (a solid outline in the primary colour), not only the browser default.
  expect(await yes.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Tab');
  await expect(question(page).getByRole('button', {name: 'No'})).toBeFocused();
  await page.keyboard.press('Space');

  await expect(page.getByRole('textbox', {name: 'What was missing or unclear? (optional)'})).toBeFocused();
  await page.keyboard.type('Typed with the keyboard');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: 'Send comment'})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Thanks for your feedback. Your comment was sent.');
  await expect
    .poll(() => events.map((e) => [e.type, e.helpful, e.comment]))
    .toEqual([
      ['feedback', false, undefined],
      ['feedback-comment', false, 'Typed with the keyboard'],
    ]);
  // Focus stays in the widget after the form goes away.
  await expect(page.locator('.page-feedback')).toBeFocused();
});

test('a new page asks again, and its vote carries the new path', async ({page}) => {
  const events = await feedbackEvents(page);
  await openDocsPage(page, '/');
  await question(page).getByRole('button', {name: 'Yes'}).click();
  await expect(question(page)).toHaveCount(0);
  await page.getByRole('main').getByRole('link', {name: 'contact page'}).click();
  await expect(page).toHaveURL(/\/contact\/contact_info$/);
  await question(page).getByRole('button', {name: 'No'}).click();
  await expect
    .poll(() => events.map((e) => [e.path, e.helpful]))
    .toEqual([
      ['/', true],
      ['/contact/contact_info', false],
    ]);
});

test('a hostile comment is sent as plain text and nothing runs', async ({page}) => {
  const problems = watchPage(page);
  const events = await feedbackEvents(page);
  const hostile = '<img src=x onerror=alert(1)>';
  await openDocsPage(page, RELEASED_PAGE);
  await question(page).getByRole('button', {name: 'No'}).click();
  await page.getByRole('textbox', {name: 'What was missing or unclear? (optional)'}).fill(hostile);
  await page.getByRole('button', {name: 'Send comment'}).click();
  await expect.poll(() => events.length).toBe(2);
  expect(events[1].comment).toBe(hostile);
  await page.waitForTimeout(300);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(problems.filter((p) => p.startsWith('dialog') || p.startsWith('pageerror'))).toEqual([]);
});

test('fits a 375 px wide screen', async ({page}) => {
  await page.setViewportSize({width: 375, height: 800});
  await openDocsPage(page, RELEASED_PAGE);
  const widget = page.locator('.page-feedback');
  await question(page).getByRole('button', {name: 'No'}).click();
  const box = await widget.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await widget.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

for (const [signal, init] of [
  ['Do-Not-Track', () => Object.defineProperty(navigator, 'doNotTrack', {value: '1'})],
  ['Global Privacy Control', () => Object.defineProperty(navigator, 'globalPrivacyControl', {value: true})],
] as const) {
  test(`under ${signal} the widget is not shown and nothing is sent`, async ({page}) => {
    const events = await feedbackEvents(page);
    await page.addInitScript(init);
    await openDocsPage(page, RELEASED_PAGE);
    // The page is a docs page with its footer; only the widget is missing.
    await expect(page.getByRole('link', {name: 'Edit this page'})).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.locator('.page-feedback')).toHaveCount(0);
    expect(events).toEqual([]);
  });
}

test('the production build (no ANALYTICS_URL) shows no widget and posts nothing', async ({page}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.goto(RELEASED_PAGE);
  await hydrated(page);
  await expect(page.getByRole('link', {name: 'Edit this page'})).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.locator('.page-feedback')).toHaveCount(0);
  expect(posts).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe WCAG 2.1 A/AA finds nothing in the widget, before and after a vote, ${scheme} mode`, async ({page}) => {
    test.setTimeout(60_000); // two axe runs; once over 30 s on the shared 2-core machine
    await feedbackEvents(page);
    await page.emulateMedia({colorScheme: scheme});
    await openDocsPage(page, RELEASED_PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const violations = () => axeViolations(page, {include: '.page-feedback'});

    await expect(question(page)).toBeVisible();
    expect(await violations()).toEqual([]);
    await question(page).getByRole('button', {name: 'No'}).click();
    await page.getByRole('button', {name: 'Send comment'}).click(); // empty: shows the error message too
    await expect(page.getByRole('alert').filter({hasText: 'Write a comment'})).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}
