import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from './warmTab';
import {hydrated} from './helpers';
import {RELEASED_PATCH} from '../../src/lib/releasedVersion.mjs';

const contract = JSON.parse(fs.readFileSync(path.join(__dirname, '../../generated/openapi/openapi.json'), 'utf8'));

test('the API overview explains authentication and lists every operation of the contract', async ({page}) => {
  await page.goto('/api/v1/');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Lightdash API reference'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'Authentication'})).toBeVisible();
  await expect(page.getByText('Authorization: ApiKey $LIGHTDASH_API_KEY').first()).toBeVisible();
  const listed = await page.locator('main li[id]').evaluateAll((lis) => lis.map((li) => li.id));
  const operationIds = Object.values(contract.paths).flatMap((item) =>
    Object.values(item as Record<string, {operationId: string}>).map((op) => op.operationId),
  );
  expect(listed.sort()).toEqual(operationIds.sort());
});

test('the contract is published for download as JSON and YAML', async ({request}) => {
  const json = await request.get('/api/v1/openapi.json');
  expect(json.status()).toBe(200);
  expect((await json.json()).info.version).toBe(RELEASED_PATCH);
  const yaml = await request.get('/api/v1/openapi.yaml');
  expect(yaml.status()).toBe(200);
  expect(await yaml.text()).toContain('openapi: 3.1');
});
