// Fidelity of the contract to the real API of the released Lightdash: both documents are flattened into "facts" (one
// string value per place: an operation's operationId, each path/query parameter's required flag, type and enum,
// every property of the request body and of the response `results` at every depth with its required flag, type,
// enum and nullability, and the success status codes), and the two sets of facts are compared place by place.
//
// $refs are followed on both sides. OpenAPI 3.0 (the real spec) and 3.1 (ours) spell some things differently; the
// flattening reads both to the same facts:
//   - nullability: 3.0 `nullable: true` = 3.1 `type: [..., "null"]` = a `{type: "null"}` variant of anyOf/oneOf;
//   - `const` = a one-value `enum`; a union of enums of the same type = one enum with all values;
//   - `integer` counts as `number`: tsoa writes every TypeScript `number` as `number`, so the real spec cannot say
//     "integer", and our stricter integer is not a difference a client can notice in JSON;
//   - allOf is merged; anyOf/oneOf union their types and properties, and a property of a union is required when
//     every object variant requires it. A property that several parts of an allOf declare is itself read as the
//     intersection of those declarations (so a property required by one of them is required);
//   - a record's value schema is 3.0 `additionalProperties` = 3.1 `unevaluatedProperties` (how TypeSpec 1.x writes
//     Record<T>); its facts sit under `place{}`. A value schema that allows anything (`{}`, `true`) or nothing (`{not: {}}`,
//     `false`: a closed object) has no facts;
// One rule is not a translation but a limit of the real spec: where it says nothing about what lies below a place,
// nothing below that place is compared (neither side's facts under it count, in the figure or as differences); the
// place's own type and nullability still are. That is the case of every TypeScript Record, which tsoa writes as an
// object with no value schema at all (the schemas named `Record_string.X_`), and of a place with no schema at all
// (type any: tsoa's AnyType, `any[]` rows), where ours declares a structure. A difference at the place itself (any
// against object, say) still needs a deviation.
// Recursion stops when a $ref is met again on the same branch (recursive filter groups), on each side separately.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {root, type JsonObject, type OpenApiDocument} from './contract';
import {RELEASED_OPENAPI_FILE_NAME} from '../../src/lib/releasedVersion.mjs';

/** The spec the released Lightdash server publishes, kept next to the repository as reference data (issue 18). */
export const realSpecFile = path.resolve(root, '..', 'shared', 'reference', RELEASED_OPENAPI_FILE_NAME);

export function loadRealSpec(): OpenApiDocument {
  return JSON.parse(readFileSync(realSpecFile, 'utf8')) as OpenApiDocument;
}

export type Facts = Map<string, string>;

const SUCCESS = /^[23]\d\d$/;
/** Marker fact of a place the real spec says nothing below: nothing below it is compared (see the header). */
const UNTYPED = 'untyped';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

interface Shape {
  types: Set<string>;
  nullable: boolean;
  enumValues?: Set<string>;
  properties: Map<string, {schemas: JsonObject[]; requiredIn: number}>;
  objectVariants: number;
  items: JsonObject[];
  additional: JsonObject[];
  refs: Set<string>;
}

/**
 * Whether an additionalProperties/unevaluatedProperties value describes record values. Not when it allows any value
 * (`true`, `{}`: nothing to compare) or closes the object (`false`, `{not: {}}`, how TypeSpec closes a model).
 */
function isValueSchema(value: unknown): value is JsonObject {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  const closed = keys.length === 1 && 'not' in value && Object.keys((value as JsonObject).not ?? {}).length === 0;
  return keys.length > 0 && !closed;
}

/** A tsoa Record (`Record_string.X_`): an object schema that declares neither properties nor a value schema. */
function isUntypedRecord(shape: Shape): boolean {
  return (
    [...shape.refs].some((name) => name.startsWith('Record_')) &&
    shape.properties.size === 0 &&
    shape.additional.length === 0
  );
}

