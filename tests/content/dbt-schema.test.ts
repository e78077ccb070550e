// The dbt YAML JSON Schema served at /schemas/lightdash-dbt.json (static/schemas/lightdash-dbt.json): it compiles in
// Ajv's strict mode, its enums equal the API contract's, every dbt properties file shown in the docs validates, every
// committed bad snippet is rejected for the reason it names, and the good snippets pass.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {loadContract} from '../contract/contract';
import {codeBlocks, listMdx, readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const schemaFile = path.join(root, 'static/schemas/lightdash-dbt.json');
const fixturesDir = path.join(root, 'tests/fixtures/dbt-schema');
const docsDirs = ['docs', RELEASED_DOCS_DIR];
const guidePage = 'guides/vs-code-yaml-validation.mdx';

type Schema = Record<string, unknown> & {$id: string; $defs: Record<string, {enum?: string[]}>};
const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as Schema;

function compileSchema(): ValidateFunction {
  const ajv = new Ajv2020({strict: true, allErrors: true});
  addFormats(ajv);
  return ajv.compile(schema);
}
// Compiled on first use, so that a schema that does not compile fails the compile test with Ajv's message instead of
// failing the whole file at import.
let compiled: ValidateFunction | undefined;
function validate(data: unknown): {ok: boolean; errors: ErrorObject[]} {
  compiled ??= compileSchema();
  const ok = compiled(data);
  return {ok, errors: compiled.errors ?? []};
}

const describeErrors = (errors: ErrorObject[]) =>
  errors.map((e) => `${e.instancePath || '(root)'} ${e.keyword}: ${e.message} ${JSON.stringify(e.params)}`);

/**
 * A docs code block counts as a dbt properties file when it is YAML whose top level is a mapping with a `models` key
 * (every Lightdash example in the docs is written as a whole file). A block that is not such a file but still holds
 * Lightdash settings is a fragment; fragments must be listed here with the reason they cannot be whole files.
 */
const FRAGMENTS_NOT_CHECKED: Record<string, string> = {};
/** Fallback for blocks that do not parse: a `meta:` line followed by a Lightdash key. */
const LIGHTDASH_META = /^\s*meta:\s*$[\s\S]*^\s*(dimension|metrics|joins|additional_dimensions):/m;
/** Keys that only mean something to Lightdash when they sit in a dbt `meta` mapping. */
const LIGHTDASH_META_KEYS = new Set([
  'dimension',
  'metrics',
  'joins',
  'additional_dimensions',
  'group_details',
  'sql_filter',
  'sql_where',
  'required_filters',
  'order_fields_by',
]);

const isMapping = (node: unknown): node is Record<string, unknown> =>
  node !== null && typeof node === 'object' && !Array.isArray(node);

/**
 * Whether parsed YAML holds Lightdash field definitions outside a whole file: a `meta` mapping with a Lightdash key, a
 * `metrics` map of named metrics (objects with a `type`), a `dimension` mapping, or a dbt `columns` list. Chart and
 * dashboard YAML (content as code) lists metrics as field ids, so a `metrics` *list* does not count.
 */
function holdsLightdashFields(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(holdsLightdashFields);
  if (!isMapping(node)) return false;
  const {meta, metrics, dimension, columns} = node;
  if (isMapping(meta) && Object.keys(meta).some((key) => LIGHTDASH_META_KEYS.has(key))) return true;
  if (isMapping(metrics) && Object.values(metrics).some((m) => isMapping(m) && 'type' in m)) return true;
  if (isMapping(dimension)) return true;
  if (Array.isArray(columns) && columns.some((c) => isMapping(c) && 'name' in c)) return true;
  return Object.values(node).some(holdsLightdashFields);
}

interface DocsBlock {
  readonly where: string;
  readonly code: string;
}

/** Sorts the YAML blocks of one MDX source into whole dbt properties files and unchecked Lightdash fragments. */
function classifyYamlBlocks(source: string, page: string): {files: DocsBlock[]; fragments: string[]} {
  const files: DocsBlock[] = [];
  const fragments: string[] = [];
  codeBlocks(source).forEach((block, index) => {
    if (block.lang !== 'yaml' && block.lang !== 'yml') return;
    const where = `${page} block ${index}`;
    let parsed: unknown;
    let parses = true;
    try {
      parsed = parseYaml(block.code);
    } catch {
      parses = false; // unparsable YAML is reported by pages.test.ts; the fragment check still applies below
    }
    if (isMapping(parsed) && 'models' in parsed) files.push({where, code: block.code});
    else if (where in FRAGMENTS_NOT_CHECKED) return;
    else if (parses ? holdsLightdashFields(parsed) : LIGHTDASH_META.test(block.code)) fragments.push(where);
  });
  return {files, fragments};
}

function dbtBlocks(dir: string): {files: DocsBlock[]; fragments: string[]} {
  const files: DocsBlock[] = [];
  const fragments: string[] = [];
  for (const file of listMdx(path.join(root, dir))) {
    // Blocks are read where they are written (partials once, not again in each page that imports them).
    const found = classifyYamlBlocks(fs.readFileSync(file, 'utf8'), path.relative(root, file));
    files.push(...found.files);
    fragments.push(...found.fragments);
  }
  return {files, fragments};
}

it('the schema compiles in Ajv strict mode and declares draft 2020-12 and its public URL', () => {
  expect(() => compileSchema()).not.toThrow();
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  expect(schema.$id).toBe('https://docs.lightdash.com/schemas/lightdash-dbt.json');
});

it('every property in the schema has a description (editors show it on hover)', () => {
  const missing: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties') {
        for (const [name, property] of Object.entries(value as Record<string, {description?: unknown}>)) {
          if (typeof property.description !== 'string' || property.description.length < 10) {
            missing.push(`${at}/properties/${name}`);
          }
        }
      }
      walk(value, `${at}/${key}`);
    }
  };
  walk(schema, '#');
  expect(missing).toEqual([]);
});

