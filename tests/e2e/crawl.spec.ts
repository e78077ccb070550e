import fs from 'node:fs';
import path from 'node:path';
import {test as base, devices, expect, type Page, type Request} from '@playwright/test';
import {SITE} from '../../playwright.config';
import {axeViolations, COLOUR_RULES} from './axe';
import {hydrated, openAllDetails, waitForHydration} from './helpers';
import {BUILD_DIR} from '../support/build';

/**
 * Every page of the production build's sitemap, in light and in dark mode: HTTP 200, hydrated, the
 * colour mode applied, no console error or warning, no failed request, no Content-Security-Policy
 * violation, each diagram's image of the mode shown with a text alternative, and axe with no
 * violation, with every <details> opened: every WCAG 2.1 A/AA rule in light mode, and in dark mode
 * the rules whose outcome depends on colour (COLOUR_RULES; the others judge markup that the mode does
 * not change, and were about 40 % of the dark crawl's axe time).
 */

const build = BUILD_DIR;

/** Sitemap addresses are absolute (https://docs.lightdash.com/...); the path is what is served here. */
const sitemapUrls = [...fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  ([, loc]) => {
    const address = new URL(loc.replace(/&amp;/g, '&'));
    return address.pathname + address.search;
  },
);
/** The pages a reader reaches: the sitemap's, and /search, which asks search engines not to index it. */
const urls = [...sitemapUrls, '/search'];

/** About 15 pages a test: enough tests for the workers to finish together, few enough to start fast. */
const GROUP_SIZE = 15;
const groups = Array.from({length: Math.ceil(urls.length / GROUP_SIZE)}, (_, i) =>
  urls.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
);

/**
 * Listens to everything that can go wrong on a page; `take()` returns what happened since `start()`.
 * The crawl goes from page to page without a blank page between, so requests the page before left in
 * flight (prefetches of linked pages) are cancelled by the next navigation: no fault of either page, so
 * a request begun before `start()` is not counted. Everything begun after it is.
 */