/** A schema that says nothing at all (type any). */
function isAny(shape: Shape): boolean {
  return (
    shape.types.size === 0 &&
    !shape.enumValues &&
    shape.properties.size === 0 &&
    shape.items.length === 0 &&
    shape.additional.length === 0
  );
}

function emptyShape(): Shape {
  return {
    types: new Set(),
    nullable: false,
    properties: new Map(),
    objectVariants: 0,
    items: [],
    additional: [],
    refs: new Set(),
  };
}

class Flattener {
  constructor(private readonly doc: OpenApiDocument) {}

  private deref(schema: JsonObject, refs: Set<string>): JsonObject {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      refs.add(name);
      const target = this.doc.components.schemas[name];
      if (!target) throw new Error(`Unresolved $ref ${current.$ref}`);
      // 3.1 allows siblings next to $ref (descriptions, nullability); keep them.
      const siblings = {...current};
      delete siblings.$ref;
      current = {...target, ...siblings};
    }
    return current;
  }

  /** Reads one schema (and its allOf/anyOf/oneOf) into `shape`. `variant` collects one union member. */
  private readInto(schema: JsonObject, shape: Shape): void {
    const s = this.deref(schema, shape.refs);
    if (s.nullable === true) shape.nullable = true;
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
    for (const t of types) {
      if (t === 'null') shape.nullable = true;
      else shape.types.add(t === 'integer' ? 'number' : t);
    }
    const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? (s.enum as unknown[]) : undefined;
    if (values) {
      shape.enumValues ??= new Set();
      for (const v of values) {
        if (v === null) shape.nullable = true;
        else {
          shape.enumValues.add(JSON.stringify(v));
          if (types.length === 0) shape.types.add(typeof v === 'number' ? 'number' : typeof v);
        }
      }
    }
    const valueSchema = s.additionalProperties ?? s.unevaluatedProperties;
    if (s.properties || valueSchema !== undefined || (types.includes('object') && !s.allOf && !s.oneOf && !s.anyOf)) {
      shape.types.add('object');
      shape.objectVariants++;
      const required = new Set((s.required as string[] | undefined) ?? []);
      for (const [name, child] of Object.entries((s.properties as Record<string, JsonObject>) ?? {})) {
        const entry = shape.properties.get(name) ?? {schemas: [], requiredIn: 0};
        entry.schemas.push(child);
        if (required.has(name)) entry.requiredIn++;
        shape.properties.set(name, entry);
      }
      if (isValueSchema(valueSchema)) shape.additional.push(valueSchema);
    }
    if (s.items && typeof s.items === 'object') {
      shape.types.add('array');
      shape.items.push(s.items as JsonObject);
    }
    if (Array.isArray(s.allOf)) {
      const parts = s.allOf as JsonObject[];
      if (parts.length === 1) this.readInto(parts[0], shape);
      else this.readIntersection(parts, shape);
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (!Array.isArray(s[key])) continue;
      for (const variant of s[key] as JsonObject[]) this.readInto(variant, shape);
    }
  }

  /** An intersection is one object: a property is required when one part (every variant of it) requires it. */
  private readIntersection(parts: JsonObject[], into: Shape): void {
    // Per property: the declaration of each part (one part's union variants stay a union), and whether one part
    // requires it.
    const merged = new Map<string, {parts: JsonObject[]; required: boolean}>();
    let isObject = false;
    for (const part of parts) {
      const p = emptyShape();
      this.readInto(part, p);
      for (const t of p.types) into.types.add(t);
      if (p.nullable) into.nullable = true;
      for (const r of p.refs) into.refs.add(r);
      if (p.enumValues) {
        into.enumValues ??= new Set();
        for (const v of p.enumValues) into.enumValues.add(v);
      }
      into.items.push(...p.items);
      into.additional.push(...p.additional);
      if (p.objectVariants === 0) continue;
      isObject = true;
      for (const [name, entry] of p.properties) {
        const target = merged.get(name) ?? {parts: [], required: false};
        target.parts.push(entry.schemas.length === 1 ? entry.schemas[0] : {anyOf: entry.schemas});
        if (entry.requiredIn === p.objectVariants) target.required = true;
        merged.set(name, target);
      }
    }
    if (!isObject) return;
    into.objectVariants++;
    for (const [name, entry] of merged) {
      const target = into.properties.get(name) ?? {schemas: [], requiredIn: 0};
      target.schemas.push(entry.parts.length === 1 ? entry.parts[0] : {allOf: entry.parts});
      if (entry.required) target.requiredIn++;
      into.properties.set(name, target);
    }
  }

  shape(schemas: JsonObject[]): Shape {
    const shape = emptyShape();
    for (const schema of schemas) this.readInto(schema, shape);
    return shape;
  }

  /** Emits the facts of `schemas` (one place, possibly several schemas met there) under `place`. */
  emit(schemas: JsonObject[], place: string, out: Facts, stack: ReadonlySet<string>, depth = 0): void {
    const shape = this.shape(schemas);
    out.set(`${place} type`, shape.types.size ? [...shape.types].sort().join('|') : 'any');
    out.set(`${place} nullable`, String(shape.nullable));
    if (shape.enumValues) out.set(`${place} enum`, [...shape.enumValues].sort().join(','));
    if (isUntypedRecord(shape) || isAny(shape)) {
      out.set(`${place} ${UNTYPED}`, 'true');
      return;
    }
    const recursive = [...shape.refs].some((r) => stack.has(r));
    if (recursive || depth > 14) return;
    const next = new Set([...stack, ...shape.refs]);
    for (const [name, entry] of [...shape.properties].sort(([a], [b]) => a.localeCompare(b))) {
      const at = `${place}.${name}`;
      out.set(`${at} required`, String(entry.requiredIn > 0 && entry.requiredIn === shape.objectVariants));
      this.emit(entry.schemas, at, out, next, depth + 1);
    }
    if (shape.items.length) this.emit(shape.items, `${place}[]`, out, next, depth + 1);
    if (shape.additional.length) this.emit(shape.additional, `${place}{}`, out, next, depth + 1);
  }

  /** The `results` schema of a success envelope, or undefined when the response has none. */
  results(schema: JsonObject | undefined): JsonObject[] | undefined {
    if (!schema) return undefined;
    const shape = this.shape([schema]);
    return shape.properties.get('results')?.schemas;
  }
}

