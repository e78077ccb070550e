import {test, expect} from '@playwright/test';
import {hydrated, watchPage} from './helpers';

// ssrTemplate.ts: the server-rendered page is painted before the app's entry scripts are even
// added to the document; they are preloaded from the start and the page still hydrates.
// plugins/staged-start: the main bundle is then evaluated in steps, each marked on the timeline.

interface Timeline {
  fcp: number | null;
  /** When each entry script element entered the document, by file name. */
  scriptsAdded: Record<string, number>;
}

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    const timeline: Timeline = {fcp: null, scriptsAdded: {}};
    (window as unknown as {__timeline: Timeline}).__timeline = timeline;
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0];
      if (entry) timeline.fcp = entry.startTime;
    }).observe({type: 'paint', buffered: true});
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          const src = node instanceof HTMLScriptElement ? node.src : '';
          const name = /\/(runtime~main|main)\.[\w]+\.js$/.exec(src)?.[1];
          if (name) timeline.scriptsAdded[name] = performance.now();
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
});

for (const path of ['/guides/how-to-create-metrics', '/api/v1/spaces/create-space-in-project', '/']) {
  test(`${path}: painted before the app's scripts are added, then started in steps and hydrated`, async ({page}) => {
    const problems = watchPage(page);
    const preloaded: string[] = [];
    page.on('request', (request) => {
      if (/\/(runtime~main|main)\.\w+\.js$/.test(request.url())) preloaded.push(request.url());
    });
    await page.goto(path);
    await hydrated(page);
    const timeline = await page.evaluate(() => (window as unknown as {__timeline: Timeline}).__timeline);
    expect(timeline.fcp, 'first contentful paint').not.toBeNull();
    expect(Object.keys(timeline.scriptsAdded).sort()).toEqual(['main', 'runtime~main']);
    for (const added of Object.values(timeline.scriptsAdded)) expect(added).toBeGreaterThan(timeline.fcp!);
    // Each bundle is fetched once: the preload's response serves the inserted script.
    expect(preloaded).toHaveLength(2);
    expect(await page.locator('head link[rel=preload][as=script]').count()).toBe(2);
    expect(await page.locator('script[defer]').count()).toBe(0);
    const steps = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .map((mark) => mark.name)
        .filter((name) => name.startsWith('staged-start:')),
    );
    expect(steps).toEqual(
      ['react-dom', 'registry', 'routes', 'client-modules', 'app'].map((step) => `staged-start:${step}`),
    );
    expect(problems).toEqual([]);
  });
}

/** Paint timing that never reports, as in a browser without it; `hidden` as the test says. */
async function withoutPaintTiming(page: import('@playwright/test').Page, hidden: boolean) {
  await page.addInitScript((hiddenTab) => {
    window.PerformanceObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof PerformanceObserver;
    Object.defineProperty(document, 'hidden', {get: () => hiddenTab});
  }, hidden);
}

/** Milliseconds from DOMContentLoaded to the main bundle's element entering the document. */
async function scriptDelayAfterDomReady(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => {
    const timeline = (window as unknown as {__timeline: Timeline}).__timeline;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return timeline.scriptsAdded.main - navigation.domContentLoadedEventStart;
  });
}

test('without paint timing the app still starts, one second after the document is ready', async ({page}) => {
  await withoutPaintTiming(page, false);
  await page.goto('/guides/how-to-create-metrics');
  await hydrated(page);
  expect(await scriptDelayAfterDomReady(page)).toBeGreaterThanOrEqual(990);
});

test('a page opened in a background tab starts its app at once (a hidden tab never paints)', async ({page}) => {
  await withoutPaintTiming(page, true);
  await page.goto('/guides/how-to-create-metrics');
  await hydrated(page);
  expect(await scriptDelayAfterDomReady(page)).toBeLessThan(500);
});
