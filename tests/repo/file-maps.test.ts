/**
 * Each README that maps a folder names every file in it, and every path a README names exists. The file
 * maps were written by hand and drifted (issue 47); a file added, renamed or removed now fails here with the
 * README and the file named.
 *
 * "Named" means written in the README in backticks or as a link target: the file's path (from the folder or
 * from the repository's root), its file name, a glob that matches it (`legacy*.ts`, `generated/*.mjs`), or
 * a folder that holds it (`model/`). The rest, on purpose:
 * - a subfolder with its own README is mapped by that README; the parent names the subfolder;
 * - `*.module.css` beside a component is that component's style;
 * - a plugin's `index.ts` is the plugin, which plugins/README.md lists (tests/repo/plugins-table.test.ts);
 * - the repository's root: the tools' configuration files in ROOT_REST below.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../support/build';
import {backticked, globToRegExp, isPathLike, linkTargets, projectFiles, read, section, tableRows} from './readmes';

const topLevel = new Set(projectFiles.map((file) => file.split('/')[0]));

/** Root files the README's Layout table need not name: each tool's own configuration, named after the tool. */
const ROOT_REST = new Set([
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'eslint.config.mjs',
  'playwright.config.ts',
  'vitest.config.mts',
  'redocly.yaml',
  '.redocly.lint-ignore.yaml',
  '.prettierrc.json',
  '.prettierignore',
  '.gitignore',
]);

interface FileMap {
  readonly readme: string;
  /** The folder it maps, from the root ('' for the root README). */
  readonly folder: string;
}

const featureReadmes = projectFiles.filter((file) =>
  /^(plugins\/[\w-]+|src\/search|src\/lib\/[\w-]+|scripts|mcp)\/README\.md$/.test(file),
);
const MAPS: FileMap[] = [
  {readme: 'README.md', folder: ''},
  ...featureReadmes.map((readme) => ({readme, folder: path.posix.dirname(readme)})),
];

/** The names a README writes: code spans (split at `, `) and relative link targets, without a leading `./`. */
function namesIn(text: string): string[] {
  return [...backticked(text), ...linkTargets(text)].map((name) => name.replace(/^\.\//, '').trim());
}

/** Files of `folder` its README must name: not in a subfolder that has its own README. */
function filesToName(folder: string, readme: string): string[] {
  const prefix = folder ? `${folder}/` : '';
  const own = projectFiles
    .filter((file) => file.startsWith(prefix) && file !== readme)
    .map((f) => f.slice(prefix.length));
  const subReadmes = own.filter((f) => f.endsWith('/README.md')).map((f) => f.slice(0, -'README.md'.length));
  return own.filter((f) => !subReadmes.some((sub) => f.startsWith(sub)));
}

function isNamed(file: string, folder: string, names: string[]): boolean {
  const base = path.posix.basename(file);
  if (base.endsWith('.module.css')) return true;
  if (folder.startsWith('plugins/') && file === 'index.ts') return true;
  const prefix = folder ? `${folder}/` : '';
  return names.some((raw) => {
    const name = raw.startsWith(prefix) && prefix ? raw.slice(prefix.length) : raw;
    if (name === file || name === base) return true;
    if (name.endsWith('/') && file.startsWith(name)) return true;
    if (/[*<]/.test(name) && isPathLike(name)) {
      const glob = globToRegExp(name);
      return glob.test(file) || glob.test(base);
    }
    return false;
  });
}

describe.each(MAPS)('$readme', ({readme, folder}) => {
  const text = read(readme);
  const names = namesIn(text);

  if (folder === '') {
    const layout = tableRows(text, /^Path$/).flatMap(([first]) => namesIn(first));

    it('the Layout table names every folder and file at the root (the tools’ config files aside)', () => {
      const unnamed = [...topLevel].filter(
        (entry) => !ROOT_REST.has(entry) && !layout.some((n) => n === entry || n.startsWith(`${entry}/`)),
      );
      expect(unnamed, `add a row to the Layout table of README.md for: ${unnamed.join(', ')}`).toEqual([]);
    });

    it('the Layout table names every folder and file of tests/', () => {
      const inTests = new Set(projectFiles.filter((f) => f.startsWith('tests/')).map((f) => f.split('/')[1]));
      const unnamed = [...inTests].filter((entry) =>
        layout.every(
          (n) => n !== `tests/${entry}` && !n.startsWith(`tests/${entry}/`) && !globToRegExp(n).test(`tests/${entry}`),
        ),
      );
      expect(unnamed, `add a row to the Layout table of README.md for: ${unnamed.join(', ')}`).toEqual([]);
    });
  } else {
    it(`names every file of ${folder}/`, () => {
      const unnamed = filesToName(folder, readme).filter((file) => !isNamed(file, folder, names));
      expect(unnamed, `${readme} does not name: ${unnamed.join(', ')}`).toEqual([]);
    });
  }

  it('names no path that does not exist', () => {
    const prefix = folder ? `${folder}/` : '';
    const firstLevel = new Set(filesToName(folder, readme).map((f) => f.split('/')[0]));
    const exists = (candidate: string) =>
      /[*<]/.test(candidate)
        ? projectFiles.some(
            (f) => globToRegExp(candidate.replace(/\/$/, '/*')).test(f) || globToRegExp(candidate).test(f),
          )
        : fs.existsSync(path.join(ROOT, candidate));
    const missing = names
      .filter((name) => isPathLike(name))
      .filter((name) => {
        const first = name.split('/')[0];
        const fromRoot = topLevel.has(first) && name.includes('/');
        const fromFolder = prefix !== '' && firstLevel.has(first);
        if (!fromRoot && !fromFolder) return false;
        return !(fromRoot && exists(name)) && !(fromFolder && exists(prefix + name));
      });
    expect(missing, `${readme} names paths that do not exist: ${missing.join(', ')}`).toEqual([]);
  });
});

describe("README.md's Where things live", () => {
  const where = section(read('README.md'), 'Where things live') ?? '';
  const items = where.split('\n- ').slice(1);

  it('answers the four questions a newcomer asks first', () => {
    const asked = items.map((item) => /^\*\*(.+?)\*\*/.exec(item)?.[1]);
    expect(asked).toEqual(['A ranking weight', 'An nginx cache header', 'An MCP tool', 'A code-block colour']);
  });

  it.each(items.map((item) => [/^\*\*(.+?)\*\*/.exec(item)?.[1], item] as const))(
    '%s: each file it names exists and holds the names written after it',
    (_, item) => {
      const files = backticked(item).filter((name) => isPathLike(name) && !name.startsWith('build/'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), `${file} does not exist`).toBe(true);
      // A name in backticks that is not a path (a constant, a function, a header) is in one of the files named.
      const text = files.map((file) => read(file)).join('\n');
      for (const name of backticked(item).filter((n) => !isPathLike(n))) {
        expect(text.includes(name), `${name} is in none of ${files.join(', ')}`).toBe(true);
      }
    },
  );
});
