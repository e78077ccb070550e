/**
 * plugins/README.md's table against the code: one row per folder of plugins/ and per plugin that
 * docusaurus.config.ts registers (from `plugins:` or as a remark plugin), the lifecycle methods each plugin
 * defines named in its row, and the README column true. The table was written by hand; each of these is a way
 * it drifted or could drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../support/build';
import {filesUnder} from '../support/files';
import {backticked, read, tableRows} from './readmes';

/** The plugin lifecycle methods of Docusaurus 3 (docusaurus.io/docs/api/plugin-methods). */
const LIFECYCLES = [
  'loadContent',
  'contentLoaded',
  'allContentLoaded',
  'postBuild',
  'injectHtmlTags',
  'configureWebpack',
  'configurePostCss',
  'getClientModules',
  'getThemePath',
  'getTypeScriptThemePath',
  'getPathsToWatch',
  'getSwizzleComponentList',
  'extendCli',
];

const config = read('docusaurus.config.ts');
const rows = tableRows(read('plugins/README.md'), /^Plugin$/).map(([name, what, dependsOn, readme]) => ({
  name: name.replace(/`/g, '').replace(/\s*\(outside plugins\/\)$/, ''),
  what,
  dependsOn,
  readme,
}));
/** A row's plugin as a path of the repository: `api-reference/` → `plugins/api-reference`. */
const pluginPath = (name: string) => (name.endsWith('/') ? `plugins/${name.slice(0, -1)}` : name);
const sourcesOf = (plugin: string) =>
  fs.statSync(path.join(ROOT, plugin)).isDirectory()
    ? filesUnder(path.join(ROOT, plugin), (name) => /\.tsx?$/.test(name))
    : [path.join(ROOT, plugin)];
/** Lifecycle methods the plugin's entry defines (`name(` or `async name(` at the start of a line). */
function definedLifecycles(plugin: string): string[] {
  const entry = plugin.endsWith('.ts') ? plugin : `${plugin}/index.ts`;
  const text = read(entry);
  return LIFECYCLES.filter((method) => new RegExp(`^\\s*(async\\s+)?${method}\\s*\\(`, 'm').test(text));
}

/** What docusaurus.config.ts registers: the paths in its `plugins:` list, and the remark plugins' imports. */
const pluginList = /\n {2}plugins: \[\n([\s\S]*?)\n {2}\],/.exec(config)?.[1] ?? '';
const registered = new Set(
  [...pluginList.matchAll(/['"]\.\/(plugins\/[\w-]+|src\/[\w/-]+\.ts)[/'"]/g)].map(([, p]) => p),
);
const remarkNames =
  /beforeDefaultRemarkPlugins:\s*\[([^\]]*)\]/
    .exec(config)?.[1]
    .split(/[\s,]+/)
    .filter(Boolean) ?? [];
const remarkPlugins = remarkNames.map((local) => {
  const from = new RegExp(`^import ${local} from '\\./(plugins/[\\w-]+)`, 'm').exec(config)?.[1];
  if (!from) throw new Error(`docusaurus.config.ts: cannot find where the remark plugin ${local} is imported from`);
  return from;
});

describe("plugins/README.md's table", () => {
  it('has rows to check, and a plugin list in docusaurus.config.ts to check them against', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(registered.size).toBeGreaterThan(10);
  });

  it('has a row for each folder of plugins/, and no row for a folder that is gone', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'plugins'), {withFileTypes: true})
      .filter((e) => e.isDirectory())
      .map((e) => `${e.name}/`)
      .sort();
    expect(
      rows
        .map((r) => r.name)
        .filter((n) => n.endsWith('/'))
        .sort(),
    ).toEqual(folders);
  });

  it('has a row for each plugin docusaurus.config.ts registers, and each row is registered', () => {
    const inTable = rows.map((r) => pluginPath(r.name)).sort();
    expect(inTable).toEqual([...new Set([...registered, ...remarkPlugins])].sort());
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s: names each lifecycle method the plugin defines', (_, row) => {
    const plugin = pluginPath(row.name);
    const named = new Set(backticked(row.dependsOn));
    const missing = definedLifecycles(plugin).filter((method) => !named.has(method));
    expect(missing, `add them to the row of ${row.name} in plugins/README.md`).toEqual([]);
    // A method the row names must be the plugin's, unless the plugin wraps another plugin that defines it.
    const source = sourcesOf(plugin)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const wraps = /from '@docusaurus\/plugin-[\w-]+'/.test(source);
    const stale = LIFECYCLES.filter((m) => named.has(m) && !wraps && !new RegExp(`\\b${m}\\b`).test(source));
    expect(stale, `${row.name} no longer has them: update plugins/README.md`).toEqual([]);
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s: says whether it is a remark plugin, truly', (_, row) => {
    const plugin = pluginPath(row.name);
    expect(row.dependsOn.includes('beforeDefaultRemarkPlugins'), row.name).toBe(remarkPlugins.includes(plugin));
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s: its README column is true', (_, row) => {
    const plugin = pluginPath(row.name);
    const link = /\]\(([^)]+)\)/.exec(row.readme)?.[1];
    if (link) expect(fs.existsSync(path.join(ROOT, 'plugins', link)), link).toBe(true);
    else {
      expect(row.readme).toMatch(/^none/);
      expect(fs.existsSync(path.join(ROOT, plugin, 'README.md')), `${plugin}/README.md exists: link it`).toBe(false);
    }
  });
});
