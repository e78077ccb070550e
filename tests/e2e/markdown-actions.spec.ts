import {test, expect, type Page} from '@playwright/test';
import {hydrated} from './helpers';
import {axeViolations} from './axe';

/** A released page, its Next copy and the docs home (whose Markdown is /index.md). */
const PAGES: [url: string, markdown: string][] = [
  ['/guides/pinning', '/guides/pinning.md'],
  ['/next/guides/pinning', '/next/guides/pinning.md'],
  ['/', '/index.md'],
];

/** The download and the clipboard write can take seconds when the test machine is busy. */
const BUSY_MACHINE = {timeout: 15_000};

test.use({permissions: ['clipboard-read', 'clipboard-write']});

const actions = (page: Page) => page.getByRole('group', {name: 'This page as Markdown'});
const copyButton = (page: Page) => actions(page).getByRole('button', {name: 'Copy page'});
const viewLink = (page: Page) => actions(page).getByRole('link', {name: 'View as Markdown'});
const status = (page: Page) => actions(page).getByRole('status');
/** Its accessible name also says that it opens a new tab. */
const chatLink = (page: Page, assistant: string) =>
  actions(page).getByRole('link', {name: `Open in ${assistant} (opens in a new tab)`, exact: true});
/** docusaurus.config.ts `url`: an assistant must fetch the Markdown from the published site. */
const SITE_URL = 'https://docs.lightdash.com';
const CHATS = [
  ['ChatGPT', 'https://chatgpt.com/'],
  ['Claude', 'https://claude.ai/new'],
] as const;
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

for (const [url, markdown] of PAGES) {
  test(`${url}: View as Markdown opens ${markdown} as text`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    const title = await page.getByRole('heading', {level: 1}).innerText();
    await expect(viewLink(page)).toHaveAttribute('href', markdown);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === markdown),
      viewLink(page).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/(markdown|plain); charset=utf-8$/);
    expect(await response.text()).toMatch(new RegExp(`^# ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`));
    // Shown as text in the tab, not downloaded.
    await expect(page).toHaveURL(new RegExp(`${markdown.replace('.', '\\.')}$`));
    await expect(page.locator('body')).toContainText(`# ${title}`);
  });

  test(`${url}: Copy page puts exactly ${markdown} on the clipboard, fetched only when pressed`, async ({
    page,
    request,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.md')) fetched.push(r.url());
    });
    await page.goto(url);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await copyButton(page).click();
    await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
    const expected = await (await request.get(markdown)).text();
    expect(expected.length).toBeGreaterThan(200);
    expect(await clipboard(page)).toBe(expected);
  });
}

for (const [url, markdown] of PAGES) {
  test(`${url}: Open in ChatGPT / Claude start a chat about ${SITE_URL}${markdown}, in a new tab`, async ({
    page,
    context,
  }) => {
    // The assistants are not reached from the test machine: their pages are answered here.
    await context.route(/^https:\/\/(chatgpt\.com|claude\.ai)\//, (route) =>
      route.fulfill({contentType: 'text/html', body: '<title>assistant</title>'}),
    );
    await page.goto(url);
    await hydrated(page);
    for (const [assistant, newChat] of CHATS) {
      const link = chatLink(page, assistant);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /(^| )noopener( |$)/);
      const href = new URL((await link.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe(newChat);
      const question = href.searchParams.get('q') ?? '';
      expect(question).toContain(` ${SITE_URL}${markdown} `);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      expect(tab.url()).toBe(href.href);
      // noopener: the chat tab cannot reach back into the docs page.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await tab.close();
      await expect(page).toHaveURL(new RegExp(`${url.replace(/\//g, '\\/')}$`));
    }
  });
}

test('a failed download says why, leaves the clipboard alone and keeps the link', async ({page}) => {
  await page.route('**/*.md', (route) => route.abort());
  await page.goto('/guides/pinning');
  await hydrated(page);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await copyButton(page).click();
  await expect(status(page)).toHaveText(/^Could not copy: the Markdown could not be downloaded/, BUSY_MACHINE);
  expect(await clipboard(page)).toBe('untouched');
  await expect(viewLink(page)).toBeVisible();
  await expect(viewLink(page)).toHaveAttribute('href', '/guides/pinning.md');
});

test('keyboard: Tab reaches Copy page, View as Markdown, Open in ChatGPT and Open in Claude, with a visible focus ring; Enter copies', async ({
  page,
  request,
}) => {
  await page.goto('/references/metrics');
  await hydrated(page);
  const button = copyButton(page);
  // The way a keyboard reader gets there: the skip link, then Tab through the page's first links.
  // (Not through the navbar: the search box, once tabbed past, takes focus back when its index
  // finishes loading.)
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  for (const link of [viewLink(page), chatLink(page, 'ChatGPT'), chatLink(page, 'Claude')]) {
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    expect(await link.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  }
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
  await expect(button).toBeFocused();
  expect(await clipboard(page)).toBe(await (await request.get('/references/metrics.md')).text());
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe WCAG 2.1 A/AA on the actions, ${scheme} mode, after a failed copy`, async ({page}) => {
    await page.emulateMedia({colorScheme: scheme});
    await page.route('**/*.md', (route) => route.abort());
    await page.goto('/guides/pinning');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await copyButton(page).click();
    await expect(status(page)).toHaveText(/^Could not copy/, BUSY_MACHINE);
    expect(await axeViolations(page, {include: '[aria-label="This page as Markdown"]'})).toEqual([]);
  });
}

test.describe('on a 375 px phone', () => {
  test.use({viewport: {width: 375, height: 800}});

  test('every control fits on screen and the page does not scroll sideways', async ({page}) => {
    await page.goto('/guides/pinning');
    await hydrated(page);
    for (const control of [copyButton(page), viewLink(page), chatLink(page, 'ChatGPT'), chatLink(page, 'Claude')]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    }
    await copyButton(page).click();
    await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
