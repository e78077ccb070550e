import {expect, type Page} from '@playwright/test';

/** Collects page errors, console errors/warnings and dialogs (a hostile input must trigger none). */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

/** Seeds localStorage before any page script runs. */
export async function seedStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  }, values);
}

/** Waits until React has hydrated the page (Docusaurus marks <html data-has-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/** JS chunks other than the runtime and main bundle: the ones a route loads on demand. */
export const routeChunk = /\/assets\/js\/(?!main\.|runtime~main\.)[^/]+\.js$/;
