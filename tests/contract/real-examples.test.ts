// Every request and response example of our contract validates against the REAL released spec's schema for the
// same place (issue 18, item 5): the request body of the same operation (method and path), and the `results` of
// a success response (the whole envelope when the real response declares no `results`).
//
// The real spec is OpenAPI 3.0, compiled here with Ajv (draft 2020-12) after one translation: `nullable: true`
// becomes a union with null (`type: [t, "null"]`, `null` added to an enum, or `anyOf: [schema, {type: null}]` for
// a $ref/allOf/anyOf). Unknown 3.0 keywords are ignored (strict: false): the file is reference data.
//
// Justified deviations (deviations.yaml `deviations`, not the open items) are mapped to example values as
// fidelity.ts names places: an Ajv error at instance path /a/0/b of a request body is the place `body.a[].b`,
// of a response `results.a[].b`; the error's keyword gives the fact (`required` for a missing property — at
// `place.property` —, `enum`/`const` for enum, anything else for type). An error is explained when a deviation
// (or an `exampleDeviations` entry: a difference the facts do not show, such as secrets the server strips) matches
// `METHOD /real/path place fact`. The value at an explained place is removed from a copy of the example (an
// explained missing property gets an empty-string placeholder) and the copy validated again, until it passes or
// an unexplained error remains.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {loadContract, operations, root, type JsonObject, type MediaType, type OpenApiDocument} from './contract';
import {loadRealSpec, pathKey, placePattern, type Deviation} from './fidelity';
import {RELEASED_PATCH} from '../../src/lib/releasedVersion.mjs';

const REAL_ID = `urn:lightdash:real-${RELEASED_PATCH}`;
const SUCCESS = /^[23]\d\d$/;

/** 3.0 → 2020-12: nullable as a union with null, $refs into one $defs document. */
export function fromOpenApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromOpenApi30);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value as JsonObject)) {
    if (key === 'nullable') continue;
    if (key === '$ref' && typeof child === 'string') {
      out.$ref = `${REAL_ID}#/$defs/${child.replace('#/components/schemas/', '')}`;
    } else out[key] = fromOpenApi30(child);
  }
  if ((value as JsonObject).nullable !== true) return out;
  if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    return out;
  }
  // $ref, allOf or anyOf: a 3.0 sibling `nullable` applies to the whole schema.
  const {description, ...rest} = out;
  return {anyOf: [rest, {type: 'null'}], ...(description === undefined ? {} : {description})};
}

function realValidator(real: OpenApiDocument): (schema: JsonObject) => ValidateFunction {
  const ajv = new Ajv2020({allErrors: true, strict: false});
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double'])
    ajv.addFormat(format, {type: 'number', validate: () => true});
  ajv.addSchema({$id: REAL_ID, $defs: fromOpenApi30(real.components.schemas)} as JsonObject);
  const compiled = new Map<JsonObject, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(fromOpenApi30(schema) as JsonObject);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

function deref(doc: OpenApiDocument, schema: JsonObject | undefined): JsonObject | undefined {
  let current = schema;
  while (current && typeof current.$ref === 'string') {
    current = doc.components.schemas[current.$ref.replace('#/components/schemas/', '')];
  }
  return current;
}

/** The `results` schema of a real success envelope (looking into allOf parts), if it declares one. */
function resultsSchema(doc: OpenApiDocument, schema: JsonObject | undefined): JsonObject | undefined {
  const s = deref(doc, schema);
  if (!s) return undefined;
  const own = (s.properties as Record<string, JsonObject> | undefined)?.results;
  if (own) return own;
  for (const part of (s.allOf as JsonObject[] | undefined) ?? []) {
    const found = resultsSchema(doc, part);
    if (found) return found;
  }
  return undefined;
}

/** `/a/0/b` under `base` → `base.a[].b`, as fidelity.ts names places. */
function placeOf(base: string, instancePath: string): string {
  let place = base;
  for (const segment of instancePath.split('/').slice(1)) {
    place += /^\d+$/.test(segment) ? '[]' : `.${segment.replace(/~1/g, '/').replace(/~0/g, '~')}`;
  }
  return place.startsWith('.') ? place.slice(1) : place;
}

function factOf(error: ErrorObject, base: string): {place: string; fact: string; path: string[]} {
  const segments = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') {
    const missing = (error.params as {missingProperty: string}).missingProperty;
    const parent = placeOf(base, error.instancePath);
    return {place: parent ? `${parent}.${missing}` : missing, fact: 'required', path: segments};
  }
  const fact = error.keyword === 'enum' || error.keyword === 'const' ? 'enum' : 'type';
  return {place: placeOf(base, error.instancePath), fact, path: segments};
}

