import {test as isolated, type Page} from '@playwright/test';
import {test, expect} from './warmTab';
import {MAX_QUERY_LENGTH} from '../../src/search/searchIndex';
import {hydrated, watchPage} from './helpers';
import {boundForLoad} from '../support/load';

/**
 * Search (issue 3) in the production build: the box, its results, the search page, and hostile input.
 * The plugin's CSS-module class names are hashed, so elements are found by role and by the stable
 * prefix of their class (`hitPath_…`).
 *
 * Most tests open pages and read or type into them, so they share one tab per worker (`test`, from
 * tests/e2e/warmTab.ts). The ones that change what the network answers (route handlers, throttling) keep a
 * browser context of their own (`isolated`).
 */

const box = (page: Page) => page.locator('input.navbar__search-input');
const suggestions = (page: Page) => page.getByRole('option');
/**
 * The all-sections index is 4.9 MB (1 MB gzip) and is parsed in a worker: on a busy 2-core machine it
 * took 27 s. The benchmark measures it; these tests only need it to arrive.
 */
const INDEX_LOAD = 60_000;
test.describe.configure({timeout: 150_000});
const footerLink = (page: Page) => page.locator('[class^="hitFooter"] a, [class*=" hitFooter"] a');

/**
 * Opens the page, focuses the box and types once the plugin has loaded its index and attached the
 * autocomplete (the input then becomes a combobox); text typed before that is not searched.
 */
async function searchFor(page: Page, url: string, query: string) {
  await page.goto(url);
  await hydrated(page);
  const input = page.locator('input.navbar__search-input');
  await input.click();
  await expect(input).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
  await input.fill(query);
}

test('Ctrl+K focuses the search box, and the box shows that shortcut', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  const hint = page.locator('.navbar kbd');
  await expect(hint).toHaveText(['ctrl', 'K']);
  await expect(box(page)).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  // The shortcut starts loading the index; the box keeps focus once it has loaded, ready to type in.
  await expect(box(page)).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
  await expect(box(page)).toBeFocused();
});

isolated('a reader who tabs on while the index loads keeps focus where they put it', async ({page}) => {
  await page.route('**/search-index*.json*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/guides/pinning');
  await hydrated(page);
  await box(page).focus();
  await page.keyboard.press('Tab');
  const away = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
  await expect(box(page)).toHaveAttribute('role', 'combobox', {timeout: INDEX_LOAD});
  await page.waitForTimeout(300);
  await expect(box(page)).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))).toBe(away);
  // The shortcut still brings the reader back.
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
});

