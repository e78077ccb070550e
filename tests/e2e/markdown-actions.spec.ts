import {test, expect, type Locator, type Page} from '@playwright/test';
import {hydrated} from './helpers';
import {axeViolations} from './axe';

/**
 * The page menu above every title (issues 11, 22, 36): a split button, "Copy page" and a menu button
 * whose menu holds View as Markdown, Open in ChatGPT / Claude and the three ways to connect an editor
 * to the docs MCP server of the site being read.
 */

/** A released page, its Next copy and the docs home (whose Markdown is /index.md). */
const PAGES: [url: string, markdown: string][] = [
  ['/guides/pinning', '/guides/pinning.md'],
  ['/next/guides/pinning', '/next/guides/pinning.md'],
  ['/', '/index.md'],
];

/** The download and the clipboard write can take seconds when the test machine is busy. */
const BUSY_MACHINE = {timeout: 15_000};

test.use({permissions: ['clipboard-read', 'clipboard-write']});

const MENU_NAME = 'More ways to use this page';
/** The menu's items in order, by accessible name (the chat links also say that they open a new tab). */
const ITEMS = [
  'View as Markdown',
  'Open in ChatGPT (opens in a new tab)',
  'Open in Claude (opens in a new tab)',
  'Connect to Cursor',
  'Connect to VS Code',
  'Copy MCP config for Claude Code',
];

const actions = (page: Page) => page.getByRole('group', {name: 'This page as Markdown'});
const copyButton = (page: Page) => actions(page).getByRole('button', {name: 'Copy page'});
const menuButton = (page: Page) => actions(page).getByRole('button', {name: MENU_NAME});
const menu = (page: Page) => page.getByRole('menu', {name: MENU_NAME});
const item = (page: Page, name: string) => menu(page).getByRole('menuitem', {name, exact: true});
const status = (page: Page) => actions(page).getByRole('status');
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openMenu(page: Page) {
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
}

/** The href of a menu item, read with the menu open; the menu is closed again afterwards. */
async function itemHref(page: Page, name: string): Promise<string> {
  await openMenu(page);
  const href = (await item(page, name).getAttribute('href')) ?? '';
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  return href;
}

/** docusaurus.config.ts `url`: an assistant must fetch the Markdown from the published site. */
const SITE_URL = 'https://docs.lightdash.com';
const CHATS = [
  ['ChatGPT', 'https://chatgpt.com/'],
  ['Claude', 'https://claude.ai/new'],
] as const;

for (const [url, markdown] of PAGES) {
  test(`${url}: View as Markdown opens ${markdown} as text, starting with the note for agents`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    const title = await page.getByRole('heading', {level: 1}).innerText();
    await openMenu(page);
    const view = item(page, 'View as Markdown');
    await expect(view).toHaveAttribute('href', markdown);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === markdown),
      view.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/(markdown|plain); charset=utf-8$/);
    // One line for agents (where the index and the MCP server are), then the page from its title.
    const llms = url.startsWith('/next/') ? `${SITE_URL}/next/llms.txt` : `${SITE_URL}/llms.txt`;
    const text = await response.text();
    expect(text).toMatch(new RegExp(`^> For AI agents: [^\\n]*${escape(llms)}[^\\n]*\\n\\n# ${escape(title)}\\n`));
    expect(text.split('\n')[0]).toContain(`${SITE_URL}/mcp`);
    // Shown as text in the tab, not downloaded.
    await expect(page).toHaveURL(new RegExp(`${markdown.replace('.', '\\.')}$`));
    await expect(page.locator('body')).toContainText(`# ${title}`);
  });

  test(`${url}: Copy page puts exactly ${markdown} on the clipboard, fetched only when pressed`, async ({
    page,
    request,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.md')) fetched.push(r.url());
    });
    await page.goto(url);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await copyButton(page).click();
    await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
    const expected = await (await request.get(markdown)).text();
    expect(expected.length).toBeGreaterThan(200);
    expect(await clipboard(page)).toBe(expected);
  });
}

