// The docs' YAML checker (src/lib/yamlCheck): what it reports for good and bad dbt properties files, where (line,
// column, path), with which link, and how it refuses hostile input. The same module runs on the page "Validate your
// YAML" and behind the MCP tool validate_yaml.
import fs from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {describe, expect, it} from 'vitest';
import {
  checkDbtYaml,
  closest,
  MAX_ALIAS_COUNT,
  MAX_PROBLEMS,
  MAX_YAML_CHARS,
  type YamlCheckResult,
  type YamlProblem,
} from '../../src/lib/yamlCheck/checkYaml';
import {generatedModules, validatorFile} from '../../scripts/build-yaml-validator.mjs';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const fixturesDir = path.join(root, 'tests/fixtures/dbt-schema');

const VALID = `version: 2
models:
  - name: orders
    meta:
      label: Orders
      joins:
        - join: customers
          sql_on: \${orders.customer_id} = \${customers.customer_id}
    columns:
      - name: amount
        meta:
          dimension:
            type: number
            format: usd
          metrics:
            total_revenue:
              type: sum
              round: 2
      - name: customer_id
`;

/** The valid file with one line replaced (1-based). */
function withLine(line: number, text: string): string {
  const lines = VALID.split('\n');
  lines[line - 1] = text;
  return lines.join('\n');
}

/**
 * The docs schema's own findings: most tests below check against Next, whose rules are the docs schema's
 * (static/schemas/lightdash-dbt.json); what the released Lightdash itself rejects is tested further down.
 */
const check = (text: string) => checkDbtYaml(text, {version: 'next'});

const only = (result: YamlCheckResult): YamlProblem => {
  expect(result.problems, JSON.stringify(result.problems, null, 2)).toHaveLength(1);
  return result.problems[0];
};

it('the committed validators are the ones scripts/build-yaml-validator.mjs writes from the schemas', () => {
  const modules = generatedModules();
  expect(modules.map(([file]) => path.relative(root, file))).toEqual([
    path.relative(root, validatorFile),
    'src/lib/yamlCheck/generated/lightdash0_1410Cli.mjs',
    'src/lib/yamlCheck/generated/lightdash0_1410Metadata.mjs',
  ]);
  for (const [file, expected] of modules) {
    expect(
      fs.readFileSync(file, 'utf8') === expected,
      `${path.relative(root, file)} is out of date: run node scripts/build-yaml-validator.mjs`,
    ).toBe(true);
  }
});

it('accepts a valid file, in both versions', () => {
  const none = {valid: true, problems: [], omitted: 0, lines: 19, counts: {error: 0, warning: 0, later: 0}};
  expect(check(VALID)).toEqual({version: 'next', ...none});
  expect(checkDbtYaml(VALID)).toEqual({version: RELEASED_VERSION, ...none});
});

