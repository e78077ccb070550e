// What the production build makes of the SQL variants (issue 39): search indexes a group once, as its default
// warehouse's variant, and the page's Markdown keeps every variant under its label.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR, requireBuild} from '../support/build';

const PAGE = 'guides/table-calculations/table-calculation-sql-templates/percent-of-total-column';
// The Trino variant casts to DOUBLE; the default (BigQuery) variant divides directly, and no other does both.
const TRINO_ONLY = 'AS DOUBLE)';
const IN_DEFAULT = '${table.metric} / NULLIF(SUM(${table.metric}) OVER (), 0)';

let indexed: string[];
beforeAll(() => {
  requireBuild('search-index.json');
  const index = JSON.parse(readFileSync(path.join(BUILD_DIR, 'search-index.json'), 'utf8')) as {
    documents: {t?: string; u: string}[];
  }[];
  indexed = index.flatMap((part) => part.documents.filter((d) => d.u.includes(PAGE)).map((d) => d.t ?? ''));
});

describe('SQL variants in the build', () => {
  it('are indexed once: the default variant, not the others, nor the selector’s warehouse names', () => {
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.some((t) => t.includes(IN_DEFAULT))).toBe(true);
    expect(indexed.some((t) => t.includes(TRINO_ONLY))).toBe(false);
    expect(indexed.some((t) => /Snowflake\s*PostgreSQL\s*Databricks/.test(t))).toBe(false);
  });

  it('all reach the page’s Markdown, each under its label', () => {
    const markdown = readFileSync(path.join(BUILD_DIR, `${PAGE}.md`), 'utf8');
    expect(markdown).toContain(TRINO_ONLY);
    expect(markdown).toMatch(/\*\*SQL for Trino:\*\*\n\n```sql warehouses="trino"/);
    expect(markdown.match(/^\*\*SQL for [^*]+:\*\*$/gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
