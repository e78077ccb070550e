// Debian's Chromium driven by Playwright (the browser tests use the same binary), quiet on a closed
// network. Lighthouse launches the same binary itself (see lighthouse.mjs).
import fs from 'node:fs';
import {chromium} from '@playwright/test';
import {BenchError, onCleanup} from './process.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new BenchError(
      `No Chromium at ${CHROMIUM_PATH}. Install it (\`node scripts/setup-browser.mjs\` or apt-get install chromium) ` +
        'or set CHROMIUM_PATH.',
    );
  }
}

/** A headless browser that is closed at cleanup. */
export async function launchBrowser() {
  assertChromium();
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: QUIET_FLAGS});
  onCleanup(() => browser.close());
  return browser;
}

/** Resolves once React has hydrated the page (Docusaurus marks <html data-has-hydrated>). */
export async function waitForHydration(page, timeout = 30_000) {
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout});
}
