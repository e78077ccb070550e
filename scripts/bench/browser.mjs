// Debian's Chromium driven by Playwright, with the quiet-network flags of the browser tests (read from
// playwright.config.ts, so both always agree). The full browser, not the tests' headless shell:
// Lighthouse launches the same binary, and readers' browsers are full ones.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {loadFreshModule} from '@docusaurus/utils';
import {BenchError, onCleanup} from './process.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let settings = null;
/** {executablePath, args}: CHROMIUM_PATH or /usr/bin/chromium, with the browser tests' flags. */
export async function chromiumSettings() {
  if (!settings) {
    const config = /** @type {any} */ (await loadFreshModule(path.join(siteDir, 'playwright.config.ts')));
    const {args = []} = config.use?.launchOptions ?? {};
    settings = {executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args};
  }
  if (!fs.existsSync(settings.executablePath)) {
    throw new BenchError(
      `No Chromium at ${settings.executablePath}. Install it (\`node scripts/setup-test-tools.mjs\` or ` +
        'apt-get install chromium) or set CHROMIUM_PATH.',
    );
  }
  return settings;
}

/** A headless browser that is closed at cleanup. */
export async function launchBrowser() {
  const browser = await chromium.launch(await chromiumSettings());
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
