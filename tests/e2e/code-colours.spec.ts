import {test, expect, type Page} from '@playwright/test';
import type {PrismTheme} from 'prism-react-renderer';
import {codeThemeDark, codeThemeLight} from '../../src/lib/prism/themes';
import {hydrated, seedStorage, watchPage} from './helpers';

/** A reference page whose code blocks have comments. */
const PAGE = '/references/spaces';

/** `#282A36` or `rgb(1, 2, 3)` as the browser reports colours. */
function rgb(colour: string): string {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(colour);
  return hex
    ? `rgb(${hex
        .slice(1)
        .map((h) => parseInt(h, 16))
        .join(', ')})`
    : colour;
}
const commentColour = (theme: PrismTheme) =>
  rgb(String(theme.styles.find((s) => s.types.includes('comment'))?.style.color));

/** Counts code blocks taken out of the document from the very start, hydration included. */
async function countRemovedCode(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {removedCode: number};
    w.removedCode = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches('pre, .theme-code-block') || node.querySelector('pre')))
            w.removedCode++;
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

async function codeColours(page: Page) {
  return page.evaluate(() => {
    const comment = document.querySelector('.prism-code .token.comment');
    const pre = document.querySelector('pre.prism-code');
    if (!comment || !pre) throw new Error('no highlighted comment on the page');
    return {comment: getComputedStyle(comment).color, background: getComputedStyle(pre).backgroundColor};
  });
}

for (const [mode, theme] of [
  ['light', codeThemeLight],
  ['dark', codeThemeDark],
] as const) {
  test(`code blocks hydrate in place with the ${mode} theme's colours`, async ({page}) => {
    const problems = watchPage(page);
    await seedStorage(page, {theme: mode});
    await countRemovedCode(page);
    await page.goto(PAGE);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    // Effects that ran after hydration (the theme's old re-mount among them) have had time to act.
    await page.waitForTimeout(300);
    expect(await codeColours(page)).toEqual({
      comment: commentColour(theme),
      background: rgb(theme.plain.backgroundColor!),
    });
    expect(await page.evaluate(() => (window as unknown as {removedCode: number}).removedCode)).toBe(0);
    expect(problems).toEqual([]);
  });
}

test("the server's HTML already has both modes' code colours: no script has to repaint it", async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(PAGE);
  for (const [mode, theme] of [
    ['light', codeThemeLight],
    ['dark', codeThemeDark],
  ] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), mode);
    expect(await codeColours(page), mode).toEqual({
      comment: commentColour(theme),
      background: rgb(theme.plain.backgroundColor!),
    });
  }
  await context.close();
});

test('switching colour mode recolours code without rebuilding it', async ({page}) => {
  await seedStorage(page, {theme: 'light'});
  await countRemovedCode(page);
  await page.goto(PAGE);
  await hydrated(page);
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'dark'; i++)
    await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await codeColours(page)).comment).toBe(commentColour(codeThemeDark));
  expect(await page.evaluate(() => (window as unknown as {removedCode: number}).removedCode)).toBe(0);
});
