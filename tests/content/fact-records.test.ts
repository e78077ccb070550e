import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listMdx} from './mdx';

// Every released page carries a fact record (docs-facts/<page>.md) saying which version-specific
// claims were checked against which 0.1410-era source, so the next writer can re-check them.
const root = path.resolve(__dirname, '../..');
const releasedDir = path.join(root, 'versioned_docs/version-0.1410');
const recordsDir = path.join(root, 'docs-facts');

export const RECORD_HEADER = '| claim | evidence | result |';
const HEADER_CELLS = ['claim', 'evidence', 'result'];
const SEPARATOR = /^\|\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|$/;

/** Page ids (path under the version folder, without extension) of the released pages. */
export function releasedPageIds(dir: string = releasedDir): string[] {
  return listMdx(dir).map((file) => path.relative(dir, file).replace(/\.mdx?$/, ''));
}

function listRecordFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listRecordFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

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

/** What is wrong with one record's text (empty when it is well formed). */
export function recordProblems(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
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

describe('recordProblems', () => {
  const good = `# x (0.1410)\n\n${RECORD_HEADER}\n| --- | --- | --- |\n| a | b | true |\n`;

  it('accepts a well-formed record', () => {
    expect(recordProblems(good)).toEqual([]);
  });

  it('rejects a record with another header, no rows or an incomplete row', () => {
    expect(recordProblems(good.replace('| claim |', '| Claim |'))).toHaveLength(1);
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n\ntext`)).toEqual(['the table has no rows']);
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n| a | | true |`)).toHaveLength(1);
  });

  it('accepts the header and separator padded as prettier writes them', () => {
    const padded = `| claim | evidence     | result |\n| ----- | ------------ | ------ |\n| a     | long source  | true   |\n`;
    expect(recordProblems(padded)).toEqual([]);
  });

  it('keeps an escaped pipe inside a cell', () => {
    expect(recordProblems(`${RECORD_HEADER}\n| --- | --- | --- |\n| \`a \\| b\` | src | true |`)).toEqual([]);
  });
});
