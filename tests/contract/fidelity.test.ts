// The contract compared fact by fact with the API the released Lightdash server publishes (its generated OpenAPI
// 3.0 spec, kept as reference data). See fidelity.ts for what a fact is. Every difference must be listed in
// deviations.yaml, either as a justified deviation (the real spec is wrong, or the server does otherwise) or, while
// the work of issue 18 is unfinished, as an open item; an entry that matches nothing fails the test, so the file
// cannot go stale, and the fidelity figure may not fall below the floor written there.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {loadContract, root, type JsonObject, type OpenApiDocument} from './contract';
import {applyDeviations, compare, loadRealSpec, type Deviation} from './fidelity';
import {RELEASED_PATCH} from '../../src/lib/releasedVersion.mjs';

interface DeviationsFile {
  minimumFidelity: number;
  deviations: Deviation[];
  open: Deviation[];
}

const real = loadRealSpec();
const file = YAML.parse(
  readFileSync(path.join(root, 'tests', 'contract', 'deviations.yaml'), 'utf8'),
) as DeviationsFile;
const comparison = compare(loadContract(), real);
const all = [...file.deviations, ...(file.open ?? [])];
const {explained, unexplained, unused} = applyDeviations(comparison.differences, all);

const percent = (comparison.fidelity * 100).toFixed(2);
console.log(
  `API fidelity to Lightdash ${RELEASED_PATCH}: ${percent} % (${comparison.equal} of ${comparison.compared} facts equal); ` +
    `${comparison.differences.length} differences, ${explained.length} listed ` +
    `(${file.deviations.length} deviations, ${file.open?.length ?? 0} open items)`,
);

describe(`fidelity to the real ${RELEASED_PATCH} API`, () => {
  it('every entry of deviations.yaml names the place, what differs and why', () => {
    for (const d of all) {
      expect(d.place, JSON.stringify(d)).toMatch(/^(GET|PUT|POST|PATCH|DELETE|\*) /);
      expect(d.differs?.length, d.place).toBeGreaterThan(5);
      expect(d.why?.length, d.place).toBeGreaterThan(10);
    }
  });

  it('keeps the justified deviations short', () => {
    expect(file.deviations.length).toBeLessThanOrEqual(15);
  });

  it('has no difference that deviations.yaml does not list', () => {
    const report = unexplained.map((d) => `${d.place}: ours=${d.ours ?? '(absent)'} real=${d.real ?? '(absent)'}`);
    expect(report).toEqual([]);
  });

  it('lists no deviation that matches nothing', () => {
    expect(unused.map((d) => d.place)).toEqual([]);
  });

  it(`does not fall below the recorded fidelity floor`, () => {
    expect(comparison.fidelity * 100).toBeGreaterThanOrEqual(file.minimumFidelity);
  });

  it('matches every operation of the real API by method and path', () => {
    expect(comparison.differences.filter((d) => d.place.endsWith(' operation'))).toEqual([]);
  });
});

describe('comparison rules of fidelity.ts', () => {
  // One GET operation whose `results` is `schema`, with `schemas` as components.
  function doc(schema: JsonObject, schemas: Record<string, JsonObject> = {}): OpenApiDocument {
    const envelope = {type: 'object', properties: {status: {type: 'string'}, results: schema}, required: ['results']};
    return {
      openapi: '3.1.0',
      info: {},
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            responses: {'200': {description: 'ok', content: {'application/json': {schema: envelope}}}},
          },
        },
      },
      components: {schemas},
    };
  }
  const record = (values: JsonObject): JsonObject => ({type: 'object', unevaluatedProperties: values});

  it('compares nothing below an untyped tsoa Record of the real spec', () => {
    const real = doc(
      {$ref: '#/components/schemas/Record_string.string_'},
      {
        'Record_string.string_': {properties: {}, type: 'object'},
      },
    );
    const result = compare(doc(record({type: 'number'})), real);
    expect(result.differences).toEqual([]);
  });

  it('compares nothing below a place the real spec leaves without any schema, but the place itself', () => {
    const ours = doc({type: 'array', items: {type: 'object', properties: {a: {type: 'string'}}, required: ['a']}});
    expect(compare(ours, doc({type: 'array', items: {}})).differences).toEqual([
      {place: 'GET /x results[] type', ours: 'object', real: 'any'},
    ]);
  });

  it('compares record values written as additionalProperties (3.0) and unevaluatedProperties (3.1)', () => {
    const real = doc({type: 'object', additionalProperties: {type: 'string'}});
    expect(compare(doc(record({type: 'string'})), real).differences).toEqual([]);
    expect(compare(doc(record({type: 'number'})), real).differences).toEqual([
      {place: 'GET /x results{} type', ours: 'number', real: 'string'},
    ]);
  });

  it('reads a property declared by several parts of an allOf as their intersection', () => {
    const otp = {type: 'object', properties: {a: {type: 'string'}}};
    const expiring = {allOf: [otp, {type: 'object', properties: {b: {type: 'string'}}, required: ['b']}]};
    const real = doc({
      allOf: [
        {type: 'object', properties: {otp}},
        {type: 'object', properties: {otp: expiring}},
      ],
    });
    const ours = doc({
      type: 'object',
      properties: {otp: {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}, required: ['b']}},
    });
    expect(compare(ours, real).differences).toEqual([]);
  });
});