describe.each([
  {
    name: 'an unknown property, with the closest known key',
    text: withLine(5, '      lable: Orders'),
    expected: {
      kind: 'schema',
      line: 5,
      column: 7,
      path: 'models[0].meta.lable',
      docs: 'references/tables#table-properties',
    },
    message: /^Unknown key `lable` in a model's meta\. Did you mean `label`\?/,
  },
  {
    name: 'a value of the wrong type',
    text: withLine(18, '              round: two'),
    expected: {
      line: 18,
      column: 22,
      path: 'models[0].columns[0].meta.metrics.total_revenue.round',
      docs: 'references/dimensions#round',
    },
    message: /^`round` must be a whole number; found the text "two"\.$/,
  },
  {
    name: 'a value outside an enum, with a suggestion',
    text: withLine(17, '              type: countdistinct'),
    expected: {
      line: 17,
      column: 21,
      path: 'models[0].columns[0].meta.metrics.total_revenue.type',
      docs: 'references/metrics#metric-types',
    },
    message:
      /^`countdistinct` is not a metric type Lightdash knows\. Did you mean `count_distinct`\? Allowed: percentile,/,
  },
  {
    name: 'a join type outside its enum',
    text: withLine(7, '        - join: customers\n          type: outer'),
    expected: {line: 8, column: 17, path: 'models[0].meta.joins[0].type', docs: 'references/joins#join-types'},
    message: /^`outer` is not a join type Lightdash knows\. Allowed: inner, full, left, right\.$/,
  },
  {
    name: 'a missing required key, at the start of its mapping',
    text: withLine(8, ''),
    expected: {line: 7, column: 11, path: 'models[0].meta.joins[0]', docs: 'references/joins#sql-on'},
    message: /^A join needs `sql_on`\.$/,
  },
  {
    name: 'a metric name with capitals, at the name',
    text: withLine(16, '            TotalRevenue:'),
    expected: {
      line: 16,
      column: 13,
      path: 'models[0].columns[0].meta.metrics.TotalRevenue',
      docs: 'references/metrics#column-metrics',
    },
    message:
      /^The metric name `TotalRevenue` may only use lowercase letters, digits and underscores\. Try `totalrevenue`\.$/,
  },
  {
    name: 'a format that is neither named nor an expression, as one problem',
    text: withLine(14, '            format: kms'),
    expected: {
      line: 14,
      column: 21,
      path: 'models[0].columns[0].meta.dimension.format',
      docs: 'references/dimensions#format',
    },
    message:
      /^`format` must be a named format \(km, mi, usd, gbp, eur, percent, id\) or a format expression; found the text "kms"\. Did you mean `km`\?$/,
  },
  {
    name: 'a wrong item inside a list of time frames, at the item',
    text: withLine(14, '            time_intervals: [DAY, FORTNIGHT]'),
    expected: {
      line: 14,
      column: 35,
      path: 'models[0].columns[0].meta.dimension.time_intervals[1]',
      docs: 'references/dimensions#time-intervals',
    },
    message: /^`FORTNIGHT` is not a time frame Lightdash knows\./,
  },
  {
    name: 'a YAML syntax error (a key written twice)',
    text: withLine(5, '      label: Orders\n      label: Again'),
    expected: {
      kind: 'syntax',
      line: 6,
      column: 7,
      path: 'models[0].meta.label',
      docs: 'guides/validate-your-yaml#syntax-errors',
    },
    message: /^YAML syntax: Map keys must be unique\. The same key appears twice/,
  },
  {
    name: 'a YAML syntax error (a tab as indentation), with the path of the key on that line',
    text: withLine(5, '      label: Orders\n\tgroup_label: Sales'),
    expected: {
      kind: 'syntax',
      line: 6,
      column: 1,
      path: 'models[0].meta.group_label',
      docs: 'guides/validate-your-yaml#syntax-errors',
    },
    message: /^YAML syntax: .*tab/i,
  },
  {
    name: 'a tab-indented key under a line that opens a block',
    text: withLine(5, '\tlabel: Orders'),
    expected: {kind: 'syntax', line: 5, column: 1, path: 'models[0].meta.label'},
    message: /^YAML syntax: .*tab/i,
  },
  {
    name: 'an alias without its anchor',
    text: withLine(5, '      label: *table_label'),
    expected: {
      kind: 'syntax',
      line: 5,
      column: 14,
      path: 'models[0].meta.label',
      docs: 'guides/validate-your-yaml#syntax-errors',
    },
    message: /^YAML syntax: Unknown alias `\*table_label`\. An alias/,
  },
  {
    name: 'an unquoted value with a colon in it',
    text: withLine(5, '      label: Note: refunds excluded'),
    expected: {kind: 'syntax', line: 5, docs: 'guides/validate-your-yaml#syntax-errors'},
    message: /must be quoted, such as `description: "Note: refunds excluded"`\.$/,
  },
  {
    name: 'an unknown key at the top of the file',
    text: `${VALID}seeds_typo: []\n`,
    expected: {line: 20, column: 1, path: 'seeds_typo', docs: 'references/tables#adding-tables'},
    message: /^Unknown key `seeds_typo` at the top of the file\./,
  },
])('reports $name', ({text, expected, message}) => {
  it('once, at the right place, with its section', () => {
    const problem = only(check(text));
    // Lightdash ignores unknown keys: a warning. The rest it refuses: an error.
    const severity = /^Unknown key/.test(problem.message) ? 'warning' : 'error';
    expect(problem).toMatchObject({kind: 'schema', severity, ...expected});
    expect(problem.message).toMatch(message);
  });
});

it('reads YAML as dbt does (1.1): yes/no are booleans and << merges; a problem in merged settings is at the anchor', () => {
  const merged = `version: 2
x-metric: &sum_metric
  type: sum
  bogus: 1
models:
  - name: orders
    columns:
      - name: amount
        meta:
          dimension:
            hidden: yes
          metrics:
            total:
              <<: *sum_metric
              label: Total
`;
  const problems = check(merged).problems;
  expect(problems.map((p) => [p.line, p.path])).toEqual([
    [2, 'x-metric'],
    [4, 'models[0].columns[0].meta.metrics.total.bogus'],
  ]);
});