/** Removes the value at `segments` from `data` (a copy); returns false when there is nothing to remove. */
function removeAt(data: unknown, segments: string[]): boolean {
  if (segments.length === 0) return false;
  let parent = data as Record<string, unknown>;
  for (const s of segments.slice(0, -1)) parent = parent?.[s] as Record<string, unknown>;
  const last = segments[segments.length - 1];
  if (!parent || typeof parent !== 'object' || !(last in parent)) return false;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return true;
}

/** A value of JSON type `type` (ajv's `params.type` of a type error: one name or several, comma-separated). */
function placeholderOf(type: unknown): unknown {
  const first = String(Array.isArray(type) ? type[0] : type).split(',')[0];
  const values: Record<string, unknown> = {
    number: 0,
    integer: 0,
    string: '',
    boolean: false,
    array: [],
    object: {},
    null: null,
  };
  return first in values ? values[first] : undefined;
}

/** Puts a value of the real spec's type at `segments` (a copy); returns false when there is nothing to replace. */
function replaceAt(data: unknown, segments: string[], value: unknown): boolean {
  if (segments.length === 0 || value === undefined) return false;
  let parent = data as Record<string, unknown>;
  for (const s of segments.slice(0, -1)) parent = parent?.[s] as Record<string, unknown>;
  const last = segments[segments.length - 1];
  if (!parent || typeof parent !== 'object' || !(last in parent)) return false;
  parent[last] = value;
  return true;
}

/** Sets an empty-string placeholder for a missing property at `segments` + `name`; false when not possible. */
function fillAt(data: unknown, segments: string[], name: string): boolean {
  let parent = data as Record<string, unknown>;
  for (const s of segments) parent = parent?.[s] as Record<string, unknown>;
  if (!parent || typeof parent !== 'object' || Array.isArray(parent) || name in parent) return false;
  parent[name] = '';
  return true;
}