function watch(page: Page) {
  let problems: string[] = [];
  let listening = false;
  let current = new Set<Request>();
  const earlier = new WeakSet<Request>();
  const add = (problem: string) => {
    if (listening) problems.push(problem);
  };
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') add(`console ${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => current.add(request));
  page.on('requestfailed', (request) => {
    if (!earlier.has(request)) add(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !earlier.has(response.request()))
      add(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    start() {
      for (const request of current) earlier.add(request);
      current = new Set();
      problems = [];
      listening = true;
    },
    take() {
      listening = false;
      return problems;
    },
  };
}

/** CSP violations are not all reported on the console (e.g. in workers), so the event is collected too. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {__cspViolations: string[]};
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
}

/** The policy must be there, or "no violation" would prove nothing. */
function checkPolicy(headers: Record<string, string>): string[] {
  const policy = headers['content-security-policy'];
  if (!policy) return ['no Content-Security-Policy header (was scripts/postbuild.mjs run on build/?)'];
  const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  return /'unsafe-inline'|'unsafe-eval'/.test(scriptSrc) ? [`script-src is not strict: ${scriptSrc}`] : [];
}

type Scheme = 'light' | 'dark';

/**
 * Each diagram (plugins/remark-diagrams) is a pair of SVG images, light then dark: the one of the
 * colour mode shows, the other does not, and the one shown has a text alternative. Checked on every
 * page here, in the load the crawl makes anyway, with <details> already open (a diagram inside a
 * folded block counts too); tests/e2e/diagrams.spec.ts checks that no page with a diagram is missed.
 */
async function diagramProblems(page: Page, scheme: Scheme): Promise<string[]> {
  return page.evaluate((scheme) => {
    // What Playwright's isVisible() means: a box with a size, and not visibility: hidden.
    const visible = (img: Element | null) => {
      if (!img) return false;
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(img).visibility !== 'hidden';
    };
    const [shown, hidden] = scheme === 'light' ? [1, 2] : [2, 1];
    return Array.from(document.querySelectorAll('figure[data-diagram]')).flatMap((figure, i) => {
      const image = (n: number) => figure.querySelector(`img:nth-of-type(${n})`);
      const problems: string[] = [];
      if (!visible(image(shown))) problems.push(`diagram ${i + 1}: its ${scheme} image is not shown`);
      if (visible(image(hidden))) problems.push(`diagram ${i + 1}: the image of the other mode shows too`);
      if (!image(shown)?.getAttribute('alt')?.trim()) problems.push(`diagram ${i + 1} has no text alternative`);
      return problems;
    });
  }, scheme);
}

async function checkPage(page: Page, url: string, scheme: Scheme): Promise<string[]> {
  const problems: string[] = [];
  const response = await page.goto(url);
  if (response?.status() !== 200) problems.push(`status ${response?.status()}`);
  if (response) problems.push(...checkPolicy(response.headers()));
  // A page that never hydrates is reported with the rest instead of stopping the group.
  if (!(await waitForHydration(page))) problems.push('did not hydrate (no html[data-has-hydrated])');
  const {description, theme} = await page.evaluate(() => ({
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    theme: document.documentElement.getAttribute('data-theme'),
  }));
  // Search results and link previews show it; Lighthouse's SEO audit fails a page without one.
  if (!description?.trim()) problems.push('no meta description');
  if (theme !== scheme) problems.push(`data-theme is ${theme}, not ${scheme}`);
  await openAllDetails(page);
  const closed = await page.locator('details:not([open]), details[data-collapsed="true"]').count();
  if (closed > 0) problems.push(`${closed} <details> stayed closed, so axe could not check their content`);
  problems.push(...(await diagramProblems(page, scheme)));
  problems.push(...(await axeViolations(page, scheme === 'dark' ? {rules: COLOUR_RULES} : {})));
  const csp = await page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations);
  problems.push(...csp.map((v) => `CSP violation: ${v}`));
  return problems;
}

interface CrawlTab {
  page: Page;
  watcher: ReturnType<typeof watch>;
}

/**
 * One tab per colour mode for all the crawl tests a worker runs, where each test used to open its own
 * context: its HTTP cache and compiled scripts then serve every page after the first, as they do for a
 * reader going from page to page. Only the first page of each group paid for a cold cache before. Every
 * page is still a full navigation (its own document, hydration and checks); nothing is kept between
 * pages but the browser's caches. A test that fails restarts its worker, so a broken tab is not reused.
 */
const test = base.extend<object, {crawlTab: (scheme: Scheme) => Promise<CrawlTab>}>({
  crawlTab: [
    async ({browser}, use) => {
      const tabs = new Map<Scheme, Promise<CrawlTab>>();
      const open = async (scheme: Scheme): Promise<CrawlTab> => {
        // The project's settings (playwright.config.ts), which a context made here does not inherit.
        const {viewport, userAgent, deviceScaleFactor, isMobile, hasTouch} = devices['Desktop Chrome'];
        const desktop = {viewport, userAgent, deviceScaleFactor, isMobile, hasTouch};
        const context = await browser.newContext({
          ...desktop,
          baseURL: SITE,
          colorScheme: scheme,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await recordCspViolations(page);
        return {page, watcher: watch(page)};
      };
      await use((scheme) => {
        if (!tabs.has(scheme)) tabs.set(scheme, open(scheme));
        return tabs.get(scheme)!;
      });
      for (const tab of tabs.values()) await (await tab).page.context().close();
    },
    {scope: 'worker'},
  ],
});

// A trace of 15 pages with axe in each would cost more than the crawl, even with E2E_TRACE set; failures list
// what is wrong.
test.use({trace: 'off'});

test('the sitemap lists the site, and the crawl adds /search, which is not in it', () => {
  expect(sitemapUrls.length).toBeGreaterThan(500);
  for (const url of ['/', '/guides/how-to-create-metrics', '/next/', '/api/v1/']) expect(sitemapUrls).toContain(url);
  expect(sitemapUrls).not.toContain('/search');
  expect(urls.filter((url) => url === '/search')).toHaveLength(1);
});

test('the accessibility check names the rule and the element that fail it', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.id = 'no-alt-text';
    image.src = '/img/logo.svg';
    document.querySelector('main')?.append(image);
  });
  expect(await axeViolations(page)).toEqual(['axe image-alt on 1 element(s): #no-alt-text']);
  // The dark crawl's colour rules see a contrast failure, and leave markup rules to the light crawl.
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.id = 'faint-text';
    faint.textContent = 'Text too faint to read';
    faint.style.color = '#eeeeee';
    faint.style.background = '#ffffff';
    document.querySelector('main')?.append(faint);
  });
  expect(await axeViolations(page, {rules: COLOUR_RULES})).toEqual(['axe color-contrast on 1 element(s): #faint-text']);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`crawl, ${scheme} mode`, () => {
    groups.forEach((group, i) => {
      test(`pages ${i * GROUP_SIZE + 1}–${i * GROUP_SIZE + group.length} of ${urls.length}`, async ({crawlTab}) => {
        test.setTimeout(group.length * 20_000);
        const {page, watcher} = await crawlTab(scheme);
        const failures: string[] = [];
        for (const url of group) {
          watcher.start();
          const problems = await checkPage(page, url, scheme);
          problems.push(...watcher.take());
          failures.push(...problems.map((problem) => `${url} ${problem}`));
        }
        expect(failures).toEqual([]);
      });
    });
  });
}