describe('plain scalars typed as dbt’s PyYAML types them', () => {
  // A label is a text: a scalar PyYAML reads as a boolean, number, null or date is reported, any other is accepted.
  const labelled = (value: string) => withLine(5, `      label: ${value}`);
  it.each(['y', 'Y', 'n', 'N', 'yES', '1e3', '1_000e', '0o17', '2024-1-1', 'Null_', '.5e3'])(
    '`%s` is text, as in PyYAML',
    (value) => {
      expect(check(labelled(value)).problems).toEqual([]);
    },
  );
  it.each([
    ['yes', 'true'],
    ['No', 'false'],
    ['ON', 'true'],
    ['off', 'false'],
    ['TRUE', 'true'],
    ['~', 'an empty value'],
    ['0x1F', 'the number 31'],
    ['010', 'the number 8'],
    ['1:30', 'the number 90'],
    ['1.5e+3', 'the number 1500'],
    ['.inf', 'the number Infinity'],
  ])('`%s` is not text (%s)', (value, found) => {
    expect(only(check(labelled(value))).message).toBe(`\`label\` must be a text; found ${found}.`);
  });
  it.each(['2024-12-11', '2024-12-11 10:00:00', '2024-12-11T10:00:00Z', '2001-12-14 21:59:43.10 -5'])(
    'the date or timestamp `%s` is reported as a date, not as a mapping',
    (value) => {
      expect(only(check(labelled(value))).message).toBe(
        `\`label\` must be a text; found the date "${value}" (quote it to make it a text).`,
      );
      expect(check(labelled(`"${value}"`)).problems).toEqual([]);
    },
  );
  it('`name: y` and `name: n` name a model and a column, with no finding in either version (issue 45)', () => {
    const text = 'version: 2\nmodels:\n  - name: y\n    columns:\n      - name: n\n      - name: Y\n';
    expect(checkDbtYaml(text).problems).toEqual([]);
    expect(check(text).problems).toEqual([]);
    // `yes` is a boolean for dbt too: a model named yes must be quoted.
    expect(only(check(text.replace('name: y\n', 'name: yes\n'))).message).toBe('`name` must be a text; found true.');
  });

  it('a date where a mapping is expected is a date too', () => {
    expect(only(check('version: 2\nmodels:\n  - name: a\n    meta: 2024-12-11\n')).message).toBe(
      '`meta` must be a mapping (`key: value` lines); found the date "2024-12-11" (quote it to make it a text).',
    );
  });
});

it('lines are right deep into a long file', () => {
  const models = Array.from({length: 400}, (_, i) => `  - name: model_${i}\n    meta:\n      label: Model ${i}`);
  const text = `version: 2\nmodels:\n${models.join('\n')}\n  - name: last\n    meta:\n      order_fields_by: alphabetical\n`;
  const problem = only(check(text));
  expect(problem).toMatchObject({line: 2 + 400 * 3 + 3, column: 24, path: 'models[400].meta.order_fields_by'});
  expect(problem.message).toBe('`alphabetical` is not a field order Lightdash knows. Allowed: label, index.');
});

it('lists at most MAX_PROBLEMS problems, sorted by line, and counts the rest', () => {
  const models = Array.from({length: MAX_PROBLEMS + 50}, (_, i) => `  - name: m${i}\n    meta:\n      lable: x`);
  const result = check(`version: 2\nmodels:\n${models.join('\n')}\n`);
  expect(result.problems).toHaveLength(MAX_PROBLEMS);
  expect(result.omitted).toBe(50);
  const lines = result.problems.map((p) => p.line);
  expect(lines).toEqual([...lines].sort((a, b) => a - b));
});