test('suggestions are at most 8, heading-level, with breadcrumbs, and lead to the heading', async ({page}) => {
  // One line per page (src/search/ranking.ts): the heading that matches every word, not the title.
  // A word of many titles: the list stops at 8.
  await searchFor(page, '/', 'metrics');
  await expect(suggestions(page)).toHaveCount(8, {timeout: INDEX_LOAD});
  await box(page).fill('order pinned items');
  await expect(suggestions(page).first()).toBeVisible();
  // A section of a page, shown alone (one line per page): the heading, with a breadcrumb ending with its page.
  const section = suggestions(page)
    .filter({hasText: 'Order pinned items'})
    .filter({hasText: 'Guides › Pinning'})
    .first();
  await expect(section).toBeVisible();
  await section.click();
  await expect(page).toHaveURL(/\/guides\/pinning\?_highlight=order&_highlight=pinned&_highlight=items#order$/);
  await expect(page.locator('#order')).toBeInViewport();
});

test("typed fast (10 ms a key), the box shows the final text's list within 300 ms of the last key", async ({page}) => {
  // The whole index in: the searches then run on the body text, as for a reader who has been on the page a
  // moment (the first stage answers faster). Each key used to queue a search in the worker, and the box
  // showed an earlier prefix's list for about 1.5 s (src/search/searchByWorker.ts sends only the newest).
  // The worker downloads it, so the page's own resource timing does not list it: the response is watched.
  const wholeIndex = page.waitForResponse((response) => /\/search-index\.json/.test(response.url()), {
    timeout: INDEX_LOAD,
  });
  await searchFor(page, '/', 'warm');
  await expect(suggestions(page).first()).toBeVisible({timeout: INDEX_LOAD});
  await wholeIndex;
  await page.waitForTimeout(1500);
  await box(page).fill('');
  // Every change of the list, with its time: the moment the final list appeared and stayed is read after.
  await page.evaluate(() => {
    const w = window as unknown as {listLog: {at: number; list: string}[]};
    w.listLog = [];
    const read = () => Array.from(document.querySelectorAll('[role="option"]'), (o) => o.textContent ?? '').join('\n');
    new MutationObserver(() => {
      const list = read();
      if (w.listLog.at(-1)?.list !== list) w.listLog.push({at: performance.now(), list});
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
  });
  const question = 'how do i schedule a dashboard delivery to slack every monday';
  await box(page).pressSequentially(question, {delay: 10});
  const lastKey = await page.evaluate(() => performance.now());
  await page.waitForTimeout(3000);
  const log = await page.evaluate(() => (window as unknown as {listLog: {at: number; list: string}[]}).listLog);
  const final = log.at(-1);
  expect(final?.list, 'the box shows a list for the typed question').toBeTruthy();
  // The list in place at the last key, or the first one after it that already was the final one.
  const shown = log.filter((entry) => entry.at >= lastKey);
  const firstFinal = shown.findIndex((entry) => entry.list === final?.list);
  const since = firstFinal < 0 ? 0 : shown[firstFinal].at - lastKey;
  expect(
    shown.slice(firstFinal).every((entry) => entry.list === final?.list),
    'no other list after it',
  ).toBe(true);
  // The 300 ms, on a machine with a core to spare. When the load is above the cores (CI runs the crawl
  // and the unit step beside this), the page waits for the CPU itself: it once took 607 ms there while the
  // final search, timed in node, takes 26–36 ms. 1 s still fails the old behaviour (an earlier prefix's list
  // for about 1.5 s on an idle machine, longer under load).
  const within = boundForLoad(300, 1_000);
  expect(since, `the final list came ${Math.round(since)} ms after the last key`).toBeLessThanOrEqual(within);
});

test('a word typed past its indexed stem suggests lines that have it, not lines about its first word', async ({
  page,
}) => {
  // The index holds "calcul" for "calculations": "calculati" is looked for in the lines' text
  // (src/search/candidates.ts), so the lines about tables alone do not come second and third.
  await searchFor(page, '/', 'table calculati');
  const titles = suggestions(page).locator('[class^="hitTitle"], [class*=" hitTitle"]');
  await expect(titles.nth(2)).toBeVisible({timeout: INDEX_LOAD});
  for (const title of (await titles.allInnerTexts()).slice(0, 3)) expect(title).toMatch(/table calculation/i);
});

test('on a guide, a self-hosting question still finds the self-hosting page, under its section', async ({page}) => {
  await searchFor(page, '/guides/pinning', 'okta sso setup');
  // The box searches the whole site; a better page in another section comes first, its
  // breadcrumb naming its section.
  const first = suggestions(page).first();
  await expect(first).toContainText('Use SSO login for self-hosted Lightdash', {timeout: INDEX_LOAD});
  await expect(first).toContainText('Self-hosting');
  await first.click();
  await expect(page).toHaveURL(/\/self-host\/customize-deployment\/use-sso-login-for-self-hosted-lightdash/);
});

test('the not-found page lists the pages the words of the missing address point to', async ({page}) => {
  const response = await page.goto('/guides/how-to-create-metric');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  const similar = page
    .getByRole('region', {name: 'Pages with the words of this address'})
    .getByRole('listitem')
    .getByRole('link');
  await expect(similar).toHaveCount(3, {timeout: INDEX_LOAD});
  await expect(similar.first()).toHaveAttribute('href', /metric/);
  await similar.first().click();
  await expect(page.getByRole('heading', {level: 1})).not.toHaveText('Page Not Found');
});

test('the not-found page shows hostile address words as text, and stays whole', async ({page}) => {
  const problems = watchPage(page);
  await page.goto('/%3Cimg%20src=x%20onerror=alert(1)%3E/(*+?[/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await page.waitForTimeout(1000);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.getByText('This page crashed')).toHaveCount(0);
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
});

for (const [name, slow] of [
  ["on a phone's network and CPU (Lighthouse's mobile profile)", true],
  ['on a fast network', false],
] as const) {
  isolated(`text typed while the page and search still load stays and gets suggestions, ${name}`, async ({page}) => {
    if (slow) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    }
    // No wait for hydration: the reader types as soon as the box is there.
    await page.goto('/', {waitUntil: 'commit'});
    await box(page).click();
    await page.keyboard.type('metrics', {delay: 50});
    await expect(suggestions(page).first()).toBeVisible({timeout: INDEX_LOAD});
    await expect(box(page)).toHaveValue('metrics');
    await expect(suggestions(page).first()).toContainText(/metric/i);
  });
}

test('terms reach the page as repeated _highlight parameters, and nothing is highlighted there', async ({page}) => {
  await searchFor(page, '/', 'scheduled deliveries');
  await suggestions(page).first().click({timeout: INDEX_LOAD});
  const url = new URL(page.url());
  expect(url.searchParams.getAll('_highlight').length).toBeGreaterThanOrEqual(2);
  await hydrated(page);
  await page.waitForTimeout(300); // the plugin marks terms after a macro task when highlighting is on
  await expect(page.locator('article mark')).toHaveCount(0);
});

test('a query with no match says "No results" and offers the other sections', async ({page}) => {
  await searchFor(page, '/guides/pinning', 'zqxjkvw');
  await expect(page.getByText('No results', {exact: true})).toBeVisible({timeout: INDEX_LOAD});
  await expect(footerLink(page)).toHaveText('See all results outside "Guides"');
  await expect(footerLink(page)).toHaveAttribute('href', '/search/?q=zqxjkvw');
  // The search page words an empty result the same way.
  await footerLink(page).click();
  await expect(page).toHaveURL(/\/search\/?\?q=zqxjkvw$/);
  await expect(page.getByText('No results', {exact: true})).toBeVisible({timeout: INDEX_LOAD});
  await expect(page.getByText('No documents were found')).toHaveCount(0);
});

test('within a section the footer searches that section; outside any section it searches everything', async ({
  page,
}) => {
  await searchFor(page, '/guides/pinning', 'dashboard');
  await expect(footerLink(page)).toHaveText('See all results within "Guides"', {timeout: INDEX_LOAD});
  await expect(footerLink(page)).toHaveAttribute('href', '/search/?q=dashboard&ctx=guides');
  await searchFor(page, '/best-practice/lightdash-way', 'dashboard');
  await expect(footerLink(page)).toHaveText('See all results', {timeout: INDEX_LOAD});
  await expect(footerLink(page)).toHaveAttribute('href', '/search/?q=dashboard');
});

test('results under the API path carry the "API Reference" label', async ({page}) => {
  await searchFor(page, '/best-practice/lightdash-way', 'create space');
  const api = suggestions(page).filter({hasText: /^.*API Reference › Spaces/});
  await expect(api.first()).toBeVisible({timeout: INDEX_LOAD});
  await api.first().click();
  await expect(page).toHaveURL(/\/api\/v1\/spaces/);
  // And in the API's own section.
  await searchFor(page, '/api/v1/', 'list spaces');
  await expect(suggestions(page).first()).toContainText('API Reference', {timeout: INDEX_LOAD});
});

test('Next pages search the Next docs only', async ({page}) => {
  const indexes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('search-index')) indexes.push(new URL(r.url()).pathname);
  });
  await searchFor(page, '/next/guides/pinning', 'pin');
  await expect(suggestions(page).first()).toBeVisible({timeout: INDEX_LOAD});
  // The box searches the version's whole index (src/search/sectionFavour.ts).
  expect(indexes).toContain('/next/search-index.stage1.json');
  expect(indexes.filter((p) => !p.startsWith('/next/'))).toEqual([]);
  await expect(page.getByText('Search is unavailable')).toHaveCount(0);
  await suggestions(page).first().click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/next\/guides\//);
});

