import {SCRIPTS_RUN_ATTRIBUTE, WITHOUT_SCRIPTS} from '../../src/lib/scriptsRun';
import {describe, expect, it} from 'vitest';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {sqlItems} from '../../plugins/warehouse-sql/blocks';
import {onlyWarehouse, variantLabel} from '../../plugins/warehouse-sql/markdown';
import remarkWarehouseSql from '../../plugins/warehouse-sql/remark';
import {
  isWarehouse,
  NOSCRIPT_CSS,
  prePaintScript,
  sqlRole,
  variantCss,
  WAREHOUSE_KEY,
  WAREHOUSE_STYLE_ID,
  warehouseNames,
} from '../../plugins/warehouse-sql/warehouses';
import {parseProblem, substituteReferences} from '../sqlDialects';
import {parseMdx} from '../support/mdx';

const GROUP = [
  'Intro.',
  '',
  '```sql warehouses="bigquery"',
  'SAFE_DIVIDE(${t.a}, ${t.b})',
  '```',
  '',
  '```sql warehouses="snowflake databricks"',
  '${t.a} / NULLIF(${t.b}, 0)',
  '```',
  '',
  '```sql warehouses="postgres redshift trino"',
  '${t.a} * 1.0 / NULLIF(${t.b}, 0)',
  '```',
  '',
  'After.',
].join('\n');

describe('warehouses and SQL block meta', () => {
  it('reads the three roles a block can have', () => {
    expect(sqlRole('')).toEqual({kind: 'any'});
    expect(sqlRole('title="x"')).toEqual({kind: 'any'});
    expect(sqlRole('dialect="postgres" title="PostgreSQL"')).toEqual({kind: 'dialect', dialect: 'postgres'});
    // Listed in the list's order, whatever the author's.
    expect(sqlRole('warehouses="trino postgres"')).toEqual({kind: 'variant', warehouses: ['postgres', 'trino']});
  });

  it('refuses unknown, repeated, empty and conflicting names', () => {
    expect(sqlRole('warehouses="mysql"').kind).toBe('invalid');
    expect(sqlRole('warehouses="trino trino"').kind).toBe('invalid');
    expect(sqlRole('warehouses=""').kind).toBe('invalid');
    expect(sqlRole('dialect="oracle"').kind).toBe('invalid');
    expect(sqlRole('dialect="postgres" warehouses="trino"').kind).toBe('invalid');
  });

  it('accepts only the six ids as a stored choice, and never writes anything else into CSS', () => {
    for (const value of ['bigquery', 'trino']) expect(isWarehouse(value)).toBe(true);
    for (const value of ['', 'BigQuery', 'x]{}*{display:none', '__proto__', null, 1]) {
      expect(isWarehouse(value)).toBe(false);
    }
    expect(() => variantCss('x]{}' as never)).toThrow(/Not a warehouse/);
    expect(variantCss('snowflake')).toContain('[data-warehouse-variant~=snowflake]');
  });

  it('names warehouses as a reader reads them', () => {
    expect(warehouseNames(['postgres', 'redshift', 'trino'])).toBe('PostgreSQL, Redshift and Trino');
    expect(warehouseNames(['bigquery'])).toBe('BigQuery');
  });
});

describe('the pre-paint script', () => {
  const run = (stored: string | null) => {
    const head: {id: string; textContent: string}[] = [];
    const localStorage = {getItem: (key: string) => (key === WAREHOUSE_KEY ? stored : null)};
    const document = {
      createElement: () => ({id: '', textContent: ''}),
      head: {appendChild: (el: {id: string; textContent: string}) => head.push(el)},
    };
    new Function('localStorage', 'document', prePaintScript())(localStorage, document);
    return head;
  };

  it('adds the stored warehouse’s style, the same CSS the selector writes', () => {
    expect(run('redshift')).toEqual([{id: WAREHOUSE_STYLE_ID, textContent: variantCss('redshift')}]);
  });

  it('ignores a missing, corrupted or hostile stored value', () => {
    for (const stored of [null, '', 'Redshift', 'redshift]{}body{display:none', '<script>', 'trino\n']) {
      expect(run(stored)).toEqual([]);
    }
  });

  it('shows every variant and hides the selector without JavaScript', () => {
    expect(NOSCRIPT_CSS).toContain('[data-warehouse-variant]{display:block!important}');
    expect(NOSCRIPT_CSS).toContain('[data-warehouse-control]{display:none!important}');
  });

  it('marks <html> as scripted first, so those rules stand down whatever is stored', () => {
    const attributes: string[] = [];
    const document = {documentElement: {setAttribute: (name: string) => attributes.push(name)}};
    new Function('localStorage', 'document', prePaintScript())({getItem: () => null}, document);
    expect(attributes).toEqual([SCRIPTS_RUN_ATTRIBUTE]);
    expect(
      NOSCRIPT_CSS.split('}')
        .filter(Boolean)
        .every((rule) => rule.startsWith(WITHOUT_SCRIPTS)),
    ).toBe(true);
  });
});