it('puts only annotations beside $ref, since draft-07 editors ignore keywords next to a $ref', () => {
  const annotations = new Set(['$ref', 'title', 'description', '$comment']);
  const offending: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    if ('$ref' in node && Object.keys(node).some((k) => !annotations.has(k))) offending.push(at);
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
  };
  walk(schema, '#');
  expect(offending).toEqual([]);
});

describe('schema enums equal the API contract', () => {
  const contractSchemas = (loadContract() as unknown as {components: {schemas: Record<string, {enum?: string[]}>}})
    .components.schemas;
  it.each([['MetricType'], ['DimensionType'], ['JoinType'], ['TimeFrame']])('%s', (name) => {
    expect(contractSchemas[name]?.enum, `contract ${name}`).toBeDefined();
    expect([...(schema.$defs[name]?.enum ?? [])].sort()).toEqual([...(contractSchemas[name].enum ?? [])].sort());
  });

  it('CompactOrAlias (the Compact enum plus its aliases)', () => {
    const union = contractSchemas.CompactOrAlias as {anyOf: ({$ref: string} | {enum: string[]})[]};
    const values = union.anyOf.flatMap((branch) =>
      'enum' in branch ? branch.enum : (contractSchemas[branch.$ref.split('/').pop() ?? '']?.enum ?? []),
    );
    expect(values.length).toBeGreaterThan(4);
    expect([...(schema.$defs.CompactOrAlias.enum ?? [])].sort()).toEqual(values.sort());
  });

  it('the default time dimension intervals are time frames of the contract', () => {
    const intervals = (schema.$defs.defaultTimeDimension as {properties: {interval: {enum: string[]}}}).properties
      .interval.enum;
    expect(intervals.length).toBeGreaterThan(0);
    expect(contractSchemas.TimeFrame.enum).toEqual(expect.arrayContaining(intervals));
  });

  it('named formats equal the format table of the dimensions reference (the contract types format as a string)', () => {
    for (const dir of docsDirs) {
      const body = readPage(path.join(root, dir, 'references/dimensions.mdx')).body;
      const section = body.split(/^## /m).find((s) => s.includes('{#format}')) ?? '';
      const listed = [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]);
      expect(listed.length, `${dir} #format table`).toBeGreaterThan(0);
      expect([...(schema.$defs.namedFormat.enum ?? [])].sort(), dir).toEqual(listed.sort());
    }
  });
});

