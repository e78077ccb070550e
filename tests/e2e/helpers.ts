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

/**
 * Waits until React has hydrated the page (Docusaurus marks <html data-has-hydrated>). It proves that the
 * page hydrates, not how fast (the bench measures that), so it waits longer than expect's 5 s: the first
 * test of `npm run test:quick` once took more, with lint, tsc and vitest starting beside it on two cores.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1, {timeout: 20_000});
}

/**
 * Resolves true once React has hydrated the page, false after `timeout` ms: for loops over many pages,
 * where a failure is reported with the rest. It waits in the page for the attribute to appear, where
 * `hydrated()`'s polling (100, 250, 500 ms apart) would add up to a quarter of a second a page. The
 * default is generous because it proves that a page hydrates, not how fast (the bench measures that):
 * with three workers on two cores, the home page once took more than 10 s at the end of the crawl.
 */
export function waitForHydration(page: Page, timeout = 30_000): Promise<boolean> {
  return page.evaluate(
    (ms) =>
      new Promise<boolean>((resolve) => {
        const root = document.documentElement;
        const done = () => root.dataset.hasHydrated === 'true';
        if (done()) return resolve(true);
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(root, {attributes: true, attributeFilter: ['data-has-hydrated']});
        setTimeout(() => {
          observer.disconnect();
          resolve(done());
        }, ms);
      }),
    timeout,
  );
}

/** JS chunks other than the runtime and main bundle: the ones a route loads on demand. */
export const routeChunk = /\/assets\/js\/(?!main\.|runtime~main\.)[^/]+\.js$/;

/**
 * Opens every <details> of the page, and shows every tab panel, so checks see folded content too. Native ones (the API
 * reference's) get `open`; Docusaurus' Details animate open from their own click handler and keep
 * their content hidden until the animation ends, so they are clicked outermost first, a level at a
 * time (a nested one cannot animate inside a hidden parent). Emulate `reducedMotion: 'reduce'` to
 * make that animation 1 ms long.
 */
export async function openAllDetails(page: Page) {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const isDocusaurus = (d: HTMLDetailsElement) => d.dataset.collapsed !== undefined;
    const all = () => Array.from(document.querySelectorAll('details'));
    all()
      .filter((d) => !isDocusaurus(d))
      .forEach((d) => (d.open = true));
    // Unselected tab panels too (code samples in other languages, other statuses' examples).
    document.querySelectorAll<HTMLElement>('[role="tabpanel"][hidden]').forEach((panel) => (panel.hidden = false));
    for (let level = 0; level < 10; level++) {
      const closed = all().filter((d) => isDocusaurus(d) && d.dataset.collapsed === 'true');
      const outermost = closed.filter((d) => !closed.some((other) => other !== d && other.contains(d)));
      if (outermost.length === 0) return;
      outermost.forEach((d) => d.querySelector<HTMLElement>(':scope > summary')?.click());
      // Open once the content box has lost the height and overflow the animation used.
      for (let frame = 0; frame < 120; frame++) {
        await nextFrame();
        const boxes = outermost.map((d) => d.querySelector<HTMLElement>(':scope > div'));
        if (boxes.every((box) => !box || (box.style.overflow !== 'hidden' && box.style.display !== 'none'))) break;
      }
    }
  });
}

/** A layout shift as the browser reports it; `recordLayoutShifts` keeps them in `window.__shifts`. */
export interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: {node?: Node}[];
}

/** Records every layout shift of the page from its start (buffered) in `window.__shifts`, for the test to read. */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {__shifts: LayoutShift[]};
    w.__shifts = [];
    new PerformanceObserver((list) => {
      w.__shifts.push(...(list.getEntries() as unknown as LayoutShift[]));
    }).observe({type: 'layout-shift', buffered: true});
  });
}

/**
 * Holds the main bundle back until the returned function is called, so the page stays the server's HTML (with what
 * the inline pre-paint scripts did to it) while the test looks at it.
 */
export async function holdMainBundle(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/main\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
