import {test, expect} from './warmTab';
import {hydrated, watchPage} from './helpers';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

test('home page: what Lightdash is and tiles into every section', async ({page}) => {
  const problems = watchPage(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Lightdash documentation'})).toBeVisible();
  await expect(page.getByText('open-source business intelligence tool')).toBeVisible();
  const tiles = page.getByRole('main').getByRole('listitem').getByRole('link');
  const targets = await tiles.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(targets).toEqual(
    expect.arrayContaining(['/get-started/intro', '/references', '/self-host/self-host-lightdash', '/api/v1/']),
  );
  expect(targets.some((p) => p.startsWith('/guides/'))).toBe(true);
  await expect(page.getByRole('main').getByRole('link', {name: 'contact page'})).toBeVisible();
  expect(problems).toEqual([]);
});

test('navbar: logo, Docs, API, Live demo, source link, version, language, colour mode, search', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', {name: 'Main'});
  await expect(nav.getByRole('img', {name: 'Lightdash logo'})).toBeVisible();
  await expect(nav.getByRole('link', {name: 'Docs', exact: true})).toBeVisible();
  await expect(nav.getByRole('link', {name: 'API', exact: true})).toHaveAttribute('href', '/api/v1/');
  await expect(nav.getByRole('link', {name: /Live demo/})).toHaveAttribute('href', 'https://demo.lightdash.com');
  await expect(nav.getByRole('link', {name: 'Lightdash source code on GitHub'})).toHaveAttribute(
    'href',
    'https://github.com/lightdash/lightdash',
  );
  await expect(nav.getByRole('button', {name: RELEASED_VERSION})).toBeVisible();
  await expect(nav.getByRole('button', {name: 'English'})).toBeVisible();
  await expect(nav.getByRole('button', {name: /Switch between dark and light mode/})).toBeEnabled();
  await expect(nav.getByPlaceholder('Search')).toBeVisible();
});

test('footer: Community, Blog, Company, Careers, Media kit and a copyright line', async ({page}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Community', 'https://github.com/lightdash/lightdash/discussions'],
    ['Blog', 'https://www.lightdash.com/blog'],
    ['Company', 'https://www.lightdash.com/company'],
    ['Careers', /notion\.so\/lightdash\/Lightdash-Job-Board/],
    ['Media kit', /notion\.so\/lightdash\/Lightdash-Media-kit/],
  ] as const) {
    await expect(footer.getByRole('link', {name})).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()} Lightdash`);
});

test('navbar hides on scroll down and comes back on scroll up', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 600});
  await page.goto('/references/metrics');
  await hydrated(page);
  const navbar = page.locator('nav.navbar');
  await page.mouse.move(640, 400);
  // Docusaurus hides it on a scroll down that starts below the top (the first scroll from 0 does not).
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await navbar.boundingBox())?.y ?? 0).toBeLessThan(0);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await navbar.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
});

test('below 996 px the sidebar is a drawer opened from the navbar', async ({page}) => {
  await page.setViewportSize({width: 995, height: 800});
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const drawer = page.locator('.navbar-sidebar');
  await expect(
    drawer.getByRole('button', {name: /Guides/}).or(drawer.getByRole('link', {name: /Guides/})),
  ).toBeVisible();

  await page.setViewportSize({width: 997, height: 800});
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
});
