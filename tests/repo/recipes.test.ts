/**
 * The recipes of the READMEs ("Add a page", "Add an API operation", …, mcp/README.md's "Add a tool"): each file a
 * recipe names exists, and a recipe names every file a change of its kind must touch. "Add an API operation" once
 * left out tests/contract/calls.json, so a newcomer who followed it failed the contract tests (issue 47).
 *
 * What a change must touch comes from the code: each entry below says which test or module makes it necessary,
 * and is itself checked (that file still reads the list), so an entry cannot outlive its reason. Two lists are
 * found by scanning instead: the files that list every MCP tool, and the source files that write the released
 * version as a literal.
 *
 * "Add an API operation" was followed once on a scratch copy (2026-11-28): contract/ copied under
 * node_modules/.cache, a GET operation added to routes/comments.tsp as step 1 says, compiled (`tsp compile`, 10.5 s
 * here, 147 operations), and the contract tests run on the result. calls.test.ts failed (calls.json), and so did
 * client-names.test.ts (146 operationIds) and fidelity.test.ts (an operation the real spec lacks, which
 * deviations.yaml cannot excuse, and the fidelity floor): the files named below. It is not repeated on every run:
 * the compile would add seconds of CPU to `npm test` to show what those tests decide by comparing operation sets.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import versions from '../../versions.json';
import {ROOT} from '../support/build';
import {filesUnder} from '../support/files';
import {existsInProject, globToRegExp, pathsWritten, projectFiles, read, section, tableRows} from './readmes';

interface MustName {
  /** The file, as the recipe writes it (placeholders allowed). */
  readonly file: string;
  /** Why: a file of the repository that holds `contains`, the code that makes the step necessary. */
  readonly because: {readonly in: string; readonly contains: string};
}

interface Recipe {
  readonly readme: string;
  readonly heading: string;
  readonly mustName: readonly MustName[];
}

const RELEASED_DIR = `versioned_docs/version-${versions[0]}`;

const RECIPES: readonly Recipe[] = [
  {
    readme: 'README.md',
    heading: 'Add a page',
    mustName: [
      {file: 'src/informationArchitecture.ts', because: {in: 'sidebars.ts', contains: 'informationArchitecture'}},
      {file: 'scripts/sync-released-docs.mjs', because: {in: 'scripts/sync-released-docs.mjs', contains: 'versions'}},
      {file: 'docs-facts/<page>.md', because: {in: 'tests/content/fact-records.test.ts', contains: 'docs-facts'}},
      {
        file: 'tests/content/fact-records.test.ts',
        because: {in: 'tests/content/fact-records.test.ts', contains: 'recordIds'},
      },
    ],
  },
  {
    readme: 'README.md',
    heading: 'Add an API operation',
    mustName: [
      {file: 'contract/routes/<tag>.tsp', because: {in: 'contract/main.tsp', contains: './routes/'}},
      {file: 'contract/main.tsp', because: {in: 'scripts/build-contract.mjs', contains: "'main.tsp'"}},
      {file: 'tests/contract/calls.json', because: {in: 'tests/contract/calls.test.ts', contains: "'calls.json'"}},
      {
        file: 'tests/contract/security.test.ts',
        because: {in: 'tests/contract/security.test.ts', contains: 'SESSION_ONLY'},
      },
      {
        file: 'tests/contract/deviations.yaml',
        because: {in: 'tests/contract/fidelity.test.ts', contains: 'deviations.yaml'},
      },
      {
        file: 'tests/contract/client-names.test.ts',
        because: {in: 'tests/contract/client-names.test.ts', contains: 'toEqual(operationNames(theirs))'},
      },
    ],
  },
  {
    readme: 'README.md',
    heading: 'Add a search vocabulary entry',
    mustName: [
      {
        file: 'src/search/vocabulary.ts',
        because: {in: 'src/search/vocabulary.ts', contains: 'export const VOCABULARY'},
      },
      {
        file: 'tests/search/vocabulary.test.ts',
        because: {in: 'tests/search/vocabulary.test.ts', contains: 'VOCABULARY'},
      },
    ],
  },
  {
    readme: 'README.md',
    heading: 'Add a SQL variant',
    mustName: [
      {
        file: 'tests/content/sql-dialects.test.ts',
        because: {in: 'tests/content/sql-dialects.test.ts', contains: 'sqlItems'},
      },
      {
        file: 'plugins/warehouse-sql/README.md',
        because: {in: 'plugins/warehouse-sql/remark.ts', contains: 'warehouses'},
      },
    ],
  },
  {
    readme: 'README.md',
    heading: 'Cut a docs version',
    mustName: [
      {file: 'versions.json', because: {in: 'docusaurus.config.ts', contains: 'versions'}},
      {file: 'scripts/sync-released-docs.mjs', because: {in: 'scripts/sync-released-docs.mjs', contains: 'versions'}},
      {file: 'tests/fixtures/routes.md', because: {in: 'tests/routes.ts', contains: 'routes.md'}},
    ],
  },
  {
    readme: 'mcp/README.md',
    heading: 'Add a tool',
    mustName: [
      {file: 'lib/server.mjs', because: {in: 'mcp/lib/server.mjs', contains: 'export function registerDocsTools'}},
      {file: 'lib/limits.mjs', because: {in: 'mcp/lib/server.mjs', contains: "from './limits.mjs'"}},
      {
        file: 'tests/mcp/lists-in-docs.test.ts',
        because: {in: 'tests/mcp/lists-in-docs.test.ts', contains: 'listTools'},
      },
      {file: 'tests/mcp/discovery.test.ts', because: {in: 'tests/mcp/discovery.test.ts', contains: 'liveTools'}},
    ],
  },
];

