import {defineConfig, devices} from '@playwright/test';

// Debian's headless shell (scripts/setup-test-tools.mjs installs it): the same Chromium as the full
// browser, with less to run per page.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/**
 * The production build on :3100; the fixture build (test-only pages, analytics on) on :3101; the
 * production build served by nginx with the build's own nginx.conf on :3102; the Prism mock of the
 * contract on :4010. E2E_PORT moves them all, so two checkouts can test at once.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
export const SITE = `http://127.0.0.1:${PORT}`;
export const FIXTURE_SITE = `http://127.0.0.1:${PORT + 1}`;
export const NGINX_SITE = `http://127.0.0.1:${PORT + 2}`;
export const PRISM_PORT = PORT + 910;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // The same everywhere (Playwright's local default is half the cores: one worker on the 2-core
  // machines here). Three on two cores: a worker waiting on a page load or hydration leaves its core to
  // another's axe run. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: SITE,
    // A click or hover that can never happen (a menu that did not open) otherwise waits out the whole
    // test and fails with only "Test timeout exceeded"; with its own limit it fails naming the action
    // and the element it waited for. 20 s is far beyond any action here on a loaded 2-core machine.
    actionTimeout: 20_000,
    // Recording a trace (DOM snapshots and screenshots at every action) cost about 45 % of the CPU of
    // the specs outside the crawl, though a passing test throws it away. E2E_TRACE=1 records one for
    // each failing test (open it with `npx playwright show-trace`).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromium,
      // Quiet on a closed network: no background connections Chromium would try to make.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Baseline (Sparkplug) code only: the optimising tiers compile hot functions on a second thread,
        // which pays off in a long-lived tab but not in a page that lives for a second and runs axe
        // once. Measured on the crawl: about a third less CPU a page. Behaviour is the same.
        '--js-flags=--max-opt=1',
        // A new document in the same frame and process, and the page left behind not kept for Back: the
        // tests go from page to page with goto() and never back. Measured on 60 crawl pages, 4 runs
        // each, interleaved: 49–56 CPU-s against 58–77 with both on. Pages behave the same.
        // Chromium keeps only the last --disable-features, so this one replaces the list Playwright
        // passes (PaintHolding, HttpsUpgrades, ThirdPartyStoragePartitioning, MediaRouter and others
        // for screenshots, HTTPS sites and third-party frames, none of which these tests use): the
        // 60-page figure is against Playwright's list. With that list added back to this switch, four
        // interleaved runs each gave the same CPU within the machine's spread (41–50 against 44–60).
        '--disable-features=BackForwardCache,RenderDocument',
      ],
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: [
    {
      command: `node scripts/serve.mjs --dir build --port ${PORT} --quiet --with-axe`,
      url: `${SITE}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node scripts/serve.mjs --dir build-e2e --port ${PORT + 1} --quiet --with-axe`,
      url: `${FIXTURE_SITE}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node scripts/nginx-serve.mjs --dir build --port ${PORT + 2}`,
      url: `${NGINX_SITE}/`,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
