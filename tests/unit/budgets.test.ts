import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {budgetFor, budgetProblem, budgets, STALE_HEADROOM} from '../budgets';
import {BUILD_DIR, requireBuild} from '../support/build';

const build = BUILD_DIR;

describe('budgetFor', () => {
  it.each([
    [18887, 19900],
    [256424, 270000],
    [4933103, 5180000],
    [100, 105],
  ])('%i B → %i B: about 5 % above, three significant digits', (figure, budget) => {
    expect(budgetFor(figure)).toBe(budget);
  });
});

describe('budgetProblem', () => {
  it('passes a figure within its budget', () => {
    expect(budgetProblem('a.b', 1000, 1050)).toBeNull();
    expect(budgetProblem('a.b', 1050, 1050)).toBeNull();
  });
  it('names the figure, the budget and the new budget when over', () => {
    expect(budgetProblem('firstLoad.home.jsGzip', 1100, 1050)).toBe(
      'firstLoad.home.jsGzip: 1100 B is 4.8 % over its budget of 1050 B. Make it smaller, or if the growth is wanted, set firstLoad.home.jsGzip to 1160 in tests/budgets.json.',
    );
  });
  it('asks for a lower budget when the figure has dropped well under it, and for one when there is none', () => {
    expect(budgetProblem('a.b', 1000, Math.ceil(1000 * STALE_HEADROOM) + 1)).toMatch(
      /Record the gain: set a.b to 1050/,
    );
    expect(budgetProblem('a.b', 1000, undefined)).toMatch(/has no budget; set a.b to 1050/);
  });
});

// npm test builds the production site before vitest runs (scripts/test-all.mjs).
describe('search index budgets of the production build', () => {
  requireBuild();
  const searchIndexes = ['', 'next']
    .flatMap((dir) => fs.readdirSync(path.join(build, dir)).map((name) => path.posix.join(dir, name)))
    .filter((file) => /(^|\/)search-index[^/]*\.json$/.test(file));
  const budgeted: Record<string, {raw: number; gzip: number}> = budgets.searchIndex;

  it('has a budget for each search index file and a file for each budget', () => {
    expect(searchIndexes.length).toBeGreaterThan(1);
    expect(Object.keys(budgeted).sort()).toEqual([...searchIndexes].sort());
  });

  it.each(searchIndexes)('%s: raw and gzip size within budget', (file) => {
    const bytes = fs.readFileSync(path.join(build, file));
    const gzip = zlib.gzipSync(bytes, {level: 9}).length;
    const problems = [
      budgetProblem(`searchIndex["${file}"].raw`, bytes.length, budgeted[file]?.raw),
      budgetProblem(`searchIndex["${file}"].gzip`, gzip, budgeted[file]?.gzip),
    ].filter(Boolean);
    expect(problems).toEqual([]);
  });

  // The search box answers from a first stage (src/search/indexStages.ts) before the whole index has
  // loaded: what a cold page fetches before its first suggestions. Issue 19 caps it at 450 KB gzip.
  const FIRST_STAGE_MAX_GZIP = 450_000;
  const wholeIndexes = searchIndexes.filter((file) => !file.endsWith('.stage1.json'));

  it.each(wholeIndexes)('%s: has a first stage of at most 450 KB gzip', (file) => {
    const stage = file.replace(/\.json$/, '.stage1.json');
    expect(searchIndexes).toContain(stage);
    const gzip = zlib.gzipSync(fs.readFileSync(path.join(build, stage)), {level: 9}).length;
    expect(gzip).toBeLessThanOrEqual(FIRST_STAGE_MAX_GZIP);
  });
});
