/**
 * One source for the released version (issue 47): code and tests read it from src/lib/releasedVersion.mjs, which reads
 * versions.json, so cutting a docs version changes one file. This test fails when a source file types the number, and
 * checks the facts the module keeps beside versions.json against the contract and the reference spec.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  RELEASE_COMMIT,
  RELEASE_DATE,
  RELEASED_DOCS_DIR,
  RELEASED_FILE_PART,
  RELEASED_OPENAPI_FILE_NAME,
  RELEASED_PATCH,
  RELEASED_SCHEMA_DIR,
  RELEASED_SIDEBAR_FILE,
  RELEASED_VERSION,
} from '../../src/lib/releasedVersion.mjs';
import {versionProblem} from '../../scripts/cut-version.mjs';

const root = path.resolve(__dirname, '../..');
const MODULE = 'src/lib/releasedVersion.mjs';

/** Where code lives: every file here that ends in a code extension must not type the version. */
const CODE_DIRS = ['src', 'plugins', 'mcp', 'scripts', 'tests'];
const CODE_FILE = /\.(?:[cm]?[jt]sx?|d\.mts|css)$/;
/**
 * Code written by a generator (it names its source, which may carry the version in its path). Content is not code:
 * pages, fact records, fixtures and the contract are JSON, YAML, Markdown, MDX or TypeSpec, and describe that release.
 */
const GENERATED = [/^src\/lib\/yamlCheck\/generated\/.*\.mjs$/];

/** The lines of `text` that type `version` as a version number (not as part of a longer number). */
export function linesTyping(text: string, version: string): number[] {
  const pattern = new RegExp(`(?<![\\d.])${version.replaceAll('.', '\\.')}(?![\\d])`);
  return text.split('\n').flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

/** Source files that git tracks, or, outside a git checkout, every file under the code folders. */
function codeFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z', '--', ...CODE_DIRS, '*.ts', '*.mjs'], {cwd: root, encoding: 'utf8'})
      .split('\0')
      .filter(Boolean);
  } catch {
    files = CODE_DIRS.flatMap((dir) =>
      (fs.readdirSync(path.join(root, dir), {recursive: true}) as string[]).map((f) => path.join(dir, f)),
    );
  }
  return files
    .filter((f) => CODE_FILE.test(f) && !f.includes('node_modules/') && f !== MODULE)
    .filter((f) => !GENERATED.some((pattern) => pattern.test(f)))
    .filter((f) => fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile());
}

describe('the released version is typed in one place', () => {
  it('finds a typed version, and only a whole one (the check can fail)', () => {
    expect(linesTyping(`const a = 1;\nconst v = '${RELEASED_VERSION}';\n`, RELEASED_VERSION)).toEqual([2]);
    expect(linesTyping(`see ${RELEASED_VERSION}.1`, RELEASED_VERSION)).toEqual([1]);
    expect(linesTyping(`1${RELEASED_VERSION}2 and ${RELEASED_VERSION.replace('.', '_')}`, RELEASED_VERSION)).toEqual(
      [],
    );
  });

  it(`no source file outside ${MODULE} types ${RELEASED_VERSION}: they import it`, () => {
    const files = codeFiles();
    // The walk found the code: a broken walk must not pass by finding nothing.
    expect(files.length).toBeGreaterThan(200);
    const typed = files.flatMap((file) =>
      linesTyping(fs.readFileSync(path.join(root, file), 'utf8'), RELEASED_VERSION).map((line) => `${file}:${line}`),
    );
    expect(typed, `import the version from ${MODULE} instead`).toEqual([]);
  });
});

describe(`${MODULE} agrees with what it names`, () => {
  it('reads the released version from versions.json', () => {
    const versions = JSON.parse(fs.readFileSync(path.join(root, 'versions.json'), 'utf8')) as string[];
    expect(RELEASED_VERSION).toBe(versions[0]);
  });

  it('names folders and files that exist', () => {
    const cli = `src/lib/yamlCheck/generated/lightdash${RELEASED_FILE_PART}Cli.mjs`;
    const missing = [RELEASED_DOCS_DIR, RELEASED_SIDEBAR_FILE, RELEASED_SCHEMA_DIR, cli].filter(
      (file) => !fs.existsSync(path.join(root, file)),
    );
    expect(missing, 'missing for the released version: see README, "Cut a docs version"').toEqual([]);
  });

  it('keeps a patch release, date and commit of that version: after a version cut, update them', () => {
    expect(
      RELEASED_PATCH.startsWith(`${RELEASED_VERSION}.`),
      `${RELEASED_PATCH} is not a release of ${RELEASED_VERSION}`,
    ).toBe(true);
    expect(RELEASE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(RELEASE_COMMIT).toMatch(/^[0-9a-f]{40}$/);
    // The API contract describes the same patch (contract/main.tsp, the one place content gives it to the build).
    expect(fs.readFileSync(path.join(root, 'contract/main.tsp'), 'utf8')).toContain(`version: "${RELEASED_PATCH}"`);
  });

  it('names the OpenAPI spec that patch publishes (kept next to the repository, as the contract tests read it)', () => {
    const file = path.join(root, '../shared/reference', RELEASED_OPENAPI_FILE_NAME);
    expect(fs.existsSync(file), `${file} is missing: the spec the ${RELEASED_PATCH} server publishes`).toBe(true);
    const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as {info: {version: string}};
    expect(spec.info.version).toBe(RELEASED_PATCH);
  });
});

describe('npm run version:cut', () => {
  it('refuses what is not a new minor version, with the reason', () => {
    const versions = [RELEASED_VERSION];
    const [major, minor] = RELEASED_VERSION.split('.').map(Number);
    expect(versionProblem(undefined, versions)).toMatch(/^Give the version to cut/);
    expect(versionProblem('next', versions)).toMatch(/is not a Lightdash minor version/);
    expect(versionProblem(RELEASED_VERSION, versions)).toMatch(/is already a docs version/);
    expect(versionProblem(`${major}.${minor - 1}`, versions)).toMatch(/is not newer than the released/);
    expect(versionProblem(`${major}.${minor + 1}`, versions)).toBeNull();
  });
});