describe('hostile input', () => {
  it('refuses an alias bomb ("billion laughs") without expanding it', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i += 1) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const start = performance.now();
    const problem = only(check(`${levels.join('\n')}\n`));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(problem).toMatchObject({kind: 'limit', docs: 'guides/validate-your-yaml#limits'});
    expect(problem.message).toMatch(/anchors and aliases/);
  });

  it.each([16_000, 100_000, 5_000])(
    'refuses %i aliases of one anchor in well under a second, counted before any is expanded',
    (count) => {
      const text = `version: 2\nx: &a orders\nmodels: [${Array(count).fill('*a').join(', ')}]\n`;
      const start = performance.now();
      const problem = only(check(text));
      expect(performance.now() - start).toBeLessThan(500);
      expect(problem).toMatchObject({kind: 'limit', docs: 'guides/validate-your-yaml#limits'});
      expect(problem.message).toContain(`more than ${MAX_ALIAS_COUNT.toLocaleString('en-US')} aliases`);
    },
  );

  it('reads a file with aliases up to the limit, each matched with the last anchor of its name before it', () => {
    const metrics = Array.from({length: MAX_ALIAS_COUNT - 1}, (_, i) => `          m${i}: *sum`).join('\n');
    const text = `version: 2\nmodels:\n  - name: a\n    columns:\n      - name: x\n        meta:\n          metrics:\n            first: &sum {type: sum}\n            second: &sum {type: bogus}\n${metrics.replace(/^ {10}/gm, '            ')}\n`;
    const start = performance.now();
    const result = check(text);
    expect(performance.now() - start).toBeLessThan(2000);
    // Every alias points at the second anchor, whose value is wrong: reported once, at the anchor.
    expect(result.problems.map((p) => [p.line, p.path])).toEqual([
      [9, 'models[0].columns[0].meta.metrics.second.type'],
    ]);
  });

  it('refuses text over the size cap before parsing it, saying the limit', () => {
    const text = `version: 2\nmodels:\n${'  - name: x\n'.repeat(Math.ceil(MAX_YAML_CHARS / 12))}`;
    expect(text.length).toBeGreaterThan(MAX_YAML_CHARS);
    const start = performance.now();
    const problem = only(check(text));
    expect(performance.now() - start).toBeLessThan(100);
    expect(problem).toMatchObject({kind: 'limit', line: 1, docs: 'guides/validate-your-yaml#limits'});
    expect(problem.message).toContain(`reads at most ${MAX_YAML_CHARS.toLocaleString('en-US')}`);
  });

  it('checks a 100,000-character file of unknown keys within seconds', () => {
    const keys = Array.from({length: 5000}, (_, i) => `      key_${'x'.repeat(10)}_${i}: 1`).join('\n');
    const text = `version: 2\nmodels:\n  - name: m\n    meta:\n${keys}\n`;
    expect(text.length).toBeGreaterThan(100_000);
    const start = performance.now();
    const result = check(text);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(result.problems).toHaveLength(MAX_PROBLEMS);
    expect(result.omitted).toBe(5000 - MAX_PROBLEMS);
  });

  it('answers a file of 12,000 findings, many inside `anyOf` values, in linear time', () => {
    // Condensing the findings once per `anyOf` cost the square of their number (11 s for this file, 45 s near the cap).
    const columns = Array.from(
      {length: 4000},
      (_, i) =>
        `      - name: c${i}\n        meta:\n          dimension:\n            time_intervals: [FORTNIGHT]\n            hidden: maybe`,
    );
    const start = performance.now();
    const result = checkDbtYaml(`version: 2\nmodels:\n  - name: m\n    columns:\n${columns.join('\n')}\n`);
    expect(performance.now() - start).toBeLessThan(8000);
    expect(result.counts.error).toBe(12_000);
  });

  it('answers deeply nested input with a problem instead of throwing', () => {
    const problem = only(check(`${'['.repeat(50_000)}${']'.repeat(50_000)}`));
    expect(problem).toMatchObject({kind: 'limit', message: 'The file nests lists or mappings too deeply to be read.'});
  });

  it('keeps markup and long strings as plain, shortened text in messages', () => {
    const key = `<img src=x onerror="alert(1)">${'y'.repeat(500)}`;
    const problem = only(check(withLine(5, `      '${key}': 1`)));
    expect(problem.message).toContain('`<img src=x onerror="alert(1)">');
    expect(problem.message.length).toBeLessThan(600);
    expect(problem.path.length).toBeLessThan(700);
  });

  it('says what is wrong with an empty file and with a list at the top', () => {
    expect(only(check('')).message).toMatch(/^The file is empty\./);
    expect(only(check('- a\n- b\n')).message).toBe(
      'The top of the file must be a mapping (`key: value` lines); found a list.',
    );
  });
});

describe('closest', () => {
  it.each([
    ['lable', ['label', 'type'], 'label'],
    ['metircs', ['metrics', 'joins'], 'metrics'],
    ['countdistinct', ['count', 'count_distinct'], 'count_distinct'],
    ['Sum', ['sum', 'min'], 'sum'],
    ['completely_different', ['label', 'type'], undefined],
  ])('%s → %s', (wrong, allowed, expected) => {
    expect(closest(wrong, allowed)).toBe(expected);
  });
});

describe('the committed schema fixtures', () => {
  const files = (kind: string) =>
    fs
      .readdirSync(path.join(fixturesDir, kind))
      .filter((f) => f.endsWith('.yml'))
      .map((f) => [f, fs.readFileSync(path.join(fixturesDir, kind, f), 'utf8')] as const);

  it.each(files('good'))('%s passes', (_name, text) => {
    expect(check(text).problems).toEqual([]);
  });

  // Each bad snippet names the JSON pointer of its error on its second line (`# error: <path> <keyword>`); the
  // checker must report a problem at that place or, for an unknown key, on the key inside it.
  it.each(files('bad'))('%s is reported where its header says', (_name, text) => {
    const pointer = /^# error: (\S+)/m.exec(text)?.[1] ?? '';
    const result = check(text);
    expect(result.problems.length).toBeGreaterThan(0);
    const expectedPath = (pointer === '(root)' ? '' : pointer)
      .split('/')
      .filter(Boolean)
      .map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`))
      .join('');
    expect(
      result.problems.some(
        (p) => expectedPath === '' || p.path === expectedPath || p.path.startsWith(`${expectedPath}.`),
      ),
      `${expectedPath}\n${JSON.stringify(result.problems, null, 2)}`,
    ).toBe(true);
    for (const p of result.problems) expect(p.kind).toBe('schema');
  });
});