describe.each(docsDirs)('dbt properties files shown in %s', (dir) => {
  const {files, fragments} = dbtBlocks(dir);

  it('are found (the block rule still matches the docs)', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  it('contain no unchecked fragments of Lightdash YAML (write whole files, or list the block with a reason)', () => {
    expect(fragments).toEqual([]);
  });

  it.each(files.map((b) => [b.where, b]))('%s validates', (_where, block) => {
    const {ok, errors} = validate(parseYaml(block.code));
    expect(ok, `${block.where}:\n${describeErrors(errors).join('\n')}`).toBe(true);
  });
});

/**
 * The docs check run on small pages that say on their first line, in an MDX comment `expect: <outcome>`, what it must
 * find. This shows that a broken example on a real page fails the suite: a page with an invalid whole file, a page with
 * a fragment, a page that must pass, and a page without dbt YAML (chart-as-code, whose `metrics` lists field ids).
 */
describe('the docs check on example pages', () => {
  const pagesDir = path.join(fixturesDir, 'pages');
  const pages = fs
    .readdirSync(pagesDir)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => {
      const source = fs.readFileSync(path.join(pagesDir, f), 'utf8');
      const outcome = /^\{\/\* expect: (valid|invalid|fragment|none) \*\/\}/.exec(source)?.[1];
      if (!outcome) throw new Error(`${f}: first line must be {/* expect: valid|invalid|fragment|none */}`);
      return {name: f, source, outcome};
    });

  it('cover a rejected file, a fragment and accepted pages', () => {
    expect(new Set(pages.map((p) => p.outcome))).toEqual(new Set(['valid', 'invalid', 'fragment', 'none']));
  });

  it.each(pages.map((p) => [p.name, p]))('%s', (_name, page) => {
    const {files, fragments} = classifyYamlBlocks(page.source, page.name);
    const invalid = files.filter((b) => !validate(parseYaml(b.code)).ok).map((b) => b.where);
    if (page.outcome === 'fragment') {
      expect(fragments.length, 'fragments found').toBeGreaterThan(0);
    } else if (page.outcome === 'none') {
      expect({files: files.length, fragments}, 'dbt YAML found').toEqual({files: 0, fragments: []});
    } else {
      expect(fragments, 'fragments found').toEqual([]);
      expect(files.length, 'whole files found').toBeGreaterThan(0);
      if (page.outcome === 'invalid') expect(invalid.length, 'files rejected').toBeGreaterThan(0);
      else expect(invalid, 'files rejected').toEqual([]);
    }
  });
});

interface BadSnippet {
  readonly file: string;
  readonly reason: string;
  readonly instancePath: string;
  readonly keyword: string;
  readonly param?: string;
}

/** Reads the two header comments of a bad snippet: `# rejects: <reason>` and `# error: <path> <keyword> [<param>]`. */
function readBadSnippet(file: string): BadSnippet {
  const [first = '', second = ''] = fs.readFileSync(file, 'utf8').split('\n');
  const reason = /^# rejects: (.+)$/.exec(first)?.[1];
  const error = /^# error: (\S+) (\w+)(?: (\S+))?$/.exec(second);
  if (!reason || !error) throw new Error(`${file}: needs "# rejects: <reason>" and "# error: <path> <keyword>" first`);
  const [, at, keyword, param] = error;
  return {file, reason, instancePath: at === '(root)' ? '' : at, keyword, param};
}

const fixtureFiles = (kind: 'good' | 'bad') =>
  fs
    .readdirSync(path.join(fixturesDir, kind))
    .filter((f) => f.endsWith('.yml'))
    .map((f) => path.join(fixturesDir, kind, f));

describe('bad snippets are rejected for the reason they name', () => {
  const snippets = fixtureFiles('bad').map(readBadSnippet);

  it('there are at least 12', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(12);
  });

  it.each(snippets.map((s) => [path.basename(s.file), s]))('%s', (_name, snippet) => {
    const {ok, errors} = validate(parseYaml(fs.readFileSync(snippet.file, 'utf8')));
    const report = `${snippet.reason}\n${describeErrors(errors).join('\n')}`;
    expect(ok, report).toBe(false);
    const named = errors.filter(
      (e) =>
        e.instancePath === snippet.instancePath &&
        e.keyword === snippet.keyword &&
        (snippet.param === undefined || Object.values(e.params).map(String).includes(snippet.param)),
    );
    expect(
      named.length,
      `no "${snippet.keyword}" error at ${snippet.instancePath || '(root)'}\n${report}`,
    ).toBeGreaterThan(0);
    // Nothing else is wrong: every error is at the named place or at a parent (anyOf and friends report there too).
    const elsewhere = errors.filter(
      (e) => e.instancePath !== snippet.instancePath && !snippet.instancePath.startsWith(`${e.instancePath}/`),
    );
    expect(describeErrors(elsewhere), report).toEqual([]);
  });
});

describe('good snippets validate', () => {
  it.each(fixtureFiles('good').map((f) => [path.basename(f), f]))('%s', (_name, file) => {
    const {ok, errors} = validate(parseYaml(fs.readFileSync(file, 'utf8')));
    expect(ok, describeErrors(errors).join('\n')).toBe(true);
  });
});

describe.each(docsDirs)('the YAML validation guide in %s', (dir) => {
  const body = readPage(path.join(root, dir, guidePage)).body;
  const urls = [...body.matchAll(/https:\/\/docs\.lightdash\.com\/schemas\/[\w./-]+/g)].map((m) => m[0]);

  it('uses the schema $id as its URL, in the settings and in the modeline', () => {
    expect(urls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(urls)).toEqual(new Set([schema.$id]));
    expect(body).toContain('"yaml.schemas"');
    expect(body).toContain(`# yaml-language-server: $schema=${schema.$id}`);
  });

  it('points at a file that the site serves from static/', () => {
    const served = path.join(root, 'static', new URL(schema.$id).pathname);
    expect(fs.existsSync(served), served).toBe(true);
  });
});
