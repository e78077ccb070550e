import nodeSqlParser from 'node-sql-parser';
import type {WarehouseId} from '../plugins/warehouse-sql/warehouses';

/**
 * How the SQL examples are checked (issue 39): each warehouse's variant goes through a kept parser of that
 * warehouse's dialect (node-sql-parser). Databricks SQL has no grammar there; Spark SQL, which Databricks SQL
 * extends, grew out of HiveQL, so the Hive grammar stands in: it catches broken syntax and the functions Spark
 * shares with Hive, not Databricks-only functions (the Databricks variants keep to functions Spark SQL documents).
 */
export const PARSER_DIALECT: Readonly<Record<WarehouseId, string>> = {
  bigquery: 'bigquery',
  snowflake: 'snowflake',
  postgres: 'postgresql',
  databricks: 'hive',
  redshift: 'redshift',
  trino: 'trino',
};

const parser = new nodeSqlParser.Parser();

/**
 * Lightdash's references, replaced by what a warehouse would receive in their place: `${TABLE}` by the model's
 * alias, `${table.field}` and `${field}` by a column, user attributes by a string.
 */
export function substituteReferences(sql: string): string {
  return sql
    .replace(/\$\{\s*TABLE\s*\}/g, 't')
    .replace(/\$\{\s*(?:lightdash|ld)\.attr(?:ibute)?s?\.[\w.]+\s*\}/g, "'attribute_value'")
    .replace(/\$\{\s*(\w+)\.(\w+)\s*\}/g, 'ref_$1__$2')
    .replace(/\$\{\s*(\w+)\s*\}/g, 'ref_$1');
}

/** True when the text is one or more whole statements; otherwise it is an expression (a table calculation, a custom SQL field). */
export function isStatement(sql: string): boolean {
  const code = sql.replace(/--[^\n]*\n|\/\*[\s\S]*?\*\//g, '').trimStart();
  return /^(select|with|create|alter|grant|insert|update|delete|drop|show|set|explain)\b/i.test(code);
}

/**
 * Statements a grammar does not cover although the warehouse accepts them, so they are left out of the parse (the
 * rest of the block is still parsed). Each names the warehouse documentation that defines the statement; the test
 * fails on an entry no block needs any more.
 */
export const GRAMMAR_GAPS: readonly {warehouse: WarehouseId; statement: RegExp; documented: string}[] = [
  {
    warehouse: 'postgres',
    statement: /^CREATE\s+(?:USER|ROLE)\b/i,
    documented: 'https://www.postgresql.org/docs/current/sql-createuser.html',
  },
  {
    warehouse: 'postgres',
    statement: /^CREATE\s+DATABASE\s+\w+\s+OWNER\s+\w+$/i,
    documented: 'https://www.postgresql.org/docs/current/sql-createdatabase.html',
  },
  // Per-user query time limits (connect-project#query-timeouts): the parser knows no ALTER ROLE/USER … SET.
  {
    warehouse: 'postgres',
    statement: /^ALTER\s+ROLE\s+\w+\s+SET\s+statement_timeout\s*=\s*'\d+(?:ms|s|min|h)?'$/i,
    documented: 'https://www.postgresql.org/docs/current/sql-alterrole.html',
  },
  {
    warehouse: 'redshift',
    statement: /^ALTER\s+USER\s+\w+\s+SET\s+statement_timeout\s+(?:TO|=)\s+\d+$/i,
    documented: 'https://docs.aws.amazon.com/redshift/latest/dg/r_ALTER_USER.html',
  },
  {
    warehouse: 'snowflake',
    statement: /^ALTER\s+(?:USER|WAREHOUSE)\s+\w+\s+SET\s+STATEMENT_TIMEOUT_IN_SECONDS\s*=\s*\d+$/i,
    documented: 'https://docs.snowflake.com/en/sql-reference/parameters#statement-timeout-in-seconds',
  },
];

/** Gaps that let a statement through so far (the test reads it at the end). */
export const usedGaps = new Set<(typeof GRAMMAR_GAPS)[number]>();

/** The parser's message for `sql` in `warehouse`'s dialect, or null when it parses. */
export function parseProblem(sql: string, warehouse: WarehouseId): string | null {
  const substituted = substituteReferences(sql);
  let text = isStatement(substituted) ? substituted : `SELECT\n${substituted}\nAS example FROM t`;
  if (isStatement(substituted)) {
    const kept = text.split(/;\s*(?:\n|$)/).filter((statement) => {
      const gap = GRAMMAR_GAPS.find((g) => g.warehouse === warehouse && g.statement.test(statement.trim()));
      if (gap) usedGaps.add(gap);
      return !gap && statement.trim();
    });
    if (!kept.length) return null;
    text = kept.join(';\n');
  }
  try {
    parser.astify(text, {database: PARSER_DIALECT[warehouse]});
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0].slice(0, 300);
  }
}
