// The YAML checker against the released Lightdash itself (issue 49): on real public dbt properties files
// (tests/fixtures/yaml-corpus, with their provenance), a file gets an error exactly when that release rejects it,
// judged by Lightdash's own schemas of 0b7563df compiled here, independently of the checker's generated modules, with
// the Ajv settings that release used: its CLI (packages/cli/src/ajv.ts: `new Ajv({coerceTypes: true})`) and its backend
// (packages/common/src/dbt/validation.ts: Ajv2020 with the draft-07 meta-schema). Hand-made bad variants of one file
// then check that each mistake gets the right kind of finding at the right place.
import fs from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import draft7MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {checkDbtYaml, type YamlProblem} from '../../src/lib/yamlCheck/checkYaml';
import {RELEASED_SCHEMA_DIR, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const corpusDir = path.join(root, 'tests/fixtures/yaml-corpus');
const schemaDir = path.join(root, RELEASED_SCHEMA_DIR);
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(schemaDir, file), 'utf8'));

const cliValidate = new Ajv({coerceTypes: true}).compile(readJson('lightdash-dbt-2.0.json'));
const metadata = readJson('lightdashMetadata.json');
const backend = new Ajv2020();
backend.addMetaSchema(draft7MetaSchema);
backend.addSchema(metadata);
const modelMeta = backend.getSchema(`${metadata.$id}#/definitions/LightdashModelMetadata`);
const columnMeta = backend.getSchema(`${metadata.$id}#/definitions/LightdashColumnMetadata`);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether the released Lightdash's CLI or its deploy-time check refuses the file. */
function rejectedBy0_1410(text: string): boolean {
  const data = parse(text, {version: '1.1'}) as unknown;
  if (!cliValidate(structuredClone(data))) return true;
  if (!isObject(data) || !Array.isArray(data.models)) return false;
  const metaOf = (node: Json) => [node.meta, isObject(node.config) ? node.config.meta : undefined];
  return data.models
    .filter(isObject)
    .some(
      (model) =>
        metaOf(model).some((meta) => meta !== undefined && !modelMeta?.(meta)) ||
        (Array.isArray(model.columns) ? model.columns : [])
          .filter(isObject)
          .some((column) => metaOf(column).some((meta) => meta !== undefined && !columnMeta?.(meta))),
    );
}

const provenance = fs.readFileSync(path.join(corpusDir, 'PROVENANCE.md'), 'utf8');
const rows = provenance
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|').map((cell) => cell.trim()));
const corpus = fs
  .readdirSync(corpusDir)
  .filter((f) => f.endsWith('.yml'))
  .map((f) => [f, fs.readFileSync(path.join(corpusDir, f), 'utf8')] as const);

describe('the corpus of real files', () => {
  it('has at least 30 files with Lightdash settings, each with its repository, commit and date', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    for (const [file, text] of corpus) {
      expect(text, file).toMatch(/^\s*(metrics|dimension):/m);
      const row = rows.find((cells) => cells[1] === `\`${file}\``);
      expect(row, `${file} has no row in PROVENANCE.md`).toBeDefined();
      const [, , repository, commit, , date] = row ?? [];
      expect(repository).toMatch(/^[\w.-]+\/[\w.-]+/);
      expect(commit).toMatch(/^`[0-9a-f]{7,40}`$/);
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(rows).toHaveLength(corpus.length);
    // Most come from before 2025, the year after the release.
    expect(rows.filter((cells) => cells[5] < '2025').length).toBeGreaterThanOrEqual(30);
  });

  it('both of Lightdash’s checks find files they reject, so the comparison below can fail', () => {
    expect(corpus.filter(([, text]) => rejectedBy0_1410(text)).length).toBeGreaterThan(0);
  });

  it.each(corpus)(`%s: an error exactly when Lightdash ${RELEASED_VERSION} rejects it`, (file, text) => {
    const result = checkDbtYaml(text, {version: RELEASED_VERSION});
    const errors = result.problems.filter((p) => p.severity === 'error');
    expect(errors.length > 0, `${file}\n${JSON.stringify(errors, null, 2)}`).toBe(rejectedBy0_1410(text));
  });
});

