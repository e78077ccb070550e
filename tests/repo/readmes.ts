/**
 * Reading the READMEs as lists: their Markdown tables, the names they write in backticks or link to, and
 * whether a file is named by one. Used by the tests of tests/repo/, which compare those lists with the code.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../support/build';
import {filesUnder} from '../support/files';

/** Files of the project as git sees them: tracked, or new and not ignored (build outputs are ignored). */
export const projectFiles: readonly string[] = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard'],
  {cwd: ROOT, encoding: 'utf8'},
)
  .split('\n')
  .filter((file) => file && fs.existsSync(path.join(ROOT, file)));

export const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The rows of the first Markdown table whose header's first cell matches `first`, as arrays of cells. */
export function tableRows(text: string, first: RegExp): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && first.test(cellsOf(line)[0] ?? ''));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cellsOf(line));
  }
  return rows;
}

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The text of each `code span` in `text`. */
export const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map(([, name]) => name);

/** Link targets `](…)` that are relative paths (no scheme, no anchor-only link). */
export const linkTargets = (text: string) =>
  [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map(([, target]) => target).filter((t) => !/^[a-z]+:/.test(t));

/** The body of a `## heading` section (up to the next `## `), or undefined when there is no such heading. */
export function section(text: string, heading: string): string | undefined {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return undefined;
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** A placeholder in a path: `<section>`, `<tag-slug>`. */
export const PLACEHOLDER = /<[a-z][\w-]*>/;
const PLACEHOLDERS = new RegExp(PLACEHOLDER.source, 'g');

/**
 * A name that may be a path: no spaces, no ellipsis, no URL, no command, not a package name; placeholders
 * (`<name>`) and `*` stand for a part of a name.
 */
export function isPathLike(written: string): boolean {
  const name = written.replace(PLACEHOLDERS, 'x').replace(/\*/g, 'x');
  return (
    !/[\s<>{}$…*?|'"=,;()[\]]/.test(name) &&
    !/^[a-z]+:/.test(name) &&
    !name.startsWith('@') &&
    !name.startsWith('/') &&
    !name.startsWith('-') &&
    !name.startsWith('../') &&
    !/[@:]/.test(name) &&
    !(name.startsWith('.') && !name.includes('/')) &&
    (name.includes('/') || /\.[a-z]{1,5}$/.test(name))
  );
}

/** A glob written in a README (`legacy*.ts`, `generated/*.mjs`, `docs/<section>/<name>.mdx`) as a RegExp. */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .split(PLACEHOLDER)
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Files and folders under `dir` of the repository, relative to it (folders with a trailing slash), without
 * node_modules.
 */
export function entriesUnder(dir: string): string[] {
  const base = path.join(ROOT, dir);
  const files = filesUnder(base, undefined, (name) => name === 'node_modules').map((file) =>
    path.relative(base, file).split(path.sep).join('/'),
  );
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
    ),
  );
  return [...folders, ...files];
}

/**
 * The paths a recipe or a README writes: code spans that are paths, and the path-like words of code spans that
 * are commands (`npx vitest run tests/x.test.ts`, `node scripts/y.mjs`), and relative link targets.
 */
export function pathsWritten(text: string): string[] {
  return [...backticked(text).flatMap((span) => span.split(/\s+/)), ...linkTargets(text)].filter((name) =>
    isPathLike(name),
  );
}

/** Whether a path of the repository exists; a glob or placeholder must match a file, a folder glob a folder. */
export function existsInProject(candidate: string, files: readonly string[]): boolean {
  if (!/[<*]/.test(candidate)) return fs.existsSync(path.join(ROOT, candidate));
  const glob = globToRegExp(candidate.replace(/\/$/, ''));
  return files.some((file) => {
    const parts = file.split('/');
    return parts.some((_, i) => glob.test(parts.slice(0, i + 1).join('/')));
  });
}