for (const [url, markdown] of PAGES) {
  test(`${url}: Open in ChatGPT / Claude start a chat about ${SITE_URL}${markdown}, in a new tab`, async ({
    page,
    context,
  }) => {
    // The assistants are not reached from the test machine: their pages are answered here.
    await context.route(/^https:\/\/(chatgpt\.com|claude\.ai)\//, (route) =>
      route.fulfill({contentType: 'text/html', body: '<title>assistant</title>'}),
    );
    await page.goto(url);
    await hydrated(page);
    for (const [assistant, newChat] of CHATS) {
      await openMenu(page);
      const link = item(page, `Open in ${assistant} (opens in a new tab)`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /(^| )noopener( |$)/);
      const href = new URL((await link.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe(newChat);
      const question = href.searchParams.get('q') ?? '';
      expect(question).toContain(` ${SITE_URL}${markdown} `);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      expect(tab.url()).toBe(href.href);
      // noopener: the chat tab cannot reach back into the docs page.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await tab.close();
      await expect(page).toHaveURL(new RegExp(`${url.replace(/\//g, '\\/')}$`));
      // The menu has closed behind the click.
      await expect(menu(page)).toHaveCount(0);
    }
  });
}

for (const url of ['/guides/pinning', '/next/guides/pinning']) {
  test(`${url}: Connect to Cursor and VS Code install the MCP server of the site being read`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    // The site under test (http://127.0.0.1:3100), not the published one: the reader's own copy.
    const mcpUrl = `${new URL(page.url()).origin}/mcp`;

    const cursor = new URL(await itemHref(page, 'Connect to Cursor'));
    expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe(
      'cursor://anysphere.cursor-deeplink/mcp/install',
    );
    expect(cursor.searchParams.get('name')).toBe('lightdash-docs');
    expect(JSON.parse(atob(cursor.searchParams.get('config') ?? ''))).toEqual({url: mcpUrl});

    const vscode = await itemHref(page, 'Connect to VS Code');
    expect(vscode.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({
      name: 'lightdash-docs',
      type: 'http',
      url: mcpUrl,
    });

    // The editors' own links open their app: not a new tab of the browser.
    await openMenu(page);
    for (const name of ['Connect to Cursor', 'Connect to VS Code']) {
      await expect(item(page, name)).not.toHaveAttribute('target', /./);
    }
  });

  test(`${url}: Copy MCP config for Claude Code copies the claude mcp add command for this site`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    const mcpUrl = `${new URL(page.url()).origin}/mcp`;
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await openMenu(page);
    await item(page, 'Copy MCP config for Claude Code').click();
    await expect(status(page)).toHaveText('Copied the Claude Code command: run it in a terminal', BUSY_MACHINE);
    expect(await clipboard(page)).toBe(`claude mcp add --transport http lightdash-docs ${mcpUrl}`);
    await expect(menu(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
  });
}

test('a failed download says why, leaves the clipboard alone and keeps the View as Markdown link', async ({page}) => {
  await page.route('**/*.md', (route) => route.abort());
  await page.goto('/guides/pinning');
  await hydrated(page);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await copyButton(page).click();
  await expect(status(page)).toHaveText(/^Could not copy: the Markdown could not be downloaded/, BUSY_MACHINE);
  await expect(status(page)).toContainText('“View as Markdown” in the menu still works');
  expect(await clipboard(page)).toBe('untouched');
  await openMenu(page);
  await expect(item(page, 'View as Markdown')).toHaveAttribute('href', '/guides/pinning.md');
});

test('screen readers: a labelled menu button with its state, and a menu of six items', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  const button = menuButton(page);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page)).toHaveCount(0);
  await openMenu(page);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const id = await menu(page).getAttribute('id');
  expect(id).toBeTruthy();
  await expect(button).toHaveAttribute('aria-controls', id ?? '');
  await expect(menu(page)).toMatchAriaSnapshot(`
    - menu "${MENU_NAME}":
      - menuitem "${ITEMS[0]}"
      - menuitem "${ITEMS[1]}"
      - menuitem "${ITEMS[2]}"
      - menuitem "${ITEMS[3]}"
      - menuitem "${ITEMS[4]}"
      - menuitem "${ITEMS[5]}"
  `);
  // Roving focus: only the focused item is reached, by arrow keys, not by Tab.
  for (const name of ITEMS) await expect(item(page, name)).toHaveAttribute('tabindex', '-1');
  await expect(item(page, ITEMS[0])).toBeFocused();
  // A second click closes it and leaves focus on the button.
  await button.click();
  await expect(menu(page)).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
});