describe('groups of variants', () => {
  it('groups adjacent variant blocks, and only those', () => {
    const items = sqlItems(parseMdx(`${GROUP}\n\n\`\`\`sql\nSELECT 1\n\`\`\`\n`));
    expect(items.map((i) => i.item.kind)).toEqual(['group', 'single']);
    const group = items[0].item;
    expect(group.kind === 'group' && group.problem).toBeNull();
    expect(group.kind === 'group' && group.variants.map((v) => v.warehouses)).toEqual([
      ['bigquery'],
      ['snowflake', 'databricks'],
      ['postgres', 'redshift', 'trino'],
    ]);
  });

  it('says which warehouses a group misses or repeats', () => {
    const missing = sqlItems(parseMdx(GROUP.replace('"postgres redshift trino"', '"postgres"')))[0].item;
    expect(missing.kind === 'group' && missing.problem).toBe('no variant for redshift, trino');
    const twice = sqlItems(parseMdx(GROUP.replace('"bigquery"', '"bigquery trino"')))[0].item;
    expect(twice.kind === 'group' && twice.problem).toBe('more than one variant for trino');
  });

  it('becomes <WarehouseSql> with one titled <WarehouseVariant> per block', () => {
    const tree = parseMdx(GROUP);
    remarkWarehouseSql()(tree, {path: 'x.mdx'});
    const group = tree.children[1] as MdxJsxFlowElement;
    expect(group.name).toBe('WarehouseSql');
    const variants = group.children as MdxJsxFlowElement[];
    expect(variants.map((v) => v.attributes.map((a) => [a.type === 'mdxJsxAttribute' && a.name, a.value]))).toEqual([
      [['warehouses', 'bigquery']],
      [['warehouses', 'snowflake databricks']],
      [['warehouses', 'postgres redshift trino']],
    ]);
    expect((variants[1].children[0] as Code).meta).toBe(
      'warehouses="snowflake databricks" title="Snowflake and Databricks"',
    );
    expect(tree.children.map((c) => c.type)).toEqual(['paragraph', 'mdxJsxFlowElement', 'paragraph']);
  });

  it('titles a block that runs everywhere, and keeps an author’s title', () => {
    const tree = parseMdx(
      '```sql\nSELECT 1\n```\n\n```sql dialect="postgres" title="Lightdash database"\nSHOW x\n```\n',
    );
    remarkWarehouseSql()(tree, {});
    expect((tree.children as Code[]).map((c) => c.meta)).toEqual([
      'title="Every warehouse"',
      'dialect="postgres" title="Lightdash database"',
    ]);
  });

  it('fails the build on an incomplete group or a bad meta, naming the file and line', () => {
    const incomplete = parseMdx(GROUP.replace('"bigquery"', '"bigquery trino"'));
    expect(() => remarkWarehouseSql()(incomplete, {path: `${process.cwd()}/docs/x.mdx`})).toThrow(
      'The SQL variants starting at docs/x.mdx:3: more than one variant for trino.',
    );
    const bad = parseMdx('```sql warehouses="oracle"\nSELECT 1\n```\n') as Root;
    expect(() => remarkWarehouseSql()(bad, {path: 'y.mdx'})).toThrow(/y\.mdx:1 warehouses= names oracle/);
  });
});

describe('variants in Markdown', () => {
  const markdown = [
    'Intro.',
    '',
    variantLabel(['bigquery']),
    '',
    '```sql warehouses="bigquery"',
    'SAFE_DIVIDE(a, b)',
    '```',
    '',
    variantLabel(['snowflake', 'databricks', 'postgres', 'redshift', 'trino']),
    '',
    '```sql warehouses="snowflake databricks postgres redshift trino"',
    'a / NULLIF(b, 0)',
    '```',
    '',
    'After.',
  ].join('\n');

  it('keeps only the variant of the warehouse asked for, with its label', () => {
    expect(onlyWarehouse(markdown, 'trino')).toBe(
      [
        'Intro.',
        '',
        '**SQL for Snowflake, Databricks, PostgreSQL, Redshift and Trino:**',
        '',
        '```sql warehouses="snowflake databricks postgres redshift trino"',
        'a / NULLIF(b, 0)',
        '```',
        '',
        'After.',
      ].join('\n'),
    );
    expect(onlyWarehouse(markdown, 'bigquery')).toBe(
      [
        'Intro.',
        '',
        '**SQL for BigQuery:**',
        '',
        '```sql warehouses="bigquery"',
        'SAFE_DIVIDE(a, b)',
        '```',
        '',
        'After.',
      ].join('\n'),
    );
  });

  it('leaves other code alone, and refuses an unknown warehouse', () => {
    const other = '**SQL for BigQuery:**\n\n```yaml\na: 1\n```';
    expect(onlyWarehouse(other, 'trino')).toBe(other);
    expect(() => onlyWarehouse(markdown, 'oracle' as never)).toThrow(/Not a warehouse/);
  });
});

describe('the dialect check itself', () => {
  it('replaces Lightdash references by what the warehouse receives', () => {
    expect(substituteReferences('${TABLE}.id + ${orders.amount} + ${amount}')).toBe(
      't.id + ref_orders__amount + ref_amount',
    );
  });

  it('fails SQL a dialect does not accept', () => {
    expect(parseProblem("DATE_TRUNC('month', ${orders.created})", 'postgres')).toBeNull();
    expect(parseProblem('SELECT * FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY a) = 1', 'postgres')).not.toBeNull();
    expect(parseProblem('SELECT FROM WHERE', 'snowflake')).not.toBeNull();
  });
});
