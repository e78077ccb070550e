#!/usr/bin/env node
// Brings the released docs (versioned_docs/version-<released>) in line with docs/ (Next).
//
// A page is written once in docs/ and copied here, except the pages that differ by version
// (shared/facts/routes.md): Next-only pages are not copied, released-only pages and pages whose
// released copy is kept by hand are left alone. The released sidebar JSON is regenerated from the
// one information architecture in sidebars.ts.
//
//   node scripts/sync-released-docs.mjs          copy and write
//   node scripts/sync-released-docs.mjs --check  exit 1 listing what is out of date (used by a test)
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';
import {RELEASED_DOCS_DIR, RELEASED_SIDEBAR_FILE, RELEASED_VERSION as released} from '../src/lib/releasedVersion.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextDir = path.join(siteDir, 'docs');
const releasedDir = path.join(siteDir, RELEASED_DOCS_DIR);
const sidebarFile = path.join(siteDir, RELEASED_SIDEBAR_FILE);

/** Pages of Next that the released version does not have. */
const NEXT_ONLY = [
  'references/caching.mdx',
  'references/custom-charts.mdx',
  'references/dashboards-as-code.mdx',
  'snippets/_format-expression-examples.mdx',
];
/** Pages of the released version that Next does not have. */
const RELEASED_ONLY = ['references/content-as-code.mdx'];
/** Pages in both versions whose released copy is edited by hand (it must not mention newer features). */
const DIVERGED = ['self-host/customize-deployment/environment-variables.mdx', 'guides/formatting-your-fields.mdx'];

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

function plan() {
  const keep = new Set([...RELEASED_ONLY, ...DIVERGED]);
  const source = listFiles(nextDir).filter((f) => !NEXT_ONLY.includes(f));
  const copies = source.filter((f) => {
    if (keep.has(f) && fs.existsSync(path.join(releasedDir, f))) return false;
    const target = path.join(releasedDir, f);
    return !fs.existsSync(target) || !fs.readFileSync(target).equals(fs.readFileSync(path.join(nextDir, f)));
  });
  const deletions = listFiles(releasedDir).filter((f) => !source.includes(f) && !keep.has(f));
  // The sidebar is computed from the released folder as it will be after the copy.
  const after = new Set([...source, ...listFiles(releasedDir).filter((f) => keep.has(f))]);
  const has = (id) => after.has(`${id}.mdx`) || after.has(`${id}.md`);
  // jiti 1 is CommonJS: its module.exports is the function, which its types declare as the default export.
  const jiti = /** @type {typeof createJiti.default} */ (/** @type {unknown} */ (createJiti))(import.meta.url);
  const {sidebarFor} = jiti(path.join(siteDir, 'src/informationArchitecture.ts'));
  const sidebar = `${JSON.stringify({docs: sidebarFor(has)}, null, 2)}\n`;
  const sidebarStale = !fs.existsSync(sidebarFile) || fs.readFileSync(sidebarFile, 'utf8') !== sidebar;
  return {copies, deletions, sidebar, sidebarStale};
}

function main() {
  const check = process.argv.includes('--check');
  const {copies, deletions, sidebar, sidebarStale} = plan();
  if (check) {
    const problems = [
      ...copies.map((f) => `out of date in ${released}: ${f}`),
      ...deletions.map((f) => `only in ${released} (delete it or list it in RELEASED_ONLY): ${f}`),
      ...(sidebarStale ? [`versioned sidebar is stale: ${path.relative(siteDir, sidebarFile)}`] : []),
    ];
    if (problems.length) {
      console.error(`${problems.join('\n')}\nRun: node scripts/sync-released-docs.mjs`);
      process.exit(1);
    }
    console.log(`Released docs ${released} are in line with Next.`);
    return;
  }
  for (const f of copies) {
    fs.mkdirSync(path.dirname(path.join(releasedDir, f)), {recursive: true});
    fs.copyFileSync(path.join(nextDir, f), path.join(releasedDir, f));
  }
  for (const f of deletions) fs.rmSync(path.join(releasedDir, f));
  fs.mkdirSync(path.dirname(sidebarFile), {recursive: true});
  fs.writeFileSync(sidebarFile, sidebar);
  console.log(`Copied ${copies.length}, deleted ${deletions.length}, wrote ${path.relative(siteDir, sidebarFile)}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