/** `{projectUuid}` → `{}`: path templates are matched without their parameter names. */
export function pathKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

/** Facts of every operation, keyed by `METHOD /path` (parameter names blanked for matching). */
export function operationFacts(doc: OpenApiDocument): Map<string, {label: string; facts: Facts}> {
  const flattener = new Flattener(doc);
  const result = new Map<string, {label: string; facts: Facts}>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      const facts: Facts = new Map();
      facts.set('operationId', op.operationId ?? '');
      for (const param of op.parameters ?? []) {
        if (param.in !== 'path' && param.in !== 'query') continue;
        const at = `param ${param.in} ${param.name}`;
        facts.set(`${at} required`, String(param.required === true));
        const shape = flattener.shape(param.schema ? [param.schema] : []);
        const itemShape = shape.items.length ? flattener.shape(shape.items) : undefined;
        facts.set(
          `${at} type`,
          [...shape.types].sort().join('|') + (itemShape ? ` of ${[...itemShape.types].sort().join('|')}` : ''),
        );
        const values = shape.enumValues ?? itemShape?.enumValues;
        if (values) facts.set(`${at} enum`, [...values].sort().join(','));
      }
      const success = Object.keys(op.responses).filter((c) => SUCCESS.test(c));
      facts.set('status', success.sort().join(','));
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) {
        facts.set('body required', String(op.requestBody?.required === true));
        flattener.emit([body], 'body', facts, new Set());
      }
      const firstJson = success.map((c) => op.responses[c].content?.['application/json']?.schema).find(Boolean);
      const results = flattener.results(firstJson);
      if (results) flattener.emit(results, 'results', facts, new Set());
      result.set(pathKey(method, path), {label, facts});
    }
  }
  return result;
}

