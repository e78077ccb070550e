/**
 * What the released Lightdash itself rejects, by its own two schemas (lightdash-<version>/README.md), run as that
 * release ran them:
 * - `cli`: lightdash-dbt-2.0.json on the whole file, as the CLI compiles it (draft-07, `coerceTypes: true`);
 * - `deploy`: lightdashMetadata.json on each model's and each column's `meta` (and dbt's `config.meta`), as the
 *   backend checks them when it compiles a project: a model that fails becomes an explore error.
 * The errors keep Ajv's form, with instance paths from the top of the file, so the checker can put them beside the
 * docs schema's findings for the same place.
 */
import type {ErrorObject} from 'ajv';
import {validate as validateCli} from './generated/lightdash0_1410Cli.mjs';
import {validateColumnMeta, validateModelMeta} from './generated/lightdash0_1410Metadata.mjs';

export type ReferenceCheck = 'cli' | 'deploy';
export type ReferenceError = ErrorObject & {readonly check: ReferenceCheck};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A deep copy for the CLI's validator, whose `coerceTypes` rewrites the values it checks. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isObject(value)) {
    const out: Json = {};
    for (const key of Object.keys(value)) out[key] = copy(value[key]);
    return out;
  }
  return value;
}

const pointer = (segments: readonly (string | number)[]) =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function run(
  validator: {(data: unknown): boolean; errors?: ErrorObject[] | null},
  data: unknown,
  at: readonly (string | number)[],
  check: ReferenceCheck,
): ReferenceError[] {
  if (validator(data)) return [];
  const prefix = pointer(at);
  return (validator.errors ?? []).map((error) => ({...error, instancePath: prefix + error.instancePath, check}));
}

export function lightdash0_1410Errors(data: unknown): ReferenceError[] {
  const errors = run(validateCli, copy(data), [], 'cli');
  if (!isObject(data) || !Array.isArray(data.models)) return errors;
  data.models.forEach((model, m) => {
    if (!isObject(model)) return;
    const metas: [unknown, (string | number)[]][] = [
      [model.meta, ['models', m, 'meta']],
      [isObject(model.config) ? model.config.meta : undefined, ['models', m, 'config', 'meta']],
    ];
    for (const [meta, at] of metas) if (meta !== undefined) errors.push(...run(validateModelMeta, meta, at, 'deploy'));
    if (!Array.isArray(model.columns)) return;
    model.columns.forEach((column, c) => {
      if (!isObject(column)) return;
      const columnMetas: [unknown, (string | number)[]][] = [
        [column.meta, ['models', m, 'columns', c, 'meta']],
        [isObject(column.config) ? column.config.meta : undefined, ['models', m, 'columns', c, 'config', 'meta']],
      ];
      for (const [meta, at] of columnMetas) {
        if (meta !== undefined) errors.push(...run(validateColumnMeta, meta, at, 'deploy'));
      }
    });
  });
  return errors;
}

/** Ajv's key of a finding: the place, and for an unknown or missing key the key itself. */
export function findingKey(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/+${String(params.additionalProperty)}`;
  if (error.keyword === 'required') return `${error.instancePath}/?${String(params.missingProperty)}`;
  return error.instancePath;
}

/** Among several errors at one place, the one that says most (an enum says more than the `anyOf` around it). */
const PRIORITY = ['enum', 'const', 'type', 'required', 'pattern', 'minLength', 'minimum', 'maxItems', 'not'];
export function mostTelling(errors: readonly ReferenceError[]): ReferenceError {
  const rank = (e: ErrorObject) => {
    const i = PRIORITY.indexOf(e.keyword);
    return i === -1 ? PRIORITY.length : i;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b))[0];
}
