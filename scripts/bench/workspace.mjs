// Copies of the site for the builds the benchmark times. Builds never run in the checkout itself:
// `docusaurus clear` deletes node_modules/.cache, and a checkout's node_modules may be shared (a
// worktree's symlink), so each copy gets a real node_modules folder whose entries link to the
// installed packages, and therefore a persistent cache of its own.
import fs from 'node:fs';
import path from 'node:path';
import {run} from './process.mjs';

/** Not copied: installed packages, outputs, caches and VCS data. */
const SKIP = new Set([
  'node_modules',
  'build',
  'build-e2e',
  '.docusaurus',
  '.git',
  'test-results',
  'playwright-report',
  'bench-results',
]);

/** A fresh copy of siteDir at dest (generated/ included: the API reference plugin reads it). */
export function copySite(siteDir, dest) {
  fs.rmSync(dest, {recursive: true, force: true});
  fs.mkdirSync(dest, {recursive: true});
  for (const entry of fs.readdirSync(siteDir)) {
    if (SKIP.has(entry)) continue;
    fs.cpSync(path.join(siteDir, entry), path.join(dest, entry), {recursive: true, verbatimSymlinks: true});
  }
  linkNodeModules(path.join(siteDir, 'node_modules'), path.join(dest, 'node_modules'));
}

/** node_modules as a real folder of links to each installed package (and .bin), without .cache. */
function linkNodeModules(source, dest) {
  const real = fs.realpathSync(source);
  fs.mkdirSync(dest, {recursive: true});
  for (const entry of fs.readdirSync(real)) {
    if (entry === '.cache') continue;
    fs.symlinkSync(path.join(real, entry), path.join(dest, entry));
  }
}

const PAGE = /\.mdx?$/;

/**
 * Gives an absolute front-matter slug a prefix (`slug: /` → `slug: /synthetic-2/`); other slugs are
 * relative to the page's folder and stay valid in the copy. Only the front matter is touched.
 */
export function prefixSlug(source, prefix) {
  const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(source);
  if (!frontMatter) return source;
  const rewritten = frontMatter[0].replace(
    /^slug:\s*(['"]?)\/(.*?)\1\s*$/m,
    (_, quote, rest) => `slug: ${quote}/${prefix}/${rest}${quote}`,
  );
  return rewritten + source.slice(frontMatter[0].length);
}

/**
 * Adds `copies` synthetic copies of a docs version folder under synthetic-2/, synthetic-3/, … inside
 * it. The whole tree is copied (partials included), so relative links and imports resolve inside each
 * copy, and absolute links still point at real pages: the build's broken-link check keeps passing.
 * The sidebars list only the information architecture, so the copies build without sidebar entries.
 * Returns the number of pages added.
 */
export function addSyntheticCopies(versionDir, copies = 4) {
  const entries = fs
    .readdirSync(versionDir)
    .filter((e) => !e.startsWith('synthetic-') && e !== 'tags.yml' && !e.endsWith('.json'));
  let added = 0;
  for (let n = 2; n < copies + 2; n++) {
    const prefix = `synthetic-${n}`;
    const target = path.join(versionDir, prefix);
    for (const entry of entries) {
      fs.cpSync(path.join(versionDir, entry), path.join(target, entry), {recursive: true});
    }
    for (const file of /** @type {string[]} */ (fs.readdirSync(target, {recursive: true}))) {
      const full = path.join(target, file);
      if (!PAGE.test(file) || !fs.statSync(full).isFile()) continue;
      fs.writeFileSync(full, prefixSlug(fs.readFileSync(full, 'utf8'), prefix));
      if (!path.basename(file).startsWith('_')) added++;
    }
  }
  return added;
}

/**
 * Makes the copy a one-commit git repository: the docs show a last-update time, which Docusaurus
 * reads from git and refuses to build without. Call it after the content is final.
 */
export async function commitAll(dir) {
  const git = (...args) =>
    run('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {cwd: dir});
  await git('init', '--quiet');
  await git('add', '--all');
  await git('commit', '--quiet', '--no-verify', '-m', 'benchmark copy');
}