test('the search page reads q, ctx and version', async ({page}) => {
  await page.goto('/search?q=personal%20access%20token&ctx=references');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "personal access token"');
  // The site's own page (src/theme/SearchPage) names its section menu "Section" (the plugin's was #context-selector).
  await expect(page.getByLabel('Section', {exact: true})).toHaveValue('references');
  const first = page.locator('article h2 a').first();
  await expect(first).toHaveAttribute('href', /^\/references\//, {timeout: INDEX_LOAD});
  await page.goto('/search?q=pinning&version=next%2F');
  await hydrated(page);
  await expect(page.locator('article h2 a').first()).toHaveAttribute('href', /^\/next\//, {timeout: INDEX_LOAD});
});

const HOSTILE = {
  'img onerror': '<img src=x onerror=alert(1)>',
  'script tag': '"><script>alert(1)</script>',
  'javascript URL': 'javascript:alert(1)',
  '10,000 characters': 'a'.repeat(10_000),
  'regex metacharacters': '(*+?[\\',
  'emoji and RTL': '📊 لوحة القيادة',
  empty: '',
};

/** Nothing ran (no dialog), nothing was injected, nothing crashed. */
async function expectUnharmed(page: Page, problems: string[]) {
  await expect(page.locator('img[src="x"], script:text("alert(1)")')).toHaveCount(0);
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
}

for (const [name, value] of Object.entries(HOSTILE)) {
  test.describe(`hostile input: ${name}`, () => {
    test('as q: the page shows it as text', async ({page}) => {
      const problems = watchPage(page);
      await page.goto(`/search?${new URLSearchParams({q: value})}`);
      await hydrated(page);
      // A query longer than MAX_QUERY_LENGTH is cut to it (and the page says so: resilience.spec.ts).
      const shown = Array.from(value).slice(0, MAX_QUERY_LENGTH).join('');
      const heading = page.getByRole('heading', {level: 1});
      await expect(heading).toHaveText(value ? `Search results for "${shown}"` : 'Search the documentation');
      await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(shown);
      await expectUnharmed(page, problems);
    });

    for (const [param, message] of [
      ['ctx', 'There is no search section'],
      ['version', 'There is no docs version'],
    ] as const) {
      test(`as ${param}: the page says it does not exist`, async ({page}) => {
        const problems = watchPage(page);
        await page.goto(`/search?${new URLSearchParams({q: 'metrics', [param]: value})}`);
        await hydrated(page);
        if (value) {
          await expect(page.getByRole('alert').filter({hasText: message})).toBeVisible();
          // The bad parameter is dropped from the address; the reader's query is kept and answered.
          await expect(page).toHaveURL(/\/search\?q=metrics$/);
        }
        await expect(page.locator('article h2 a').first()).toBeVisible({timeout: INDEX_LOAD});
        await expectUnharmed(page, problems);
      });
    }

    test('as _highlight on a docs page: the page reads normally', async ({page}) => {
      const problems = watchPage(page);
      await page.goto(
        `/guides/pinning?${new URLSearchParams([
          ['_highlight', value],
          ['_highlight', 'pin'],
        ])}`,
      );
      await hydrated(page);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await expect(page.locator('article mark')).toHaveCount(0);
      await expectUnharmed(page, problems);
    });

    test('typed into the search box', async ({page}) => {
      const problems = watchPage(page);
      await searchFor(page, '/guides/pinning', value.slice(0, 500));
      await page.waitForTimeout(500);
      // The box takes at most MAX_QUERY_LENGTH characters.
      await expect(box(page)).toHaveValue(value.slice(0, MAX_QUERY_LENGTH));
      await expectUnharmed(page, problems);
    });
  });
}

isolated.describe('a missing or damaged index', () => {
  isolated('/search without a query leaves the index alone, and says so once the reader types', async ({page}) => {
    await page.route('**/search-index*.json*', (route) => route.fulfill({status: 200, body: '{"documents": ['}));
    await page.goto('/search');
    await hydrated(page);
    // Nothing to search yet: the page does not parse the index on its thread (a long task on phones).
    await page.waitForTimeout(500);
    await expect(page.getByRole('alert').filter({hasText: 'Search is unavailable'})).toHaveCount(0);
    await page.locator('input[name="q"]').fill('metrics');
    await expect(page.getByRole('alert').filter({hasText: 'Search is unavailable'})).toBeVisible();
  });

  for (const [name, body, status] of [
    ['missing (404)', 'Not found', 404],
    ['damaged (not JSON)', '{"documents": [', 200],
    ['the wrong shape', '{"hello": "world"}', 200],
  ] as const) {
    isolated(`${name}: the box and the page say so, and the page still works`, async ({page}) => {
      await page.route('**/search-index*.json*', (route) => route.fulfill({status, body}));
      await page.goto('/guides/pinning');
      await hydrated(page);
      await box(page).focus();
      await expect(page.getByRole('alert').filter({hasText: 'Search is unavailable'})).toBeVisible();
      await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Version history'}).click();
      await expect(page).toHaveURL(/\/guides\/version-history$/);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await page.goto('/search?q=metrics');
      await hydrated(page);
      await expect(page.getByRole('alert').filter({hasText: 'Search is unavailable'})).toBeVisible();
    });
  }

  isolated(
    'first stage loads, the whole index fails: suggestions still come, and the reader is told',
    async ({page}) => {
      // The first stage (titles, headings, keywords) is served; the whole index, asked for after it, fails.
      await page.route(/\/search-index[^/]*\.json/, (route) =>
        /\.stage1\.json/.test(route.request().url())
          ? route.continue()
          : route.fulfill({status: 500, body: 'Internal error'}),
      );
      await searchFor(page, '/guides/pinning', 'version history');
      await expect(suggestions(page).first()).toBeVisible({timeout: INDEX_LOAD});
      await expect(page.getByRole('alert').filter({hasText: 'Search is limited'})).toContainText(
        'titles and headings only',
      );
      await suggestions(page).first().click();
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    },
  );
});
