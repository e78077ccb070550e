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

/**
 * Opens url and resolves once React has hydrated it (Docusaurus marks <html data-has-hydrated>).
 * Hydration, not the load event, is the end: a slow image must not stall a measurement, and on a
 * busy machine a heavy page may take long, hence the generous timeout.
 */
export async function openHydrated(page, url, timeout = 120_000) {
  const response = await page.goto(url, {waitUntil: 'commit', timeout});
  if (!response || response.status() !== 200) {
    throw new BenchError(`${url} answered ${response?.status() ?? 'nothing'}; is the page in the build?`);
  }
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout});
}
