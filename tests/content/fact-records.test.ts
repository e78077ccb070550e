import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  evidenceProblems,
  expandLegend,
  LATER_MARKER,
  legendOf,
  loadSpecNames,
  parseSources,
  SPEC_SOURCE as SPEC,
  specFile,
} from './fact-sources';
import {listMdx} from '../support/mdx';
import {filesUnder} from '../support/files';
import {RELEASED_DOCS_DIR, RELEASED_PATCH, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

// Every released page carries a fact record (docs-facts/<page>.md) saying which version-specific
// claims were checked against which source of the released version's era, so the next writer can re-check them.
const root = path.resolve(__dirname, '../..');
const releasedDir = path.join(root, RELEASED_DOCS_DIR);
const recordsDir = path.join(root, 'docs-facts');
/**
 * Rows per record that predate the source rule and still cite no dated source (issue 35's truth pass
 * works them off): record id → count. Counts only go down; see the two tests that read it.
 */
const UNSOURCED_FILE = path.join(__dirname, 'fact-rows-to-source.json');

export const RECORD_HEADER = '| claim | evidence | result |';
const HEADER_CELLS = ['claim', 'evidence', 'result'];
const SEPARATOR = /^\|\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|$/;

/** Page ids (path under the version folder, without extension) of the released pages. */
export function releasedPageIds(dir: string = releasedDir): string[] {
  return listMdx(dir).map((file) => path.relative(dir, file).replace(/\.mdx?$/, ''));
}

const listRecordFiles = (dir: string) => filesUnder(dir, (name) => name.endsWith('.md'));

/** Page ids that have a record in the records folder. */
export function recordIds(dir: string = recordsDir): string[] {
  return listRecordFiles(dir).map((file) => path.relative(dir, file).replace(/\.md$/, ''));
}

/** Cells of one Markdown table row, without the outer pipes; escaped pipes (`\|`) stay inside a cell. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The body rows of a record's claim table, each as its cells (empty when there is no such table). */
export function recordRows(text: string): string[][] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line).join() === HEADER_CELLS.join());
  if (start < 0 || !SEPARATOR.test(lines[start + 1] ?? '')) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

/** What is wrong with one record's text (empty when it is well formed). */
export function recordProblems(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  // A merged branch's conflict left in a record ends its table early: the rows after the marker were not read.
  const marker = lines.findIndex((line) => /^(<{7}|={7}|>{7})( |$)/.test(line));
  if (marker >= 0) return [`a merge conflict marker on line ${marker + 1}`];
  // Prettier pads the columns, so the header is matched cell by cell.
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line).join() === HEADER_CELLS.join());
  if (start < 0) return [`no table with the header "${RECORD_HEADER}"`];
  if (!SEPARATOR.test(lines[start + 1] ?? '')) return ['the header is not followed by a "| --- | --- | --- |" line'];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  if (rows.length === 0) return ['the table has no rows'];
  return rows.flatMap((row, i) => {
    const c = cells(row);
    if (c.length !== 3 || c.some((cell) => cell === '')) return [`row ${i + 1} does not have three filled cells`];
    return [];
  });
}

