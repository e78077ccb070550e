import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from './warmTab';
import {hydrated} from './helpers';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

/**
 * "Edit this page" and "Last updated on" at the foot of docs pages (issue 11), on the production build,
 * which is built without EDIT_URL_BASE (so with the default base of docusaurus.config.ts).
 */

const root = path.join(__dirname, '../..');
const DEFAULT_EDIT_URL_BASE = 'https://github.com/lightdash/lightdash-docs/edit/main/';

/** Seconds since the epoch of the last commit touching the file: what Docusaurus shows (git log %ct). */
function lastCommitTime(file: string): number {
  const out = execFileSync('git', ['log', '-1', '--format=%ct', '--', file], {cwd: root, encoding: 'utf8'}).trim();
  if (!out) throw new Error(`${file} has no commit: commit it, then rebuild (an uncommitted page shows no date)`);
  return Number(out);
}

const PAGES = [
  {url: '/next/guides/how-to-create-metrics', source: 'docs/guides/how-to-create-metrics.mdx'},
  {url: '/next/references/metrics', source: 'docs/references/metrics.mdx'},
  {url: '/guides/how-to-create-metrics', source: `${RELEASED_DOCS_DIR}/guides/how-to-create-metrics.mdx`},
  {url: '/', source: `${RELEASED_DOCS_DIR}/index.mdx`},
];

for (const {url, source} of PAGES) {
  test(`${url}: edit link to ${source} and the date of its last commit`, async ({page}) => {
    expect(fs.existsSync(path.join(root, source)), `${source} exists in the repository`).toBe(true);
    await page.goto(url);
    await hydrated(page);

    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute(
      'href',
      `${DEFAULT_EDIT_URL_BASE}${source}`,
    );

    const committed = new Date(lastCommitTime(source) * 1000);
    const time = page.locator('.theme-last-updated time');
    await expect(page.locator('.theme-last-updated')).toContainText('Last updated on');
    await expect(time).toHaveAttribute('datetime', committed.toISOString());
    // Docusaurus prints the date in UTC, so a commit made late in the evening west of Greenwich shows the next day.
    const shown = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});
    await expect(time).toHaveText(shown.format(committed));
  });
}
