// What the main bundle is made of: the modules of the client build's first-load chunks, grouped by
// where they come from (an npm package, a generated file of .docusaurus/, our own folders), with their
// size before minification. Read from Rspack's stats, written by plugins/bundle-stats during a build
// of the site into a temporary folder.
import fs from 'node:fs';
import path from 'node:path';
import {WORK_ROOT, log, run} from './process.mjs';
import {commitAll, copySite} from './workspace.mjs';

/** `./node_modules/react-dom/cjs/x.js` → `react-dom`; `./.docusaurus/registry.js` → `.docusaurus/registry.js`. */
export function moduleGroup(name) {
  const clean = name.replace(/^\.\//, '').replace(/ \+ \d+ modules?$/, '');
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inPackage) return inPackage[1];
  const generated = /(?:^|\/)\.docusaurus\/(.+)$/.exec(clean);
  if (generated) return `.docusaurus/${generated[1].replace(/\/[^/]*$/, '/…')}`;
  const [top, second] = clean.split('/');
  return second ? `${top}/${second}` : top;
}

/** Modules → groups sorted by size, with each group's share of the whole. */
export function groupModules(modules) {
  const total = modules.reduce((sum, m) => sum + (m.size ?? 0), 0);
  const groups = new Map();
  for (const m of modules) {
    const key = moduleGroup(m.name ?? '(unnamed)');
    const group = groups.get(key) ?? {group: key, bytes: 0, modules: 0};
    group.bytes += m.size ?? 0;
    group.modules += 1;
    groups.set(key, group);
  }
  return {
    total,
    groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes).map((g) => ({...g, share: g.bytes / total})),
  };
}

/** A Markdown table of the largest groups. */
export function formatBundle({total, groups}, limit = 25) {
  const kb = (n) => (n / 1024).toFixed(1);
  const lines = [
    `First-load chunks, ${kb(total)} KB of module source before minification.`,
    '',
    '| group | modules | KB | share |',
    '| --- | ---: | ---: | ---: |',
    ...groups
      .slice(0, limit)
      .map((g) => `| ${g.group} | ${g.modules} | ${kb(g.bytes)} | ${(g.share * 100).toFixed(1)} % |`),
  ];
  const rest = groups.slice(limit);
  if (rest.length)
    lines.push(
      `| ${rest.length} more groups | ${rest.reduce((s, g) => s + g.modules, 0)} | ${kb(rest.reduce((s, g) => s + g.bytes, 0))} | |`,
    );
  return lines.join('\n');
}

/**
 * Builds a copy of the site at `siteDir` (never the checkout) with the stats plugin on, and returns the
 * grouped first-load modules.
 */
export async function measureBundle(siteDir) {
  const copy = path.join(WORK_ROOT, 'site-bundle');
  const statsFile = path.join(WORK_ROOT, 'bundle-stats.json');
  copySite(siteDir, copy);
  // The docs plugin reads each page's last update from git.
  await commitAll(copy);
  fs.rmSync(statsFile, {force: true});
  log('ours: build for the bundle analysis (not timed)...');
  await run(path.join(copy, 'node_modules/.bin/docusaurus'), ['build'], {cwd: copy, env: {BUNDLE_STATS: statsFile}});
  fs.rmSync(copy, {recursive: true, force: true});
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  return {chunks: stats.chunks, ...groupModules(stats.modules)};
}
