import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {measureFirstLoad} from './firstLoad';
import {HTTP_METHODS, operationSlug} from '../../plugins/api-reference/index';
import {hydrated, openAllDetails} from './helpers';
import {test as inWarmTab} from './warmTab';
import {BUILD_DIR} from '../support/build';

/** The API reference (issue 5), checked against the production build on :3100. */

const root = path.join(__dirname, '../..');
const build = BUILD_DIR;
const contract = JSON.parse(fs.readFileSync(path.join(root, 'generated/openapi/openapi.json'), 'utf8'));

interface Op {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const operations: Op[] = Object.entries(contract.paths as Record<string, Record<string, unknown>>).flatMap(
  ([p, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const op = item[method] as {operationId: string; summary: string; tags: string[]} | undefined;
      return op ? [{operationId: op.operationId, method, path: p, summary: op.summary, tag: op.tags[0]}] : [];
    }),
);
const opUrl = (op: Op) => `/api/v1/${slug(op.tag)}/${operationSlug(op.operationId)}`;
const tagUrls = [...new Set(operations.map((op) => `/api/v1/${slug(op.tag)}`))];
const schemaUrls = Object.keys(contract.components.schemas).map((name) => `/api/v1/schemas/${name}`);
const allApiUrls = ['/api/v1/', '/api/v1/schemas', ...tagUrls, ...operations.map(opUrl), ...schemaUrls];

// The real Lightdash operationIds (issue 18); our own earlier ids (createSpace, listCatalogMetrics) still resolve.
const createSpace = operations.find((op) => op.operationId === 'CreateSpaceInProject') as Op;
const listCatalogMetrics = operations.find((op) => op.operationId === 'getMetricsCatalog') as Op;

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
/** Attribute values in minified HTML: quoted or not. */
const attributes = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'g'))].map((m) =>
    unescapeHtml(m[1] ?? m[2] ?? m[3]),
  );

test('every operation of the contract has a page with its summary, method and path', async ({request}) => {
  test.setTimeout(120_000);
  expect(operations.length).toBeGreaterThan(100);
  for (const op of operations) {
    const response = await request.get(opUrl(op));
    expect(response.status(), opUrl(op)).toBe(200);
    const html = unescapeHtml(await response.text());
    expect(html, opUrl(op)).toContain(`<h1>${op.summary}</h1>`);
    expect(html, opUrl(op)).toContain(op.path);
    expect(html, opUrl(op)).toContain(`>${op.method.toUpperCase()}<`);
  }
});

test('every in-page anchor link of every API page points at an element id', async ({request}) => {
  test.setTimeout(180_000);
  let links = 0;
  // Collected and compared once: since every schema field has its own link there are tens of thousands,
  // and an expect() for each cost more than fetching the pages.
  const broken: string[] = [];
  for (const url of allApiUrls) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    const ids = new Set(attributes(html, 'id'));
    const anchors = attributes(html, 'href').filter((href) => href.startsWith('#') && href.length > 1);
    for (const href of anchors) if (!ids.has(decodeURIComponent(href.slice(1)))) broken.push(`${url} → ${href}`);
    links += anchors.length;
  }
  expect(broken).toEqual([]);
  // Parameter and response anchors exist and are linked.
  const html = await (await request.get(opUrl(listCatalogMetrics))).text();
  for (const id of ['param-path-projectUuid', 'param-query-pageSize', 'response-200', 'response-default']) {
    expect(attributes(html, 'id'), id).toContain(id);
    expect(attributes(html, 'href'), id).toContain(`#${id}`);
  }
  expect(links).toBeGreaterThan(allApiUrls.length);
});

test('the contract can be downloaded as JSON and YAML from the overview', async ({page, request}) => {
  await page.goto('/api/v1/');
  for (const name of ['openapi.json', 'openapi.yaml']) {
    const link = page.getByRole('link', {name});
    await expect(link).toHaveAttribute('href', `/api/v1/${name}`);
    const response = await request.get(`/api/v1/${name}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(contract.info.version);
  }
});

// These open pages and read them, so they share one tab per worker (tests/e2e/warmTab.ts).
inWarmTab.describe('old Redoc deep links land on the operation page', () => {
  for (const [hash, target] of [
    [`#tag/Spaces/operation/CreateSpaceInProject`, opUrl(createSpace)],
    [`#operation/CreateSpaceInProject`, opUrl(createSpace)],
    [`#tag/Spaces/operation/createSpace`, opUrl(createSpace)],
    [`#tag/Catalog/operation/get_metrics_catalog`, opUrl(listCatalogMetrics)],
    [`#tag/Catalog/operation/listCatalogMetrics`, opUrl(listCatalogMetrics)],
    [`#tag/Roles%20%26%20Permissions`, '/api/v1/roles-permissions'],
  ]) {
    inWarmTab(hash, async ({page}) => {
      await page.goto(`/api/v1/${hash}`);
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    });
  }
});

