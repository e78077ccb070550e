/**
 * The docs MCP server's validate_yaml tool over stdio, through the SDK's own client: the same check as the page
 * "Validate your YAML", with absolute links to the docs, and clear errors for what it cannot check.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR, callJson, callTool, requireBuild, SLOW, startServer, type ServerUnderTest} from './client';
import {LIGHTDASH_SCHEMA_URL} from '../../mcp/lib/validate-yaml.mjs';
import {checkDbtYaml, MAX_YAML_CHARS} from '../../src/lib/yamlCheck/checkYaml';
import {THREE_MISTAKES_DBT_YAML as BAD, VALID_DBT_YAML as GOOD} from '../yaml-samples.mjs';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

interface ValidateAnswer {
  checker: string;
  schema: string;
  kind: string;
  version: string;
  valid: boolean;
  lines: number;
  problemCount: number;
  counts: {error: number; warning: number; later: number};
  problems: {
    severity: string;
    line: number;
    column: number;
    path: string;
    kind: string;
    message: string;
    docs: string;
  }[];
  omitted?: number;
}

let server: ServerUnderTest;

beforeAll(async () => {
  requireBuild();
  server = await startServer(['--source', BUILD_DIR]);
}, SLOW);
afterAll(() => server?.close());

const validate = (args: Record<string, unknown>) => callJson<ValidateAnswer>(server.client, 'validate_yaml', args);

describe('validate_yaml', () => {
  it('is listed with the YAML text as its one required argument, and says it is the docs’ own checker', async () => {
    const {tools} = await server.client.listTools();
    const tool = tools.find((t) => t.name === 'validate_yaml');
    expect(tool).toBeDefined();
    expect(Object.keys(tool?.inputSchema.properties ?? {})[0]).toBe('yaml');
    expect(tool?.inputSchema.required).toEqual(['yaml']);
    expect(tool?.description).toContain("Lightdash docs' own checker");
    expect(tool?.description).toContain(LIGHTDASH_SCHEMA_URL);
  });

  it('accepts a valid file', async () => {
    const answer = await validate({yaml: GOOD});
    expect(answer).toMatchObject({
      kind: 'dbt',
      version: RELEASED_VERSION,
      valid: true,
      problemCount: 0,
      problems: [],
      lines: 14,
    });
    expect(answer.checker).toContain("docs' own checker");
    expect(answer.checker).toContain(LIGHTDASH_SCHEMA_URL);
    expect(answer.schema).toBe('https://docs.lightdash.com/schemas/lightdash-dbt.json');
  });

  it('reports each mistake with its line, path, message and an absolute docs link', async () => {
    const answer = await validate({yaml: BAD, kind: 'dbt'});
    expect(answer.valid).toBe(false);
    expect(answer.problems.map(({line, column, path, docs}) => ({line, column, path, docs}))).toEqual([
      {line: 4, column: 5, path: 'models[0].lable', docs: 'https://docs.lightdash.com/references/tables#adding-tables'},
      {
        line: 8,
        column: 17,
        path: 'models[0].meta.joins[0].type',
        docs: 'https://docs.lightdash.com/references/joins#join-types',
      },
      {
        line: 15,
        column: 21,
        path: 'models[0].columns[0].meta.metrics.total_revenue.type',
        docs: 'https://docs.lightdash.com/references/metrics#metric-types',
      },
    ]);
    expect(answer.problems[2].message).toContain('Did you mean `count_distinct`?');
    // The same findings as the checker gives the page and the unit tests, word for word.
    expect(
      answer.problems.map(({docs, ...rest}) => ({...rest, docs: docs.replace('https://docs.lightdash.com/', '')})),
    ).toEqual(
      checkDbtYaml(BAD).problems.map(({severity, line, column, path, kind, message, docs}) => ({
        severity,
        line,
        column,
        path,
        kind,
        message,
        docs,
      })),
    );
    expect(answer.counts).toEqual({error: 2, warning: 1, later: 0});
  });

  it(`checks against the version asked for: a format expression is an error in ${RELEASED_VERSION} and fine in Next`, async () => {
    const yaml = GOOD.replace('              type: sum\n', "              type: sum\n              format: '0.0%'\n");
    expect(yaml).not.toBe(GOOD);
    const released = await validate({yaml});
    expect(released).toMatchObject({version: RELEASED_VERSION, valid: false});
    expect(released.problems).toEqual([
      expect.objectContaining({severity: 'error', path: 'models[0].columns[0].meta.metrics.total_revenue.format'}),
    ]);
    expect(await validate({yaml, version: 'next'})).toMatchObject({version: 'next', valid: true, problems: []});
  });

  it('reads the project’s other files for joins, and names a later key’s version', async () => {
    const yaml = GOOD.replace('    meta:\n', '    meta:\n      primary_key: amount\n');
    const answer = await validate({yaml, project_files: ['version: 2\nmodels:\n  - name: clients\n']});
    expect(answer.problems.map((p) => [p.severity, p.path])).toEqual([
      ['later', 'models[0].meta.primary_key'],
      ['error', 'models[0].meta.joins[0].join'],
    ]);
    expect(answer.problems[0].message).toContain('0.1759.0');
    expect(answer.problems[1].message).toMatch(/^No model named `customers`/);
  });

  it('reports a YAML syntax error with its line and a link to the syntax help', async () => {
    const answer = await validate({yaml: 'version: 2\nmodels:\n  - name: a\n    name: b\n'});
    expect(answer.problems).toEqual([
      expect.objectContaining({
        kind: 'syntax',
        line: 4,
        docs: 'https://docs.lightdash.com/guides/validate-your-yaml#syntax-errors',
      }),
    ]);
  });

  it('refuses chart and dashboard files, saying why', async () => {
    const answer = await callTool(server.client, 'validate_yaml', {yaml: 'name: x\n', kind: 'chart'});
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/dbt properties files only.*no schema for charts as code/);
  });

  it('refuses an alias bomb without expanding it', async () => {
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 9; i += 1) {
      const [prev, name] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const answer = await callTool(server.client, 'validate_yaml', {yaml: levels.join('\n')});
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^Not checked: The file uses anchors and aliases/);
    expect(answer.text).toContain('https://docs.lightdash.com/guides/validate-your-yaml#limits');

    // 16,000 aliases of one anchor (issue 45): counted before any is expanded, refused at once.
    const start = Date.now();
    const many = await callTool(server.client, 'validate_yaml', {
      yaml: `version: 2\nx: &a orders\nmodels: [${Array(16_000).fill('*a').join(', ')}]\n`,
    });
    expect(Date.now() - start).toBeLessThan(2000);
    expect(many.isError).toBe(true);
    expect(many.text).toMatch(/^Not checked: The file has more than 1,000 aliases/);
  });

  it('refuses a file over the size cap with the limit, and checks a 100,000-character file', async () => {
    const over = await callTool(server.client, 'validate_yaml', {yaml: `#${'x'.repeat(MAX_YAML_CHARS)}`});
    expect(over.isError).toBe(true);
    expect(over.text).toContain(`reads at most ${MAX_YAML_CHARS.toLocaleString('en-US')}`);

    const keys = Array.from({length: 4000}, (_, i) => `      unknown_setting_${i}: value`).join('\n');
    const big = `version: 2\nmodels:\n  - name: m\n    meta:\n${keys}\n`;
    expect(big.length).toBeGreaterThan(100_000);
    const answer = await validate({yaml: big});
    expect(answer.problemCount).toBe(4000);
    expect(answer.counts).toEqual({error: 0, warning: 4000, later: 0});
    expect(answer.problems).toHaveLength(200);
    expect(answer.omitted).toBe(3800);
  });

  it('keeps hostile text as data and keeps serving', async () => {
    const answer = await validate({yaml: `version: 2\n"<script>alert(1)</script>": 1\n`});
    expect(answer.problems[0].message).toContain('`<script>alert(1)</script>`');
    expect((await validate({yaml: GOOD})).valid).toBe(true);
  });
});