test('a click elsewhere on the page closes the menu', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  await openMenu(page);
  // Beside the menu (which lies over the title): plain page, nothing focusable.
  const box = await menu(page).boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) + 40, (box?.y ?? 0) + 10);
  await expect(menu(page)).toHaveCount(0);
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('keyboard: Tab reaches Copy page and the menu button with a visible focus ring; the menu follows the menu button pattern', async ({
  page,
  request,
}) => {
  await page.goto('/references/metrics');
  await hydrated(page);
  const copy = copyButton(page);
  const button = menuButton(page);
  const focused = (name: string) => expect(item(page, name)).toBeFocused();
  const ring = async (locator: Locator) =>
    expect(await locator.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  // The way a keyboard reader gets there: the skip link, then Tab through the page's first links.
  // (Not through the navbar: the search box, once tabbed past, takes focus back when its index
  // finishes loading.)
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 20 && !(await copy.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(copy).toBeFocused();
  await ring(copy);
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await ring(button);

  // Enter opens the menu on its first item; arrows move and wrap; Home and End; a letter jumps.
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await focused(ITEMS[0]);
  await ring(item(page, ITEMS[0]));
  await page.keyboard.press('ArrowDown');
  await focused(ITEMS[1]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await focused(ITEMS[5]);
  await page.keyboard.press('ArrowDown');
  await focused(ITEMS[0]);
  await page.keyboard.press('End');
  await focused(ITEMS[5]);
  await page.keyboard.press('Home');
  await focused(ITEMS[0]);
  await page.keyboard.press('c');
  await focused('Connect to Cursor');
  await page.keyboard.press('c');
  await focused('Connect to VS Code');

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Down and Up on the button open the menu on the first and the last item; Space opens it too.
  await page.keyboard.press('ArrowUp');
  await focused(ITEMS[5]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await focused(ITEMS[0]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Space');
  await focused(ITEMS[0]);

  // Tab leaves the menu, which closes; focus goes on into the page, not back to the top.
  await page.keyboard.press('Tab');
  await expect(menu(page)).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  expect(await actions(page).evaluate((group) => group.contains(document.activeElement))).toBe(false);

  // Enter on an item runs it, and focus comes back to the button.
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await button.focus();
  await page.keyboard.press('ArrowUp');
  await focused('Copy MCP config for Claude Code');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText(/^Copied the Claude Code command/, BUSY_MACHINE);
  await expect(button).toBeFocused();
  expect(await clipboard(page)).toMatch(/^claude mcp add --transport http lightdash-docs http:\/\/[^ ]+\/mcp$/);

  // Shift+Tab back to Copy page; Enter copies and keeps focus there.
  await page.keyboard.press('Shift+Tab');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
  await expect(copy).toBeFocused();
  expect(await clipboard(page)).toBe(await (await request.get('/references/metrics.md')).text());
});

test('Space on a link item follows it, as Enter does', async ({page}) => {
  await page.goto('/guides/pinning');
  await hydrated(page);
  await menuButton(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'View as Markdown')).toBeFocused();
  await Promise.all([page.waitForURL(/\/guides\/pinning\.md$/), page.keyboard.press('Space')]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe WCAG 2.1 A/AA on the actions and the open menu, ${scheme} mode, after a failed copy`, async ({page}) => {
    await page.emulateMedia({colorScheme: scheme});
    await page.route('**/*.md', (route) => route.abort());
    await page.goto('/guides/pinning');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await copyButton(page).click();
    await expect(status(page)).toHaveText(/^Could not copy/, BUSY_MACHINE);
    expect(await axeViolations(page, {include: '[aria-label="This page as Markdown"]'})).toEqual([]);
    await openMenu(page);
    // The focused item's highlight is checked too (axe reads the colours as they are).
    await page.keyboard.press('ArrowDown');
    expect(await axeViolations(page, {include: '[aria-label="This page as Markdown"]'})).toEqual([]);
  });
}

test('skill.md is served at the site root as Markdown, with its Agent Skills front matter', async ({request}) => {
  const response = await request.get('/skill.md');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  const text = await response.text();
  expect(text).toMatch(/^---\nname: lightdash-docs\ndescription: "[^\n]+"\n/);
  expect(text).toContain(`${SITE_URL}/mcp`);
});

for (const width of [390, 375]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({viewport: {width, height: 800}});

    test('the split button is one row, the title right below it, and nothing moves when the menu opens or a copy ends', async ({
      page,
    }) => {
      await page.goto('/guides/pinning');
      await hydrated(page);
      const heading = page.getByRole('heading', {level: 1});
      const box = async (locator: Locator) => {
        const b = await locator.boundingBox();
        expect(b).not.toBeNull();
        return b ?? {x: 0, y: 0, width: 0, height: 0};
      };
      const row = await box(copyButton(page));
      const group = await box(actions(page));
      const title = await box(heading);
      // One button row: the two halves side by side, and the title within one row (and the gap under it).
      expect(group.height).toBeLessThanOrEqual(row.height + 1);
      expect((await box(menuButton(page))).y).toBeCloseTo(row.y, 0);
      // Two rows would put it 2 button heights, the gap between them and the margin below: 88 px.
      expect(title.y - group.y).toBeLessThan(2 * row.height + 8);
      for (const control of [copyButton(page), menuButton(page)]) {
        const b = await box(control);
        expect(b.x >= 0 && b.x + b.width <= width).toBe(true);
      }

      // The menu opens over the page: the title stays where it was, and every item is on screen.
      await openMenu(page);
      expect((await box(heading)).y).toBe(title.y);
      const menuBox = await box(menu(page));
      expect(menuBox.x >= 0 && menuBox.x + menuBox.width <= width).toBe(true);
      for (const name of ITEMS) {
        const b = await box(item(page, name));
        expect(b.x >= 0 && b.x + b.width <= width, name).toBe(true);
      }
      await page.keyboard.press('Escape');

      await copyButton(page).click();
      await expect(status(page)).toHaveText('Copied', BUSY_MACHINE);
      expect((await box(heading)).y).toBe(title.y);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test('the server’s HTML reserves the row: the title is where it is once the page has hydrated', async ({
  browser,
  page,
}) => {
  // The same 390 px phone, without JavaScript (the HTML as sent) and with it (after hydration): the
  // row's height and the title's distance from it are the same.
  const viewport = {width: 390, height: 800};
  const measure = async (p: Page) => {
    const group = await p.getByRole('group', {name: 'This page as Markdown'}).boundingBox();
    const title = await p.getByRole('heading', {level: 1}).boundingBox();
    expect(group).not.toBeNull();
    expect(title).not.toBeNull();
    return {height: group?.height, titleBelow: (title?.y ?? 0) - (group?.y ?? 0)};
  };
  const still = await browser.newContext({javaScriptEnabled: false, viewport});
  const html = await still.newPage();
  await html.goto('/guides/pinning');
  const before = await measure(html);
  await still.close();
  await page.setViewportSize(viewport);
  await page.goto('/guides/pinning');
  await hydrated(page);
  expect(await measure(page)).toEqual(before);
});

/**
 * Without scripts (issue 51) the menu is a native disclosure in the server's HTML: it opens with a click or from the
 * keyboard, and holds View as Markdown and the two chat links, so readers and crawlers without JavaScript still
 * reach the page's Markdown and can start a chat about it.
 */
test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  const disclosure = (page: Page) => actions(page).locator('details');
  const summary = (page: Page) => disclosure(page).locator('summary');
  const link = (page: Page, name: string) => disclosure(page).getByRole('link', {name, exact: true});

  for (const [url, markdown] of PAGES) {
    test(`${url}: the disclosure opens on a click and offers ${markdown} and the chats`, async ({page}) => {
      await page.goto(url);
      await expect(summary(page)).toHaveAccessibleName(MENU_NAME);
      await expect(link(page, 'View as Markdown')).toBeHidden();
      await summary(page).click();
      await expect(disclosure(page)).toHaveAttribute('open', '');
      await expect(link(page, 'View as Markdown')).toBeVisible();
      await expect(link(page, 'View as Markdown')).toHaveAttribute('href', markdown);
      for (const [assistant, newChat] of CHATS) {
        const chat = link(page, `Open in ${assistant} (opens in a new tab)`);
        await expect(chat).toBeVisible();
        await expect(chat).toHaveAttribute('target', '_blank');
        await expect(chat).toHaveAttribute('rel', /(^| )noopener( |$)/);
        const href = new URL((await chat.getAttribute('href')) ?? '');
        expect(href.origin + href.pathname).toBe(newChat);
        expect(href.searchParams.get('q') ?? '').toContain(` ${SITE_URL}${markdown} `);
      }
      await Promise.all([page.waitForURL(new RegExp(`${escape(markdown)}$`)), link(page, 'View as Markdown').click()]);
      await expect(page.locator('body')).toContainText('# ');
    });
  }

  test('keyboard: Tab reaches the disclosure, Enter opens it, Tab walks its links, Enter on the summary closes it', async ({
    page,
  }) => {
    await page.goto('/guides/pinning');
    // Tab order inside the group: Copy page, then the disclosure (the route to Copy page is the hydrated test's).
    await copyButton(page).focus();
    await page.keyboard.press('Tab');
    await expect(summary(page)).toBeFocused();
    expect(await summary(page).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(disclosure(page)).toHaveAttribute('open', '');
    for (const name of [
      'View as Markdown',
      'Open in ChatGPT (opens in a new tab)',
      'Open in Claude (opens in a new tab)',
    ]) {
      await page.keyboard.press('Tab');
      await expect(link(page, name)).toBeFocused();
    }
    await summary(page).focus();
    await page.keyboard.press('Enter');
    await expect(disclosure(page)).not.toHaveAttribute('open', '');
  });

  // axe is a script: these pages run scripts but never get the site's own, so they stay as the server sent them.
  test.describe('axe', () => {
    test.use({javaScriptEnabled: true});
    for (const scheme of ['light', 'dark'] as const) {
      test(`axe WCAG 2.1 A/AA on the open disclosure as the server sends it, ${scheme} mode`, async ({page}) => {
        await page.route(/\/assets\/js\//, (route) => route.abort());
        await page.emulateMedia({colorScheme: scheme});
        await page.goto('/guides/pinning');
        await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await summary(page).click();
        await link(page, 'View as Markdown').focus();
        expect(await axeViolations(page, {include: '[aria-label="This page as Markdown"]'})).toEqual([]);
      });
    }
  });

  test('every docs page of the build offers its Markdown view and the chat links in the HTML a script-less reader gets', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Each docs page (a page with the docs' Markdown body) of the sitemap, both versions; API reference pages and
    // category index pages carry no menu. Only the HTML is needed: images, fonts and styles are not fetched.
    await page.route(/\.(png|jpe?g|svg|webp|woff2?|css)(\?|$)/, (route) => route.abort());
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
    const missing: string[] = [];
    let docs = 0;
    for (const url of urls) {
      if (url.startsWith('/api/')) continue;
      await page.goto(url, {waitUntil: 'domcontentloaded'});
      if ((await page.locator('.theme-doc-markdown').count()) === 0) continue;
      docs++;
      const markdown = url.endsWith('/') ? `${url}index.md` : `${url}.md`;
      const hrefs = await disclosure(page)
        .locator('a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const chats = hrefs.filter((h) => CHATS.some(([, newChat]) => h.startsWith(newChat)));
      if (
        hrefs[0] !== markdown ||
        chats.length !== CHATS.length ||
        !chats.every((h) => (new URL(h).searchParams.get('q') ?? '').includes(` ${SITE_URL}${markdown} `))
      ) {
        missing.push(`${url}: ${JSON.stringify(hrefs)}`);
      }
    }
    // Both versions' docs (234 when this was written): far more than a handful, so an empty sitemap or a selector
    // that matches nothing fails.
    expect(docs).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });
});