export interface Difference {
  /** `METHOD /path (real path) fact`, the key deviations are matched against. */
  place: string;
  ours: string | undefined;
  real: string | undefined;
}

export interface Comparison {
  compared: number;
  equal: number;
  fidelity: number;
  /** Differences, with the facts below a property that only one side has collapsed into that property. */
  differences: Difference[];
}

/** A fact below a property that exists on one side only adds nothing: report the property once. */
function collapse(differences: Difference[]): Difference[] {
  const oneSided = new Set(
    differences
      .filter((d) => d.place.endsWith(' required') && (d.ours === undefined || d.real === undefined))
      .map((d) => d.place.slice(0, -' required'.length)),
  );
  return differences.filter((d) => {
    const subject = d.place.replace(/ (required|type|nullable|enum)$/, '');
    if (oneSided.has(subject) && !d.place.endsWith(' required')) return false;
    for (let cut = subject.length; cut > 0; cut--) {
      const ch = subject[cut];
      if ((ch === '.' || ch === '[' || ch === '{') && oneSided.has(subject.slice(0, cut))) return false;
    }
    return true;
  });
}

/** Places the real spec says nothing below (untyped Records, any): the facts below them are not compared. */
function untypedPlaces(facts: Facts): string[] {
  const suffix = ` ${UNTYPED}`;
  return [...facts.keys()].filter((f) => f.endsWith(suffix)).map((f) => f.slice(0, -suffix.length));
}

export function compare(ours: OpenApiDocument, real: OpenApiDocument): Comparison {
  const ourOps = operationFacts(ours);
  const realOps = operationFacts(real);
  let compared = 0;
  let equal = 0;
  const differences: Difference[] = [];
  for (const key of new Set([...realOps.keys(), ...ourOps.keys()])) {
    const o = ourOps.get(key);
    const r = realOps.get(key);
    const label = r?.label ?? o?.label ?? key;
    if (!o || !r) {
      compared++;
      differences.push({place: `${label} operation`, ours: o ? 'present' : undefined, real: r ? 'present' : undefined});
      continue;
    }
    const untyped = untypedPlaces(r.facts);
    const below = (fact: string) => untyped.some((p) => fact.startsWith(p) && '.[{'.includes(fact[p.length]));
    for (const fact of new Set([...r.facts.keys(), ...o.facts.keys()])) {
      if (fact.endsWith(` ${UNTYPED}`) || below(fact)) continue;
      compared++;
      const ov = o.facts.get(fact);
      const rv = r.facts.get(fact);
      if (ov === rv) equal++;
      else differences.push({place: `${label} ${fact}`, ours: ov, real: rv});
    }
  }
  return {compared, equal, fidelity: compared ? equal / compared : 1, differences: collapse(differences)};
}

export interface Deviation {
  /** A place, or a pattern with `*` standing for any text. */
  place: string;
  differs: string;
  why: string;
}

export function placePattern(place: string): RegExp {
  const escaped = place.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Splits differences into those a deviation explains and those none does; lists deviations that match nothing. */
export function applyDeviations(
  differences: Difference[],
  deviations: Deviation[],
): {explained: Difference[]; unexplained: Difference[]; unused: Deviation[]} {
  const patterns = deviations.map((d) => ({d, re: placePattern(d.place), used: false}));
  const explained: Difference[] = [];
  const unexplained: Difference[] = [];
  for (const diff of differences) {
    const hit = patterns.find((p) => p.re.test(diff.place));
    if (hit) {
      hit.used = true;
      explained.push(diff);
    } else unexplained.push(diff);
  }
  return {explained, unexplained, unused: patterns.filter((p) => !p.used).map((p) => p.d)};
}