test('an operation page reads complete with JavaScript disabled', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(opUrl(createSpace));
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', {level: 1, name: createSpace.summary})).toBeVisible();
  await expect(main.getByText('POST', {exact: true}).first()).toBeVisible();
  await expect(main.getByText(createSpace.path, {exact: true}).first()).toBeVisible();
  await expect(main.getByRole('heading', {name: 'Parameters'})).toBeVisible();
  await expect(main.getByRole('rowheader', {name: 'projectUuid'})).toBeVisible();
  await expect(main.getByRole('heading', {name: 'Request body'})).toBeVisible();
  // Creating a space answers 200 in the released API (the real spec and server), not 201.
  await expect(main.getByRole('heading', {name: /^200/})).toBeVisible();
  // Without JavaScript the tabs cannot switch, so every sample is shown, each under its label.
  await expect(main.getByText('--header "Authorization: ApiKey $LIGHTDASH_API_KEY"')).toBeVisible();
  await expect(main.getByRole('tablist')).toHaveCount(0);
  for (const label of ['JavaScript (fetch)', 'Python (requests)', 'Go (net/http)']) {
    await expect(main.locator('[data-noscript-label]').getByText(label, {exact: true})).toBeVisible();
  }
  await expect(main.getByText('os.environ["LIGHTDASH_API_KEY"]')).toBeVisible();
  await expect(main.getByText('os.Getenv("LIGHTDASH_API_KEY")')).toBeVisible();
  await expect(main.getByText('process.env.LIGHTDASH_API_KEY', {exact: false})).toBeVisible();
  // Every status's example too: the 401 one with its own error name.
  await expect(main.getByText('"AuthorizationError"')).toBeVisible();
  // Nested schema parts unfold without JavaScript.
  await main.getByText('Items: 2 properties').first().click();
  await expect(main.getByText('userUuid', {exact: true}).first()).toBeVisible();
  await context.close();
});

/** One page of each kind: overview, tag, two operations (body and query parameters), schema. */
const SAMPLE_PAGES = [
  '/api/v1/',
  '/api/v1/spaces',
  opUrl(createSpace),
  opUrl(listCatalogMetrics),
  '/api/v1/schemas/Space',
];

/**
 * axe (WCAG 2.1 A/AA, every <details> open, light and dark) runs on every API page in the crawl
 * (crawl.spec.ts), which visits the sitemap. Five sample pages used to be checked here the same way a
 * second time; what stays here is that none of the API pages is missing from the crawl.
 */
test('the crawl checks every API page: all are in the sitemap it visits', () => {
  const sitemap = fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
  const listed = new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(([, p]) => p));
  const missing = allApiUrls.filter((url) => !listed.has(url));
  expect(missing).toEqual([]);
  expect(allApiUrls.length).toBeGreaterThan(500);
});

inWarmTab.describe('no sideways scrolling on a 375 px phone', () => {
  inWarmTab.use({viewport: {width: 375, height: 800}});
  for (const url of SAMPLE_PAGES) {
    inWarmTab(url, async ({page}) => {
      await page.goto(url);
      await hydrated(page);
      await openAllDetails(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test('the API Reference search index holds every operation title and path', () => {
  const file = fs.readdirSync(build).find((f) => /^search-index-api-v1\.json$/.test(f));
  expect(file, 'build/search-index-api-v1.json').toBeDefined();
  const index = JSON.parse(fs.readFileSync(path.join(build, file as string), 'utf8')) as {
    documents: {t: string; u: string; b?: string[]}[];
  }[];
  const titles = index[0].documents;
  const text = JSON.stringify(index.map((part) => part.documents));
  for (const op of operations) {
    const hit = titles.find((d) => d.u === opUrl(op));
    expect(hit?.t, op.operationId).toBe(op.summary);
    expect(hit?.b, op.operationId).toEqual(['API Reference', op.tag]);
    expect(text, op.path).toContain(op.path);
  }
});

test('first-load JavaScript of an operation page is at most 1.15 × that of a docs page', async ({page}) => {
  const docs = (await measureFirstLoad(page, '/references/metrics')).js;
  const heaviest = operations.find((op) => op.operationId === 'PostDashboardTile') ?? createSpace;
  for (const op of [createSpace, heaviest]) {
    const api = (await measureFirstLoad(page, opUrl(op))).js;
    const ratio = api.total / docs.total;
    test.info().annotations.push({
      type: 'first-load JS (gzip)',
      description: `${opUrl(op)} ${api.total} B vs /references/metrics ${docs.total} B: ratio ${ratio.toFixed(3)}`,
    });
    expect(api.files.some((f) => /main\./.test(f))).toBe(true);
    expect(ratio, `${opUrl(op)}: ${api.total} B vs ${docs.total} B`).toBeLessThanOrEqual(1.15);
  }
});
