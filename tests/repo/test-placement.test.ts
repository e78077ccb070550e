/**
 * A source file's test is found by its name (README "Run one test"): a test of tests/unit or tests/search is
 * named `<source name>[.<aspect>].test.ts`, where `<source name>` is the name, without its extension, of a file
 * or folder under src/, plugins/, scripts/ or mcp/ (or of a root file such as docusaurus.config.ts), and
 * `<aspect>` says which part of it is tested (`warehouse-sql.build.test.ts`: what the build makes of
 * plugins/warehouse-sql). A test that checks no one source is listed below with what it checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../support/build';
import {filesUnder} from '../support/files';

const SOURCE_ROOTS = ['src', 'plugins', 'scripts', 'mcp'];
const TEST_FOLDERS = ['tests/unit', 'tests/search'];

/** Tests named after what they check rather than one source, each with that. */
const NOT_NAMED_AFTER_A_SOURCE: Record<string, string> = {
  'tests/unit/budgets.test.ts': "the build's search index files against tests/budgets.json",
  'tests/unit/build-rules.test.ts': 'docusaurus.config.ts options and the production build (no test-only route)',
  'tests/unit/csp.test.ts':
    'the Content-Security-Policy that scripts/postbuild.mjs writes, as scripts/serve.mjs sends it',
  'tests/unit/diagrams.test.ts':
    'diagrams/ against the mermaid blocks: scripts/diagrams-lib.mjs, plugins/remark-diagrams',
  'tests/unit/edit-url.test.ts': "docusaurus.config.ts's editUrl",
  'tests/unit/front-doors.test.ts':
    "eslint.config.mjs's FRONT_DOORS rule: mcp/ and scripts/ import only each feature's entry file, and no code patches globalThis.fetch or location",
  'tests/unit/product-links.test.ts': 'tests/fixtures/product-links.yaml in the production build',
  'tests/search/corpus-split.test.ts': 'the split of the question corpus into a tuning and a held-out half',
  'tests/search/held-out.test.ts': 'search relevance on the held-out half of the corpus',
  'tests/search/prefixes.test.ts': 'suggestions for typed prefixes, through src/search/engine.ts',
  'tests/search/real-questions.test.ts': "search relevance on readers' questions",
  'tests/search/relevance.test.ts': 'search relevance on tests/search/questions.yaml',
  'tests/search/scoring.test.ts': 'the scoring rules of tests/search/relevance.ts',
  'tests/search/scripting.test.ts': "src/search/ranking.ts's section weights for scripting questions, on the build",
};

/** Names a test may be named after: each file's name without its extensions, and each folder's name. */
const sourceNames = new Set<string>(
  [
    ...SOURCE_ROOTS.flatMap((root) =>
      filesUnder(path.join(ROOT, root), undefined, (name) => name === 'node_modules').flatMap((file) => {
        const rel = path.relative(path.join(ROOT, root), file).split(path.sep);
        return [...rel.slice(0, -1), rel[rel.length - 1].replace(/(\.d)?\.[^.]+$/, '')];
      }),
    ),
    ...fs
      .readdirSync(ROOT)
      .filter((name) => /\.(ts|mts|mjs)$/.test(name))
      .map((name) => name.replace(/\.[^.]+$/, '')),
  ].filter(Boolean),
);
const tests = TEST_FOLDERS.flatMap((folder) =>
  filesUnder(path.join(ROOT, folder), (name) => name.endsWith('.test.ts')).map((file) => path.relative(ROOT, file)),
);
const subjectOf = (test: string) => path.basename(test, '.test.ts').split('.')[0];

describe('where tests are', () => {
  it('finds the tests and the sources', () => {
    expect(tests.length).toBeGreaterThan(40);
    expect(sourceNames).toContain('ranking');
  });

  it.each(tests)('%s is named after its source, or listed with what it checks', (test) => {
    const named = sourceNames.has(subjectOf(test));
    if (test in NOT_NAMED_AFTER_A_SOURCE) {
      expect(named, `${test} is named after a source now: take it out of NOT_NAMED_AFTER_A_SOURCE`).toBe(false);
    } else {
      expect(
        named,
        `${test}: no file or folder under ${SOURCE_ROOTS.join('/, ')}/ is called "${subjectOf(test)}" ` +
          '(rename the test after its source, or list it in tests/repo/test-placement.test.ts with what it checks)',
      ).toBe(true);
    }
  });

  it('lists only tests that exist', () => {
    expect(Object.keys(NOT_NAMED_AFTER_A_SOURCE).filter((test) => !tests.includes(test))).toEqual([]);
  });
});
