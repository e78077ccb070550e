import {test, expect, type Page} from '@playwright/test';
import {parse as parseYaml} from 'yaml';
import {hydrated, watchPage} from './helpers';
import {axeViolations} from './axe';

/**
 * The two admin tools as a reader drives them: the configuration builder (src/components/SelfHostBuilder) and the
 * explorer "Who can do what" (src/components/PermissionExplorer), with the keyboard, the URL that keeps a choice,
 * the download, and axe in both colour modes. Both run in the page and request nothing.
 */

const BUILDER = '/self-host/customize-deployment/configuration-builder';
const EXPLORER = '/references/who-can-do-what';

const builder = (page: Page) => page.locator('section.self-host-builder');
const explorer = (page: Page) => page.locator('section.permission-explorer');

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Every request the page makes from now on, as "METHOD url". */
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  return requests;
}

test('builder: Helm, external Postgres, S3, Google SSO, SMTP gives chart values, kept in the URL', async ({
  page,
  baseURL,
}) => {
  const pageProblems = watchPage(page);
  await open(page, BUILDER);
  const requests = recordRequests(page);
  const tool = builder(page);
  await tool.getByRole('radio', {name: 'Helm chart (Kubernetes)'}).check();
  await tool.getByRole('checkbox', {name: 'External Postgres database'}).check();
  await tool.getByRole('radio', {name: 'AWS S3'}).check();
  await tool.getByRole('checkbox', {name: 'Sign in with Google'}).check();
  await tool.getByRole('checkbox', {name: 'Email (SMTP)'}).check();
  await expect(page).toHaveURL(/\?deploy=helm&needs=postgres,s3,smtp,google$/);
  await expect(tool.getByRole('status')).toHaveText('One file with 24 variables. 6 secrets to fill in.');

  const values = parseYaml((await tool.locator('pre').first().innerText()) as string);
  expect(values.postgresql).toEqual({enabled: false});
  expect(values.externalDatabase.password).toBe('__FILL_IN__');
  expect(values.configMap.AUTH_GOOGLE_ENABLED).toBe('true');
  expect(Object.keys(values.secrets)).toContain('EMAIL_SMTP_PASSWORD');

  // Download: the same text, as values.yaml.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    tool.getByRole('button', {name: 'Download values.yaml'}).click(),
  ]);
  expect(download.suggestedFilename()).toBe('values.yaml');

  // The secrets list links each secret to its row of the env-vars page, and the row is there.
  await tool.getByRole('link', {name: 'AUTH_GOOGLE_OAUTH2_CLIENT_SECRET'}).click();
  await expect(page).toHaveURL(/environment-variables#AUTH_GOOGLE_OAUTH2_CLIENT_SECRET$/);
  await expect(page.locator('tr#AUTH_GOOGLE_OAUTH2_CLIENT_SECRET')).toBeVisible();

  // Nothing was sent anywhere: every request went to the site itself.
  expect(requests.filter((r) => !r.split(' ')[1].startsWith(`${baseURL}/`))).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test('builder: a shared link restores the choice; the keyboard reaches every option', async ({page}) => {
  const pageProblems = watchPage(page);
  await open(page, `${BUILDER}?deploy=compose&needs=worker,slack`);
  const tool = builder(page);
  await expect(tool.getByRole('radio', {name: 'Docker compose'})).toBeChecked();
  // The worker needs the scheduler: ticked and locked, with the reason.
  await expect(tool.getByRole('checkbox', {name: /Scheduled deliveries with images/})).toBeChecked();
  await expect(tool.getByRole('checkbox', {name: /Scheduled deliveries with images/})).toBeDisabled();
  await expect(tool.locator('pre')).toHaveCount(2);
  await expect(tool.locator('pre').nth(1)).toContainText('entrypoint: ["yarn", "workspace", "backend", "scheduler"]');

  await tool.getByRole('radio', {name: 'Docker compose'}).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tool.getByRole('radio', {name: 'Helm chart (Kubernetes)'})).toBeChecked();
  await expect(page).toHaveURL(/deploy=helm/);
  await page.keyboard.press('Tab');
  await expect(tool.getByRole('checkbox', {name: 'External Postgres database'})).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/needs=postgres,/);
  expect(pageProblems).toEqual([]);
});

test('explorer: can an interactive viewer create a scheduled delivery? yes, with the source rule', async ({page}) => {
  const pageProblems = watchPage(page);
  await open(page, EXPLORER);
  const tool = explorer(page);
  await tool.getByRole('combobox', {name: 'Role', exact: true}).selectOption('interactive_viewer');
  await tool.getByRole('combobox', {name: 'Action', exact: true}).selectOption('create');
  await tool.getByRole('combobox', {name: 'Subject', exact: true}).selectOption('ScheduledDeliveries');
  const answer = tool.getByRole('status').first();
  await expect(answer).toContainText('Yes.');
  await expect(answer.getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/lightdash\/lightdash\/blob\/0b7563df\/packages\/common\/src\/authorization\/projectMemberAbility\.ts#L\d+$/,
  );
  await tool.getByRole('combobox', {name: 'Role', exact: true}).selectOption('viewer');
  await expect(answer).toContainText('No. It starts at the interactive viewer role.');

  // "Who can create scheduled deliveries?"
  await tool.getByRole('button', {name: 'Who can create scheduled deliveries?'}).click();
  const rows = tool.locator('tbody tr');
  await expect(rows.filter({hasText: 'Create scheduled deliveries'}).first()).toContainText('Interactive viewer');
  // "What changes when I give a group space access?": only rules that need a space role.
  await tool.getByRole('button', {name: 'What changes when I give a group space access?'}).click();
  for (const text of await rows.locator('td:nth-child(2)').allInnerTexts())
    expect(text).toMatch(/\+ (Can view|Can edit|Full access)/);
  // "What can an editor do?": no developer or admin rule.
  await tool.getByRole('button', {name: 'What can an editor do?'}).click();
  await expect(tool.getByRole('button', {name: 'What can an editor do?'})).toHaveAttribute('aria-pressed', 'true');
  for (const text of await rows.locator('td:nth-child(2)').allInnerTexts()) expect(text).not.toMatch(/Developer|Admin/);
  expect(pageProblems).toEqual([]);
});

test('roles page: the tables agree with the explorer rows (scheduled deliveries from the interactive viewer)', async ({
  page,
}) => {
  await open(page, '/references/roles');
  const row = page.locator('table tr', {hasText: 'Create and edit scheduled deliveries'});
  await expect(row.locator('td')).toHaveText(['Create and edit scheduled deliveries', '✅', '✅', '✅', '✅', '❌']);
});

for (const mode of ['light', 'dark'] as const) {
  test(`both tools pass axe (WCAG 2.1 AA), ${mode} mode`, async ({page}) => {
    await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
    await open(page, `${BUILDER}?deploy=compose&needs=postgres,s3,google,smtp`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    expect(await axeViolations(page, {include: 'section.self-host-builder'})).toEqual([]);
    await open(page, EXPLORER);
    await explorer(page).getByRole('button', {name: 'What can an editor do?'}).click();
    expect(await axeViolations(page, {include: 'section.permission-explorer'})).toEqual([]);
  });
}
