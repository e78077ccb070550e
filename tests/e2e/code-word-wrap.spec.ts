import type {Page} from '@playwright/test';
import {test, expect} from './warmTab';
import {hydrated, watchPage} from './helpers';

// src/lib/codeWordWrap.ts: a code block offers "Toggle word wrap" exactly when its lines run past its
// width, measured for all blocks of a page at once, and again when a hidden tab is shown.

test.use({viewport: {width: 412, height: 823}});

/** Each code block in a visible tab panel (or outside any): its start, does it scroll sideways, has it the button? */
async function blocks(page: Page) {
  // The batched measurement and its re-render are done within a couple of frames.
  await page.waitForTimeout(200);
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLPreElement>('pre.prism-code'))
      .filter((pre) => !pre.closest('[role=tabpanel][hidden]'))
      .map((pre) => ({
        code: pre.textContent?.slice(0, 40),
        scrolls: pre.scrollWidth > pre.clientWidth,
        button: Boolean(pre.closest('.theme-code-block')?.querySelector('button[aria-label="Toggle word wrap"]')),
      })),
  );
}

test('the button is there exactly for the blocks that scroll sideways, and wraps them', async ({page}) => {
  const problems = watchPage(page);
  await page.goto('/references/metrics');
  await hydrated(page);
  const found = await blocks(page);
  expect(found.some((block) => block.scrolls)).toBe(true);
  for (const block of found) expect(block.button).toBe(block.scrolls);

  const first = page.locator('.theme-code-block', {has: page.getByRole('button', {name: 'Toggle word wrap'})}).first();
  const scrolls = () => first.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
  await first.getByRole('button', {name: 'Toggle word wrap'}).click();
  await expect.poll(scrolls).toBe(false);
  // Still offered while wrapped, so the reader can unwrap.
  await first.getByRole('button', {name: 'Toggle word wrap'}).click();
  await expect.poll(scrolls).toBe(true);
  expect(problems).toEqual([]);
});

test('a block in a tab hidden at load is measured when its tab is shown', async ({page}) => {
  await page.goto('/guides/cli/cli-authentication');
  await hydrated(page);
  const before = await blocks(page);
  await page.getByRole('tab', {name: 'Personal access token (SSO)'}).click();
  const after = await blocks(page);
  // The block of the tab now shown was hidden, unmeasured, when the page loaded.
  const shown = after.filter((block) => !before.some((seen) => seen.code === block.code));
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.some((block) => block.scrolls)).toBe(true);
  for (const block of after) expect(block.button).toBe(block.scrolls);
});
