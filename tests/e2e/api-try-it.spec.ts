import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {test, expect, type Page, type Request} from '@playwright/test';
import {PRISM_PORT} from '../../playwright.config';
import {hydrated} from './helpers';

/**
 * The try-it console against a real mock of the contract: Prism serves generated/openapi/openapi.json
 * on loopback, answers CORS, returns the contract's examples and rejects requests that break it.
 */

const root = path.join(__dirname, '../..');
const PRISM = `http://127.0.0.1:${PRISM_PORT}`;
const KEY = 'ldpat_try_it_secret_4f9c';
const createSpace = '/api/v1/spaces/create-space-in-project';
const listSpaces = '/api/v1/spaces/list-spaces-in-project';

// One Prism for the whole file.
test.describe.configure({mode: 'serial'});

let prism: ChildProcess | undefined;
let prismLog = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  prism = spawn(
    path.join(root, 'node_modules/.bin/prism'),
    ['mock', 'generated/openapi/openapi.json', '-p', String(PRISM_PORT), '-h', '127.0.0.1'],
    {cwd: root, stdio: ['ignore', 'pipe', 'pipe']},
  );
  prism.stdout?.on('data', (d) => (prismLog += d));
  prism.stderr?.on('data', (d) => (prismLog += d));
  for (let i = 0; ; i++) {
    if (prism.exitCode !== null) throw new Error(`Prism exited: ${prismLog}`);
    try {
      await fetch(`${PRISM}/`);
      return; // any HTTP answer (Prism says 404 for /) means it is listening
    } catch {
      if (i > 150) throw new Error(`Prism did not start: ${prismLog}`);
      await new Promise((r) => setTimeout(r, 400));
    }
  }
});

test.afterAll(() => {
  prism?.kill();
});

/** Opens the console and fills the instance URL and key. Returns the scripts fetched by the press. */
async function openConsole(page: Page, url: string): Promise<{before: string[]; after: string[]}> {
  const scripts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(url);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const before = [...scripts];
  await page.getByRole('button', {name: 'Try it'}).click();
  const form = page.getByRole('form', {name: 'Try it console'});
  await expect(form).toBeVisible();
  await form.getByLabel('Instance URL').fill(PRISM);
  await form.getByLabel('API key (personal access token)').fill(KEY);
  return {before, after: scripts.slice(before.length)};
}

async function storageHolding(page: Page, secret: string) {
  return page.evaluate(
    (s) => ({
      local: Object.entries(window.localStorage).filter(([k, v]) => k.includes(s) || v.includes(s)),
      session: Object.entries(window.sessionStorage).filter(([k, v]) => k.includes(s) || v.includes(s)),
    }),
    secret,
  );
}

test('the console is fetched only when "Try it" is pressed, and a valid call shows the mocked response', async ({
  page,
}) => {
  const {before, after} = await openConsole(page, listSpaces);
  expect(after.length, 'the console is a chunk of its own').toBeGreaterThan(0);
  for (const file of after) expect(before, `${file} was fetched before the press`).not.toContain(file);

  const form = page.getByRole('form', {name: 'Try it console'});
  await expect(form.getByLabel(/projectUuid/)).toHaveValue('3675b69e-8324-4110-bdca-059031aa8da3');
  await form.getByRole('button', {name: 'Send GET request'}).click();
  await expect(form.getByRole('status')).toHaveText(/Response: 200 OK/);
  await expect(form.getByTestId('try-it-body')).toContainText('"status": "ok"');
  await expect(form.getByTestId('try-it-body')).toContainText('"results"');
  await expect(form.getByText(/content-type: application\/json/i)).toBeVisible();

  expect(await storageHolding(page, KEY)).toEqual({local: [], session: []});
});

test('a request that breaks the contract shows the validation error', async ({page}) => {
  await openConsole(page, createSpace);
  const form = page.getByRole('form', {name: 'Try it console'});
  // Prefilled from the contract's example; drop the required `name`.
  await expect(form.getByLabel('Body (JSON)')).toHaveValue(/"name": "Finance"/);
  await form.getByLabel('Body (JSON)').fill('{"isPrivate": true}');
  await form.getByRole('button', {name: 'Send POST request'}).click();
  await expect(form.getByRole('status')).toHaveText(/Response: (400|422)/);
  await expect(form.getByText(/sl-violations: .*required property 'name'/)).toBeVisible();
  await expect(form.getByTestId('try-it-body')).toContainText('"status": "error"');
});

test('the key stays out of localStorage, also when the reader asks to remember it', async ({page}) => {
  await openConsole(page, createSpace);
  const form = page.getByRole('form', {name: 'Try it console'});
  await form.getByLabel(/Remember the key/).check();
  await form.getByRole('button', {name: 'Send POST request'}).click();
  await expect(form.getByRole('status')).toHaveText(/Response: 200 OK/);
  const held = await storageHolding(page, KEY);
  expect(held.local).toEqual([]);
  expect(held.session).toHaveLength(1);
  // A reload keeps it for this tab only; unticking forgets it.
  await page.reload();
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByLabel('API key (personal access token)')).toHaveValue(KEY);
  await page.getByLabel(/Remember the key/).uncheck();
  expect(await storageHolding(page, KEY)).toEqual({local: [], session: []});
});

test('a network or CORS failure is explained in words', async ({page}) => {
  await openConsole(page, listSpaces);
  const form = page.getByRole('form', {name: 'Try it console'});
  await form.getByLabel('Instance URL').fill('http://127.0.0.1:9');
  await form.getByRole('button', {name: 'Send GET request'}).click();
  await expect(form.getByRole('alert')).toContainText('could not complete the request to http://127.0.0.1:9');
  await expect(form.getByRole('alert')).toContainText('CORS');
});

test('if the console cannot be downloaded, the reader gets the reason and a working Retry', async ({page}) => {
  await page.goto(createSpace);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const block = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
  await page.route('**/assets/js/**', block);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('alert')).toContainText('The console could not be loaded');
  await page.unroute('**/assets/js/**', block);
  await page.getByRole('button', {name: 'Retry'}).click();
  await expect(page.getByRole('form', {name: 'Try it console'})).toBeVisible();
});

test('a path parameter of ".." is refused and sends nothing; other characters are percent-encoded', async ({page}) => {
  await openConsole(page, '/api/v1/spaces/delete-space');
  const form = page.getByRole('form', {name: 'Try it console'});
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(PRISM)) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await form.getByLabel(/spaceUuid/).fill('..');
  await form.getByRole('button', {name: 'Send DELETE request'}).click();
  await expect(form.getByRole('alert')).toContainText('The path parameter "spaceUuid" cannot be ".."');
  expect(sent).toEqual([]);
  await form.getByLabel(/spaceUuid/).fill('../x?y');
  await form.getByRole('button', {name: 'Send DELETE request'}).click();
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent[0]).toMatch(/^DELETE \/api\/v1\/projects\/[0-9a-f-]{36}\/spaces\/\.\.%2Fx%3Fy$/);
});
