import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {axeViolations} from './axe';
import {hydrated, openAllDetails, waitForHydration} from './helpers';

/**
 * Every page of the production build's sitemap, in light and in dark mode: HTTP 200, hydrated, the
 * colour mode applied, no console error or warning, no failed request, no Content-Security-Policy
 * violation, and axe WCAG 2.1 A/AA with no violation, with every <details> opened.
 */

const build = path.join(__dirname, '../../build');

/** Sitemap addresses are absolute (https://docs.lightdash.com/...); the path is what is served here. */
const urls = [...fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  ([, loc]) => {
    const address = new URL(loc.replace(/&amp;/g, '&'));
    return address.pathname + address.search;
  },
);

/** About 15 pages a test: enough tests for the workers to finish together, few enough to start fast. */
const GROUP_SIZE = 15;
const groups = Array.from({length: Math.ceil(urls.length / GROUP_SIZE)}, (_, i) =>
  urls.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
);

/** Listens to everything that can go wrong on a page; `take()` returns what happened since the last call. */
function watch(page: Page) {
  let problems: string[] = [];
  let listening = false;
  const add = (problem: string) => {
    if (listening) problems.push(problem);
  };
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') add(`console ${message.type()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => add(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) add(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    start() {
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

async function checkPage(page: Page, url: string, scheme: 'light' | 'dark'): Promise<string[]> {
  const problems: string[] = [];
  const response = await page.goto(url);
  if (response?.status() !== 200) problems.push(`status ${response?.status()}`);
  if (response) problems.push(...checkPolicy(response.headers()));
  // A page that never hydrates is reported with the rest instead of stopping the group.
  if (!(await waitForHydration(page))) problems.push('did not hydrate (no html[data-has-hydrated])');
  // Search results and link previews show it; Lighthouse's SEO audit fails a page without one.
  const description = await page.evaluate(() =>
    document.querySelector('meta[name="description"]')?.getAttribute('content'),
  );
  if (!description?.trim()) problems.push('no meta description');
  const theme = await page.locator('html').getAttribute('data-theme');
  if (theme !== scheme) problems.push(`data-theme is ${theme}, not ${scheme}`);
  await openAllDetails(page);
  const closed = await page.locator('details:not([open]), details[data-collapsed="true"]').count();
  if (closed > 0) problems.push(`${closed} <details> stayed closed, so axe could not check their content`);
  problems.push(...(await axeViolations(page)));
  const csp = await page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations);
  problems.push(...csp.map((v) => `CSP violation: ${v}`));
  return problems;
}

// A trace of 15 pages with axe in each would cost more than the crawl, even with E2E_TRACE set; failures list
// what is wrong.
test.use({trace: 'off'});

test('the sitemap lists the site', () => {
  expect(urls.length).toBeGreaterThan(500);
  for (const url of ['/', '/guides/how-to-create-metrics', '/next/', '/api/v1/', '/search'])
    expect(urls).toContain(url);
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
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`crawl, ${scheme} mode`, () => {
    groups.forEach((group, i) => {
      test(`pages ${i * GROUP_SIZE + 1}–${i * GROUP_SIZE + group.length} of ${urls.length}`, async ({page}) => {
        test.setTimeout(group.length * 20_000);
        await page.emulateMedia({colorScheme: scheme, reducedMotion: 'reduce'});
        await recordCspViolations(page);
        const watcher = watch(page);
        const failures: string[] = [];
        for (const url of group) {
          watcher.start();
          const problems = await checkPage(page, url, scheme);
          // Stop listening before leaving: the navigation away cancels requests still in flight
          // (prefetches of linked pages), which is no fault of the page.
          problems.push(...watcher.take());
          await page.goto('about:blank');
          failures.push(...problems.map((problem) => `${url} ${problem}`));
        }
        expect(failures).toEqual([]);
      });
    });
  });
}
