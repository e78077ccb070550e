// Shared helpers of the contract tests: build the contract when it is missing or stale, load it, and compile its
// schemas with Ajv (JSON Schema 2020-12, as used by OpenAPI 3.1).
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {HTTP_METHODS} from '../../plugins/api-reference/index';
import {filesUnder} from '../support/files';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const openapiFile = path.join(root, 'generated', 'openapi', 'openapi.json');
export const typesFile = path.join(root, 'generated', 'openapi', 'types.d.ts');
const buildScript = path.join(root, 'scripts', 'build-contract.mjs');

// Minimal OpenAPI shapes used by the tests.
export type JsonObject = Record<string, unknown>;
export interface MediaType {
  schema?: JsonObject;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
}
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonObject;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
}
export interface Response {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, {schema?: JsonObject}>;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: {required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  openapi: string;
  info: JsonObject;
  servers?: JsonObject[];
  tags?: {name: string; description?: string}[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {schemas: Record<string, JsonObject>; securitySchemes?: Record<string, JsonObject>};
}

const newestMtime = (dir: string): number => Math.max(0, ...filesUnder(dir).map((file) => statSync(file).mtimeMs));

function isFresh(): boolean {
  if (!existsSync(openapiFile) || !existsSync(typesFile)) return false;
  const sources = Math.max(newestMtime(path.join(root, 'contract')), statSync(buildScript).mtimeMs);
  return statSync(openapiFile).mtimeMs >= sources && statSync(typesFile).mtimeMs >= sources;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds the contract when the generated files are missing or older than contract/ or the build script.
 * Test files run in parallel workers, so the build is guarded by a lock directory.
 */
export function ensureContractBuilt(): void {
  if (isFresh()) return;
  const lock = path.join(root, 'generated', '.contract-build.lock');
  mkdirSync(path.dirname(lock), {recursive: true});
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}; remove it if no build is running.`);
      sleep(100);
    }
  }
  try {
    if (!isFresh()) execFileSync(process.execPath, [buildScript], {cwd: root, stdio: 'pipe'});
  } finally {
    rmSync(lock, {recursive: true, force: true});
  }
}

let cached: OpenApiDocument | undefined;

/** `value` and everything in it made read-only, so a change throws where it is made. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The compiled contract, parsed once per worker and frozen: the test files of vitest's `shared` project
 * (vitest.config.mts) get this same object, so one file changing it would change what the others test.
 * Pass a copy (`structuredClone`) to code that rewrites its input.
 */
export function loadContract(): OpenApiDocument {
  ensureContractBuilt();
  cached ??= deepFreeze(JSON.parse(readFileSync(openapiFile, 'utf8')) as OpenApiDocument);
  return cached;
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

export function operations(doc: OpenApiDocument): OperationEntry[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([method, operation]) => ({method: method.toUpperCase(), path: p, operation})),
  );
}

// ---------------------------------------------------------------------------------------------
// Ajv
// ---------------------------------------------------------------------------------------------

export const CONTRACT_ID = 'urn:lightdash:contract';

/**
 * Rewrites `#/components/schemas/X` references to `urn:lightdash:contract#/$defs/X` and drops the discriminator
 * `mapping` (Ajv's discriminator support does not take it; the oneOf variants carry the tag values).
 */
function prepare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prepare);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value as JsonObject)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      out[key] = `${CONTRACT_ID}#/$defs/${child.slice('#/components/schemas/'.length)}`;
    } else if (key === 'discriminator' && child && typeof child === 'object') {
      out[key] = {propertyName: (child as JsonObject).propertyName};
    } else {
      out[key] = prepare(child);
    }
  }
  return out;
}

export interface ContractValidator {
  ajv: Ajv2020;
  /** Validator of a component schema by name. */
  component(name: string): ValidateFunction;
  /** Validator of an inline schema found somewhere in the document. */
  inline(schema: JsonObject): ValidateFunction;
}

export function createValidator(doc: OpenApiDocument): ContractValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // Unions of objects with `type: object` and oneOf are fine here; these checks only log noise.
    strictTypes: false,
    strictTuples: false,
    discriminator: true,
  });
  addFormats(ajv);
  // OpenAPI number formats: every value of the JSON type is acceptable as far as the examples go.
  for (const format of ['int32', 'int64', 'float', 'double']) {
    ajv.addFormat(format, {type: 'number', validate: () => true});
  }
  ajv.addSchema({$id: CONTRACT_ID, $defs: prepare(doc.components.schemas)} as JsonObject);
  const components = new Map<string, ValidateFunction>();
  return {
    ajv,
    component(name) {
      if (!(name in doc.components.schemas)) throw new Error(`No component schema named ${name}`);
      let validate = components.get(name);
      if (!validate) {
        validate = ajv.compile({$ref: `${CONTRACT_ID}#/$defs/${name}`});
        components.set(name, validate);
      }
      return validate;
    },
    inline(schema) {
      return ajv.compile(prepare(schema) as JsonObject);
    },
  };
}

export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message}`).join('\n');
}