/** Errors of `value` not explained by a deviation at `label base…`; `used` collects the deviations that explained one. */
export function unexplainedErrors(
  validate: ValidateFunction,
  value: unknown,
  label: string,
  base: string,
  deviations: RegExp[],
  used: Set<RegExp> = new Set(),
): string[] {
  const data = structuredClone(value);
  // Places whose value was removed because a deviation explained it: their `required` errors are ours, not real.
  const removed = new Set<string>();
  for (let round = 0; round < 20; round++) {
    if (validate(data)) return [];
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
    const explained = errors.filter((e) => {
      const {place, fact} = factOf(e, base);
      if (fact === 'required' && removed.has(place)) return true;
      const hit = deviations.find((re) => re.test(`${label} ${place} ${fact}`));
      if (hit) used.add(hit);
      return hit !== undefined;
    });
    if (errors.length > 0 && errors.every((e) => explained.includes(e) && e.keyword === 'required')) return [];
    let changed = false;
    for (const e of explained) {
      const {place, path: at} = factOf(e, base);
      if (e.keyword === 'type' && at.length > 0 && replaceAt(data, at, placeholderOf(e.params.type))) {
        // A value the server sends with another type than the real spec says (a count as a string): a value of the
        // spec's type takes its place, so that the object keeps its shape and a union still finds its variant.
        changed = true;
      } else if (e.keyword !== 'required') {
        if (removeAt(data, at)) {
          removed.add(place);
          changed = true;
        }
        // A property a deviation lets the server leave out (secrets, say) gets a placeholder, so that the other
        // facts of its object are still checked; a union's other variants may then fail, which is fine.
      } else if (fillAt(data, at, (e.params as {missingProperty: string}).missingProperty)) changed = true;
    }
    if (!changed) return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message}`);
  }
  return ['too many rounds of pruning'];
}

interface Case {
  where: string;
  label: string;
  base: string;
  schema: JsonObject;
  value: unknown;
}

function mediaValues(media: MediaType | undefined): [string, unknown][] {
  if (!media) return [];
  const values: [string, unknown][] = media.example === undefined ? [] : [['example', media.example]];
  for (const [name, ex] of Object.entries(media.examples ?? {})) values.push([`examples.${name}`, ex.value]);
  return values;
}

/** Our request and success-response examples, each with the real schema of the same place. */
function cases(ours: OpenApiDocument, real: OpenApiDocument): Case[] {
  const realOps = new Map(operations(real).map((e) => [pathKey(e.method, e.path), e]));
  const out: Case[] = [];
  for (const {method, path: p, operation} of operations(ours)) {
    const match = realOps.get(pathKey(method, p));
    if (!match) continue;
    const label = `${method} ${match.path}`;
    const realBody = match.operation.requestBody?.content?.['application/json']?.schema;
    for (const [name, value] of mediaValues(operation.requestBody?.content?.['application/json'])) {
      if (realBody) out.push({where: `${label} request ${name}`, label, base: 'body', schema: realBody, value});
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      if (!SUCCESS.test(status)) continue;
      const realResponse = Object.entries(match.operation.responses).find(([c]) => SUCCESS.test(c))?.[1];
      const realSchema = realResponse?.content?.['application/json']?.schema;
      if (!realSchema) continue;
      const results = resultsSchema(real, realSchema);
      for (const [name, value] of mediaValues(response.content?.['application/json'])) {
        const where = `${label} response ${status} ${name}`;
        const envelope = value as JsonObject | undefined;
        if (results && envelope && typeof envelope === 'object' && 'results' in envelope) {
          out.push({where, label, base: 'results', schema: results, value: envelope.results});
        } else out.push({where, label, base: '', schema: realSchema, value});
      }
    }
  }
  return out;
}

const ours = loadContract();
const real = loadRealSpec();
const deviationFile = YAML.parse(readFileSync(path.join(root, 'tests', 'contract', 'deviations.yaml'), 'utf8')) as {
  deviations: Deviation[];
  exampleDeviations?: Deviation[];
};
const exampleDeviations = deviationFile.exampleDeviations ?? [];
const justified = [...deviationFile.deviations, ...exampleDeviations];
const deviationPatterns = justified.map((d) => placePattern(d.place));
const usedPatterns = new Set<RegExp>();
const compile = realValidator(real);
const all = cases(ours, real);

describe(`our examples against the real ${RELEASED_PATCH} schemas`, () => {
  it('has request and response examples to check', () => {
    expect(all.filter((c) => c.base === 'body').length).toBeGreaterThan(40);
    expect(all.filter((c) => c.base !== 'body').length).toBeGreaterThan(120);
  });

  it('reads 3.0 nullable as a union with null', () => {
    expect(fromOpenApi30({type: 'string', nullable: true})).toEqual({type: ['string', 'null']});
    expect(fromOpenApi30({type: 'string', enum: ['a'], nullable: true})).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(fromOpenApi30({allOf: [{$ref: '#/components/schemas/X'}], nullable: true})).toEqual({
      anyOf: [{allOf: [{$ref: `${REAL_ID}#/$defs/X`}]}, {type: 'null'}],
    });
  });

  it('fails an example on a difference unless a deviation names its place', () => {
    const ajv = new Ajv2020({allErrors: true, strict: false});
    const validate = ajv.compile({type: 'object', properties: {a: {type: 'string'}}, required: ['a']});
    expect(unexplainedErrors(validate, {a: 1}, 'GET /x', 'results', [])).toEqual(['/a type: must be string']);
    expect(unexplainedErrors(validate, {a: 1}, 'GET /x', 'results', [placePattern('GET /x results.a type')])).toEqual(
      [],
    );
    expect(
      unexplainedErrors(validate, {a: 1}, 'GET /x', 'results', [placePattern('GET /x results.b type')]),
    ).toHaveLength(1);
  });

  describe.each(all.map((c) => [c.where, c] as const))('%s', (_where, c) => {
    it('validates against the real schema, bar justified deviations', () => {
      expect(unexplainedErrors(compile(c.schema), c.value, c.label, c.base, deviationPatterns, usedPatterns)).toEqual(
        [],
      );
    });
  });

  it('keeps the justified deviations, those of the examples included, to at most 15', () => {
    expect(justified.length).toBeLessThanOrEqual(15);
  });

  it('uses every example deviation (checked after the examples)', () => {
    const unused = exampleDeviations.filter((d) => !usedPatterns.has(deviationPatterns[justified.indexOf(d)]));
    expect(unused.map((d) => d.place)).toEqual([]);
  });
});