/** Files that list every tool but need no change for a new one, with why. */
const TOOL_LISTS_THAT_NEED_NO_CHANGE: Record<string, string> = {
  'tests/mcp/http.test.ts': 'expects the tools over HTTP to contain these (arrayContaining), and to equal stdio’s',
};

/** Project files outside mcp/lib (the tools' own code) and the history that name every MCP tool. */
function filesListingEveryTool(): string[] {
  const tools = tableRows(read('mcp/README.md'), /^tool$/).map(([name]) => name.replace(/`/g, ''));
  expect(tools.length, 'the Tools table of mcp/README.md').toBeGreaterThan(5);
  const candidates = ['README.md', 'mcp/README.md', 'docs', RELEASED_DIR, 'tests', 'src', 'plugins', 'scripts'];
  return candidates
    .flatMap((entry) => {
      const full = path.join(ROOT, entry);
      return fs.statSync(full).isDirectory() ? filesUnder(full, (name) => /\.(mdx?|ts|mjs|json)$/.test(name)) : [full];
    })
    .filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return tools.every((tool) => text.includes(tool));
    })
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
}

/** Source files (not content, not tests) that write the released version as a constant's literal value. */
function literalReleasedVersions(): string[] {
  const released = versions[0].replace(/\./g, '\\.');
  const literal = new RegExp(`RELEASED_VERSION\\s*=\\s*['"\`]${released}['"\`]`);
  return ['src', 'plugins', 'scripts', 'mcp']
    .flatMap((dir) =>
      filesUnder(
        path.join(ROOT, dir),
        (name) => /\.(ts|tsx|mjs)$/.test(name),
        (n) => n === 'node_modules',
      ),
    )
    .filter((file) => literal.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
}

describe.each(RECIPES)('$readme: $heading', ({readme, heading, mustName}) => {
  const text = section(read(readme), heading);
  const folder = path.posix.dirname(readme) === '.' ? '' : `${path.posix.dirname(readme)}/`;
  /** The paths the recipe names, each as it is written and as a path of the repository. */
  const named = pathsWritten(text ?? '')
    .filter((name) => !name.startsWith('build/') && !name.startsWith('generated/'))
    .map((name) => ({written: name, paths: folder ? [`${folder}${name}`, name] : [name]}));
  const topLevel = new Set(projectFiles.map((file) => file.split('/')[0]));
  const baseNames = new Set(projectFiles.map((file) => path.posix.basename(file)));
  /** A path from the root or the README's folder exists; a bare file name is some file's name. */
  const exists = ({written, paths}: {written: string; paths: string[]}) =>
    written.includes('/')
      ? paths.every((p) => !topLevel.has(p.split('/')[0])) ||
        paths.some((p) => topLevel.has(p.split('/')[0]) && existsInProject(p, projectFiles))
      : baseNames.has(written) || [...baseNames].some((b) => globToRegExp(written).test(b));

  it('is in the README', () => {
    expect(text, `${readme} has no "## ${heading}"`).toBeDefined();
  });

  it('names only files that exist', () => {
    const missing = named.filter((name) => !exists(name)).map(({written}) => written);
    expect(missing, `${readme} "${heading}" names files that do not exist: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(mustName.map((m) => [m.file, m] as const))('names %s, which the code makes necessary', (file, {because}) => {
    expect(read(because.in), `${because.in} no longer holds "${because.contains}": is ${file} still needed?`).toContain(
      because.contains,
    );
    expect(
      named.some(({written}) => written === file),
      `${readme} "${heading}" does not name ${file}`,
    ).toBe(true);
  });

  if (heading === 'Add a tool') {
    it('names every file that lists every tool (the lists a new tool joins)', () => {
      const lists = filesListingEveryTool().filter((file) => !(file in TOOL_LISTS_THAT_NEED_NO_CHANGE));
      expect(lists.length).toBeGreaterThan(3);
      const unnamed = lists.filter(
        (file) =>
          // `<version>` is the released version; any other placeholder names no list in particular.
          !named.some(({paths}) => paths.some((p) => p.replace('<version>', versions[0]) === file)) &&
          !(file === readme && /\bTools\b/.test(text ?? '')),
      );
      expect(unnamed, `"Add a tool" does not name: ${unnamed.join(', ')}`).toEqual([]);
    });
  }

  if (heading === 'Cut a docs version') {
    it('names every source file that writes the released version as a literal', () => {
      const files = literalReleasedVersions();
      const unnamed = files.filter((file) => !named.some(({written}) => written === file));
      expect(unnamed, `"Cut a docs version" does not name: ${unnamed.join(', ')}`).toEqual([]);
    });
  }
});