describe('fact records (docs-facts/)', () => {
  const pages = releasedPageIds();
  const records = new Set(recordIds());

  it('finds the released pages', () => {
    expect(pages.length).toBeGreaterThan(100);
  });

  it('every released page has a record', () => {
    // Lists every page still without a record, so a partial merge shows what is left.
    const missing = pages.filter((id) => !records.has(id)).sort();
    expect(missing, `released pages without docs-facts/<page>.md:\n${missing.join('\n')}`).toEqual([]);
  });

  it('no record exists for a page that does not exist', () => {
    const pageSet = new Set(pages);
    const orphans = [...records].filter((id) => !pageSet.has(id)).sort();
    expect(orphans, `records without a released page:\n${orphans.join('\n')}`).toEqual([]);
  });

  it('every record has the exact table header and at least one complete row', () => {
    const problems = [...records].sort().flatMap((id) => {
      const text = fs.readFileSync(path.join(recordsDir, `${id}.md`), 'utf8');
      return recordProblems(text).map((p) => `${id}: ${p}`);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('fact record sources (docs-facts/index.md, "How a row names its source")', () => {
  const spec = loadSpecNames(specFile);
  const rows = recordIds()
    .sort()
    .flatMap((id) => {
      const text = fs.readFileSync(path.join(recordsDir, `${id}.md`), 'utf8');
      const found = recordRows(text);
      const legend = legendOf(text);
      return found.map((row, i) => ({id, n: i + 1, row, legend, onlyRow: found.length === 1}));
    });

  const failingByRecord = new Map<string, string[]>();
  for (const {id, n, row, legend, onlyRow} of rows) {
    const evidence = row.length === 3 ? expandLegend(row[1], legend) : '';
    const problems = row.length === 3 ? evidenceProblems(row[0], evidence, spec, onlyRow) : [];
    if (problems.length === 0) continue;
    const list = failingByRecord.get(id) ?? [];
    list.push(`${id} row ${n} (${row[0].slice(0, 60)}): ${problems.join('; ')}`);
    failingByRecord.set(id, list);
  }
  const allowance = JSON.parse(fs.readFileSync(UNSOURCED_FILE, 'utf8')) as Record<string, number>;

  it('every row names a dated source outside our own pages, and marks evidence dated after the release', () => {
    // Rows written before the rule (issue 35) are counted per record in UNSOURCED_FILE: a record may
    // not gain an unsourced row, and every other record must have none. Lists the rows over the count.
    const over = [...failingByRecord].flatMap(([id, failing]) =>
      failing.length > (allowance[id] ?? 0) ? [`${id}: ${failing.length} > ${allowance[id] ?? 0}`, ...failing] : [],
    );
    const total = [...failingByRecord.values()].reduce((sum, list) => sum + list.length, 0);
    const summary = `${rows.length - total} of ${rows.length} rows pass, ${total} still to source`;
    expect(over, `${summary}\n${over.join('\n')}`).toEqual([]);
  });

  it('the count of rows still to source only goes down (lower it when a record is sourced)', () => {
    const stale = Object.entries(allowance).flatMap(([id, allowed]) => {
      const now = failingByRecord.get(id)?.length ?? 0;
      return now < allowed ? [`${id}: ${now} rows still to source, the file says ${allowed}`] : [];
    });
    expect(stale, `update ${path.relative(root, UNSOURCED_FILE)}:\n${stale.join('\n')}`).toEqual([]);
  });
});

describe('evidenceProblems', () => {
  const spec = {operationIds: new Set(['getCustomMetrics']), schemas: new Set(['FilterRule'])};
  const check = (evidence: string, claim = 'a claim', onlyRow = false) =>
    evidenceProblems(claim, evidence, spec, onlyRow);

  it('accepts a file at a dated commit, a dated pull request and a spec operation or schema', () => {
    expect(check('lightdash/lightdash@0a12762:packages/common/src/utils/filters.ts (2024-11-02)')).toEqual([]);
    expect(check('lightdash-docs@6b77312:docs/references/filters.mdx')).toEqual([]);
    expect(check('lightdash/lightdash#12001 (2024-10-20) adds it')).toEqual([]);
    expect(check(`${SPEC} operationId \`getCustomMetrics\`; ${SPEC} schema FilterRule`)).toEqual([]);
  });

  it('rejects a row without a source, an undated commit and a pull request without its date', () => {
    expect(check('old docs references/filters')).toHaveLength(1);
    expect(check('lightdash/lightdash@0a12762:packages/common/src/utils/filters.ts')).toHaveLength(1);
    expect(check('lightdash/lightdash#12001')).toHaveLength(1);
  });

  it('rejects our own pages as evidence, next to a real source too', () => {
    expect(check('lightdash-docs@6b77312:docs/references/roles.mdx; versioned_docs references/roles.mdx')).toHaveLength(
      1,
    );
    expect(check('static/schemas/lightdash-dbt.json')).toHaveLength(2);
    expect(check('lightdash-docs@6b77312:docs/a.mdx and docs/references/roles.mdx')).toHaveLength(1);
  });

  it('rejects a spec name the released spec does not have', () => {
    expect(check(`${SPEC} operationId listTokens`)).toEqual([
      `the ${RELEASED_PATCH} spec has no operationId listTokens`,
    ]);
  });

  it('rejects a source dated after the release unless the row says why it still holds', () => {
    const later = 'lightdash/lightdash#13757 (2025-02-05)';
    expect(check(later)).toHaveLength(1);
    expect(check(`${later}; ${LATER_MARKER}`)).toHaveLength(1);
    expect(check(`${later}; ${LATER_MARKER} it added the operator, so ${RELEASED_VERSION} lacked it`)).toEqual([]);
  });

  it('lets a record whose only row says there is no version-specific claim go without a source', () => {
    expect(check('page scanned', 'no version-specific claim: links only', true)).toEqual([]);
    expect(check('page scanned', 'no version-specific claim: links only', false)).toHaveLength(1);
  });

  it('accepts an operationId with spaces between backticks', () => {
    const withSpaces = {operationIds: new Set(['Rotate personal access token']), schemas: new Set<string>()};
    expect(evidenceProblems('c', `${SPEC} operationId \`Rotate personal access token\``, withSpaces, false)).toEqual(
      [],
    );
  });

  it('expands a source named once above the table', () => {
    const legend = legendOf(
      'EC = lightdash/lightdash@0a12762:packages/common/src/compiler/exploreCompiler.ts (2024-11-02)\n',
    );
    expect(check(expandLegend('EC `compileJoin`', legend))).toEqual([]);
    expect(check(expandLegend('ECX', legend))).toHaveLength(1);
  });

  it('reads the dates of commits it knows', () => {
    expect(parseSources('lightdash/helm-charts@2713c2a:charts/lightdash/values.yaml')).toEqual([
      {
        kind: 'file',
        repo: 'lightdash/helm-charts',
        commit: '2713c2a',
        path: 'charts/lightdash/values.yaml',
        date: '2024-09-26',
      },
    ]);
  });
});

describe('recordProblems', () => {
  const good = `# x (${RELEASED_VERSION})\n\n${RECORD_HEADER}\n| --- | --- | --- |\n| a | b | true |\n`;

  it('accepts a well-formed record', () => {
    expect(recordProblems(good)).toEqual([]);
  });

  it('rejects a record with another header, no rows or an incomplete row', () => {
    expect(recordProblems(good.replace('| claim |', '| Claim |'))).toHaveLength(1);
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n\ntext`)).toEqual(['the table has no rows']);
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n| a | | true |`)).toHaveLength(1);
  });

  it('rejects a record with a merge conflict left in it', () => {
    const conflicted = `${good}<<<<<<< HEAD\n| c | d | true |\n=======\n| e | f | true |\n>>>>>>> w8e\n`;
    expect(recordProblems(conflicted)).toEqual([`a merge conflict marker on line ${good.split('\n').length}`]);
  });

  it('accepts the header and separator padded as prettier writes them', () => {
    const padded = `| claim | evidence     | result |\n| ----- | ------------ | ------ |\n| a     | long source  | true   |\n`;
    expect(recordProblems(padded)).toEqual([]);
  });

  it('keeps an escaped pipe inside a cell', () => {
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n| \`a \\| b\` | src | true |`)).toEqual([]);
  });
});
