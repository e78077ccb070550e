import {test as base, devices, type Page} from '@playwright/test';
import {SITE} from '../../playwright.config';

/**
 * `test` with a `page` that is one tab per worker, kept from test to test, for specs whose tests only open
 * pages and read them. Playwright's own `page` is a new browser context for each test: a new renderer
 * process and a cold first load, about 1 CPU-second more than the same load in a warm tab (measured in
 * bench-results/HISTORY.md, "Where the test time goes"). Each test still opens its page with a full
 * navigation: the tab is taken back to about:blank after every test, so a test that opens the same path with
 * another #fragment loads the page again instead of scrolling the one before.
 *
 * What is kept between tests is the browser's caches and nothing a test sets up, as long as the test sets up
 * nothing in the tab that outlives it: use it only in tests that need no route handler (`page.route`), init
 * script, stored data (localStorage, cookies), dialog handler or context option other than the viewport and
 * the colour scheme, which are set again for each test. Listeners a test adds (`page.on`) are removed after
 * it. A test that fails restarts its worker, so a tab left in a bad state is not reused.
 */
export const test = base.extend<object, {warmTab: Page}>({
  warmTab: [
    async ({browser}, use) => {
      // The project's settings (playwright.config.ts), which a context made here does not inherit.
      const {viewport, userAgent, deviceScaleFactor, isMobile, hasTouch} = devices['Desktop Chrome'];
      const context = await browser.newContext({
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL: SITE,
      });
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
  // `run`, not `use`: the React hooks lint rule takes a call to `use` in `page` for a hook.
  page: async ({warmTab, viewport, colorScheme, javaScriptEnabled, permissions}, run) => {
    // Options of the context itself cannot change in a kept tab: such a test needs a context of its own.
    if (javaScriptEnabled === false || (permissions?.length ?? 0) > 0)
      throw new Error("The warm tab cannot turn JavaScript off or grant permissions: use @playwright/test's test.");
    if (viewport) await warmTab.setViewportSize(viewport);
    await warmTab.emulateMedia({colorScheme: colorScheme ?? 'light'});
    await run(warmTab);
    await warmTab.removeAllListeners();
    await warmTab.goto('about:blank');
  },
});

export {expect} from '@playwright/test';