/** A valid pair of models: orders, joined to customers, with column and model metrics. */
const BASE = `version: 2
models:
  - name: orders
    meta:
      sql_filter: \${ordered_at_day} > '2020-01-01'
      joins:
        - join: customers
          type: left
          sql_on: \${orders.customer_id} = \${customers.customer_id}
      metrics:
        revenue_per_order:
          type: number
          sql: \${total_revenue} / NULLIF(\${order_count}, 0)
    columns:
      - name: order_id
        meta:
          metrics:
            order_count:
              type: count_distinct
      - name: customer_id
      - name: amount
        meta:
          dimension:
            type: number
            format: usd
          metrics:
            total_revenue:
              type: sum
              filters:
                - status: completed
      - name: status
      - name: ordered_at
        meta:
          dimension:
            type: timestamp
  - name: customers
    columns:
      - name: customer_id
      - name: first_order_at
        meta:
          dimension:
            sql: DATE(\${TABLE}.first_order_at)
`;

describe('hand-made bad variants', () => {
  it('the base file has no finding at all, in either version', () => {
    expect(checkDbtYaml(BASE).problems).toEqual([]);
    expect(checkDbtYaml(BASE, {version: 'next'}).problems).toEqual([]);
  });

  const base = BASE;
  const bad = (from: string, to: string) => {
    expect(base).toContain(from);
    return base.replace(from, to);
  };

  it.each<[string, string, Partial<YamlProblem> & {path: string}, RegExp]>([
    [
      `a column metric of type timestamp (${RELEASED_VERSION} rejects it)`,
      bad('              type: sum\n', '              type: timestamp\n'),
      {severity: 'error', path: 'models[0].columns[2].meta.metrics.total_revenue.type'},
      /`timestamp` is not allowed for `type` in Lightdash 0\.1410/,
    ],
    [
      `a format expression (${RELEASED_VERSION} rejects it)`,
      bad('            format: usd', "            format: '0.0%'"),
      {severity: 'error', path: 'models[0].columns[2].meta.dimension.format'},
      /`0\.0%` is not allowed for `format` in Lightdash 0\.1410.*Format expressions/,
    ],
    [
      `a currency format expression (${RELEASED_VERSION} rejects it)`,
      bad('            format: usd', '            format: "¥#,##0"'),
      {severity: 'error', path: 'models[0].columns[2].meta.dimension.format'},
      /is not allowed for `format` in Lightdash 0\.1410/,
    ],
    [
      'an unclosed ${ in sql_on',
      bad('= ${customers.customer_id}', '= ${customers.customer_id'),
      {severity: 'error', kind: 'compile', path: 'models[0].meta.joins[0].sql_on'},
      /never closed/,
    ],
    [
      'a reference to a column the model does not list',
      bad('${orders.customer_id} =', '${orders.client_id} ='),
      {severity: 'error', kind: 'compile', path: 'models[0].meta.joins[0].sql_on'},
      /`\$\{orders\.client_id\}` matches no dimension of `orders`/,
    ],
    [
      'a reference to a table that is not joined',
      bad('= ${customers.customer_id}', '= ${clients.customer_id}'),
      {severity: 'error', kind: 'compile', path: 'models[0].meta.joins[0].sql_on'},
      /names the table `clients`, which is neither `orders` nor a model joined to it/,
    ],
    [
      'a non-aggregate metric that refers to a column instead of a metric',
      bad('${total_revenue} / NULLIF', '${amount} / NULLIF'),
      {severity: 'error', kind: 'compile', path: 'models[0].meta.metrics.revenue_per_order.sql'},
      /`\$\{amount\}` matches no metric of `orders`/,
    ],
    [
      'filters on a non-aggregate metric',
      bad('              type: sum\n', '              type: number\n'),
      {severity: 'error', kind: 'compile', path: 'models[0].columns[2].meta.metrics.total_revenue.filters'},
      /refuses `filters` on a `number` metric/,
    ],
    [
      'a metric with the name of a dimension',
      bad('            order_count:', '            status:').replace('${order_count}', '${status}'),
      {severity: 'error', kind: 'compile', path: 'models[0].columns[0].meta.metrics.status'},
      /has the name of a dimension of `orders`/,
    ],
    [
      'the same model joined twice without an alias',
      bad(
        '          type: left\n',
        '          type: left\n          sql_on: ${orders.customer_id} = ${customers.customer_id}\n        - join: customers\n',
      ),
      {severity: 'error', kind: 'compile', path: 'models[0].meta.joins[1].join'},
      /`customers` is joined twice/,
    ],
    [
      'a join type Lightdash does not know',
      bad('          type: left', '          type: outer'),
      {severity: 'error', path: 'models[0].meta.joins[0].type'},
      /`outer` is not a join type Lightdash knows\..*Lightdash 0\.1410 refuses it too\./,
    ],
    [
      'a misspelt metric type',
      bad('              type: count_distinct', '              type: countdistinct'),
      {severity: 'error', path: 'models[0].columns[0].meta.metrics.order_count.type'},
      /Did you mean `count_distinct`\?/,
    ],
    [
      'a join without sql_on',
      bad('          sql_on: ${orders.customer_id} = ${customers.customer_id}\n', ''),
      {severity: 'error', path: 'models[0].meta.joins[0]'},
      /^A join needs `sql_on`\./,
    ],
    [
      'a model name with a dot',
      bad('  - name: customers', '  - name: crm.customers'),
      {severity: 'error', kind: 'compile', path: 'models[1].name'},
      /may not hold a dot/,
    ],
    [
      'a typo Lightdash ignores: a warning with the nearest key',
      bad('            type: number\n            format: usd', '            type: number\n            group: money'),
      {severity: 'warning', path: 'models[0].columns[2].meta.dimension.group'},
      /^Unknown key `group` in a dimension\. Did you mean `groups`\?.*Lightdash ignores this key/,
    ],
    [
      'a key of a later Lightdash: a note naming the version',
      bad('      joins:', '      primary_key: order_id\n      joins:'),
      {severity: 'later', path: 'models[0].meta.primary_key'},
      /from version 0\.1759\.0 on \(released 2025-06-25; added in lightdash\/lightdash#15531/,
    ],
    [
      'a join key of a later Lightdash',
      bad('          type: left', '          type: left\n          relationship: many-to-one'),
      {severity: 'later', path: 'models[0].meta.joins[0].relationship'},
      /from version 0\.1746\.0 on/,
    ],
  ])('%s', (_name, text, expected, message) => {
    const start = performance.now();
    const problems = checkDbtYaml(text, {version: RELEASED_VERSION}).problems;
    expect(performance.now() - start).toBeLessThan(2000);
    const found = problems.find((p) => p.path === expected.path && p.severity === expected.severity);
    expect(found, JSON.stringify(problems, null, 2)).toMatchObject(expected);
    expect(found?.message).toMatch(message);
    // Nothing else is an error unless the variant is about one.
    const others = problems.filter((p) => p !== found && p.severity === 'error');
    expect(
      others.every((p) => p.path === expected.path || p.path.startsWith(expected.path.replace(/\.\w+$/, ''))),
      JSON.stringify(others, null, 2),
    ).toBe(true);
  });

  it('no false error where the file cannot tell: the case of column names, and models with dbt versions', () => {
    // How the adapter writes names into dbt's manifest is not in the file: references match without case...
    expect(checkDbtYaml(bad('${orders.customer_id} =', '${orders.CUSTOMER_ID} =')).problems).toEqual([]);
    // ...but a metric clashes only with a dimension of exactly its name, as in Lightdash.
    expect(checkDbtYaml(bad('      - name: status\n', '      - name: ORDER_COUNT\n')).problems).toEqual([]);
    // A versioned model's columns come from its versions too: its references are not judged.
    const versioned = bad('${orders.customer_id} =', '${orders.client_id} =').replace(
      '  - name: orders\n',
      '  - name: orders\n    latest_version: 2\n    versions:\n      - v: 2\n',
    );
    expect(checkDbtYaml(versioned).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it(`in Next, the two ${RELEASED_VERSION} misses are accepted: Next reads format expressions and timestamp metrics`, () => {
    const next = (text: string) => checkDbtYaml(text, {version: 'next'}).problems;
    expect(next(bad('            format: usd', "            format: '0.0%'"))).toEqual([]);
    expect(next(bad('              type: count_distinct', '              type: timestamp'))).toEqual([]);
  });

  it('a join to a model the project does not have is an error when the other files are given', () => {
    const alone = bad(
      '${customers.customer_id}\n',
      '${customers.customer_id}\n        - join: payments\n          sql_on: ${payments.order_id} = ${orders.order_id}\n',
    );
    const withPayments = 'version: 2\nmodels:\n  - name: payments\n    columns:\n      - name: order_id\n';
    const join = (problems: readonly YamlProblem[]) =>
      problems.filter((p) => p.path === 'models[0].meta.joins[1].join');
    expect(join(checkDbtYaml(alone).problems)).toEqual([]);
    expect(join(checkDbtYaml(alone, {projectFiles: ['version: 2\nmodels: []\n']}).problems)).toMatchObject([
      {severity: 'error', message: expect.stringMatching(/^No model named `payments`/)},
    ]);
    expect(join(checkDbtYaml(alone, {projectFiles: [withPayments]}).problems)).toEqual([]);
  });
});
