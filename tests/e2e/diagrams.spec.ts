import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {FIXTURE_SITE} from '../../playwright.config';
import {PAGE_BACKGROUNDS, diagramContrastProblems} from '../../scripts/diagram-contrast.mjs';
import {hydrated} from './helpers';
import {BUILD_DIR, E2E_BUILD_DIR} from '../support/build';
import {filesUnder} from '../support/files';

/**
 * Diagrams are SVGs rendered ahead of time (npm run diagrams, plugins/remark-diagrams), checked on
 * the fixture build: the one of the colour mode shows, no diagram code is loaded, they are there
 * without JavaScript, and the crawl checks every page with one in both modes.
 */

const productionBuild = BUILD_DIR;
const fixtureBuild = E2E_BUILD_DIR;
const GUIDE = '/guides/how-to-create-metrics';

/** Every built page with a diagram, from the HTML (the pages that include a partial with one too). */
function diagramPages(build: string): string[] {
  return filesUnder(build, (name) => name === 'index.html')
    .filter((file) => fs.readFileSync(file, 'utf8').includes('data-diagram='))
    .map((file) => {
      const route = `/${path.relative(build, path.dirname(file)).split(path.sep).join('/')}`;
      return route === '/' ? route : route.replace(/\/$/, '');
    })
    .sort();
}

const light = (page: Page) => page.locator('figure[data-diagram] img').nth(0);
const dark = (page: Page) => page.locator('figure[data-diagram] img').nth(1);

/** The image has been fetched and decoded (an SVG the browser could not read has no natural width). */
async function loaded(image: ReturnType<typeof light>) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} mode shows the ${scheme} SVG only, sized before it loads`, async ({page}) => {
    await page.emulateMedia({colorScheme: scheme});
    await page.goto(`${FIXTURE_SITE}${GUIDE}`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const [shown, hidden] = scheme === 'light' ? [light(page), dark(page)] : [dark(page), light(page)];
    await expect(shown).toBeVisible();
    await expect(hidden).toBeHidden();
    await expect(shown).toHaveAttribute('src', new RegExp(`\\.${scheme}-[0-9a-f]+\\.svg$`));
    await expect(shown).toHaveAttribute('width', /^\d+$/);
    await expect(shown).toHaveAttribute('height', /^\d+$/);
    await expect(shown).toHaveAttribute('alt', /^Flowchart: dbt model YAML leads to Preview project/);
    await loaded(shown);
    // The hidden one is lazy and never in view, so it is not even fetched.
    expect(await hidden.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  });
}

test('switching the colour mode swaps the SVG without a reload', async ({page}) => {
  await page.goto(`${FIXTURE_SITE}${GUIDE}`);
  await hydrated(page);
  await expect(light(page)).toBeVisible();
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'dark'; i++)
    await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(dark(page)).toBeVisible();
  await expect(light(page)).toBeHidden();
  await loaded(dark(page));
});

test('no diagram JavaScript is requested, before or after hydration', async ({page}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(`${FIXTURE_SITE}${GUIDE}`);
  await hydrated(page);
  await loaded(light(page));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Chunk names are ids, so the content tells: mermaid's core, its flowchart renderer and its layout
  // engines carry these names (a page's own chunk holds the diagram's source, so not "sequenceDiagram").
  const library = /mermaidAPI|flowchart-v2|dagre|cytoscape/;
  const found: string[] = [];
  for (const url of scripts) {
    const match = library.exec(await (await page.request.get(url)).text());
    if (match) found.push(`${url}: ${match[0]}`);
  }
  expect(found).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});
  test('the diagram, its text alternative and its source are there', async ({page}) => {
    await page.goto(`${FIXTURE_SITE}${GUIDE}`);
    await expect(light(page)).toBeVisible();
    await expect(dark(page)).toBeHidden();
    await loaded(light(page));
    await page.getByText('Diagram source').first().click();
    await expect(page.locator('figure[data-diagram] details pre')).toContainText('lightdash preview');
  });
});

test('the SVGs reach 4.5:1 for all their text on the page background', async ({page}) => {
  const html = await (await page.request.get(`${FIXTURE_SITE}${GUIDE}`)).text();
  const sources = [...html.matchAll(/<img[^>]+src="?([^"\s>]+\.(light|dark)-[0-9a-f]+\.svg)/g)];
  expect(sources).toHaveLength(2);
  for (const [, src, mode] of sources) {
    const svg = await (await page.request.get(`${FIXTURE_SITE}${src}`)).text();
    const background = PAGE_BACKGROUNDS[mode as 'light' | 'dark'];
    await page.setContent(`<body style="margin:0;background:${background}">${svg}</body>`);
    expect(await page.evaluate(diagramContrastProblems, {background}), src).toEqual([]);
  }
});

/**
 * axe on these pages (WCAG 2.1 A/AA, every <details> open, so the diagram sources too, light and
 * dark), and that each diagram shows the image of the mode with a text alternative, are the crawl's
 * (crawl.spec.ts), which loads every sitemap page of the production build in both modes anyway. This
 * spec used to load each of them twice more on the fixture build for the same checks. What it checks
 * here is that the crawl misses none of the pages with a diagram.
 */
test('every page with a diagram is in the sitemap, so the crawl checks its diagrams and axe in both modes', () => {
  const pages = diagramPages(productionBuild);
  // 22 pages with a diagram in each version, and the pages that include a partial with one.
  expect(pages.length).toBeGreaterThanOrEqual(44);
  expect(pages).toContain(GUIDE);
  expect(pages).toContain(`/next${GUIDE}`);
  // The fixture build, where the tests above run, has the same diagrams.
  expect(diagramPages(fixtureBuild)).toEqual(pages);
  const sitemap = fs.readFileSync(path.join(productionBuild, 'sitemap.xml'), 'utf8');
  const crawled = new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(([, p]) => p));
  expect(pages.filter((url) => !crawled.has(url))).toEqual([]);
});
