import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sqlItems} from '../../plugins/warehouse-sql/blocks';
import {WAREHOUSE_IDS} from '../../plugins/warehouse-sql/warehouses';
import {GRAMMAR_GAPS, parseProblem, usedGaps} from '../sqlDialects';
import {ROOT} from '../support/build';
import {docsFiles, parseMdx} from '../support/mdx';

// Every ```sql block of both docs versions, checked by a parser of each warehouse it claims to run on (issue 39).
const pages = docsFiles().map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  return {file: path.relative(ROOT, file), text, items: sqlItems(parseMdx(text))};
});
const withSql = pages.filter((p) => p.items.length > 0);

/** Prose naming a warehouse as the place where an example is written differently: the variant's job now. */
const ON_WAREHOUSE =
  /\b(?:[Oo]n|[Ii]n) (?:BigQuery|Snowflake|Postgres(?:QL)?|Databricks|Redshift|Trino)(?:(?:,| and| or) (?:BigQuery|Snowflake|Postgres(?:QL)?|Databricks|Redshift|Trino))*\b/;

describe('SQL examples in the reader’s warehouse dialect', () => {
  it('finds the SQL blocks of both docs versions', () => {
    expect(withSql.length).toBeGreaterThanOrEqual(40);
  });

  for (const page of withSql) {
    describe(page.file, () => {
      page.items.forEach(({item}, n) => {
        const line =
          item.kind === 'group' ? item.variants[0].node.position?.start.line : item.node.position?.start.line;
        const label = `block ${n + 1} (line ${line})`;
        if (item.kind === 'group') {
          it(`${label}: one variant per warehouse, each parsing in its dialects`, () => {
            expect(item.problem).toBeNull();
            const problems = item.variants.flatMap((v) =>
              v.warehouses.map((w) => [w, parseProblem(v.node.value, w)] as const).filter(([, p]) => p),
            );
            expect(problems).toEqual([]);
          });
        } else if (item.role.kind === 'invalid') {
          it(`${label}: has a meta the site understands`, () => {
            expect.fail(item.role.kind === 'invalid' ? item.role.message : '');
          });
        } else if (item.role.kind === 'dialect') {
          const dialect = item.role.dialect;
          it(`${label}: parses as ${dialect}`, () => {
            expect(parseProblem(item.node.value, dialect)).toBeNull();
          });
        } else {
          it(`${label}: runs on every warehouse, so parses in every dialect (else write variants)`, () => {
            const problems = WAREHOUSE_IDS.map((w) => [w, parseProblem(item.node.value, w)]).filter(([, p]) => p);
            expect(problems).toEqual([]);
          });
        }
      });

      it('leaves no "on <warehouse> …" advice beside its warehouse SQL (the variants say it)', () => {
        const warehouseSql = page.items.some(
          ({item}) => item.kind === 'group' || (item.kind === 'single' && item.role.kind === 'any'),
        );
        if (!warehouseSql) return;
        const prose = page.text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '').replace(/`[^`\n]*`/g, '');
        const found = prose.split('\n').filter((l) => ON_WAREHOUSE.test(l));
        expect(found).toEqual([]);
      });
    });
  }

  // After every block above (vitest runs a file's tests in order).
  it('needs every grammar gap it lists (a stale exception would hide nothing, and should go)', () => {
    expect(GRAMMAR_GAPS.filter((gap) => !usedGaps.has(gap)).map((gap) => gap.statement.source)).toEqual([]);
  });
});
