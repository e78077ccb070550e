/**
 * Checks Lightdash runs when it compiles a project, not in its JSON schemas: what the file's shape cannot tell.
 * Each rule is Lightdash's own, read at lightdash/lightdash@0b7563df (the released patch, 2024-12-11), and is the same in the
 * Next docs:
 * - `${...}` references (packages/common/src/compiler/exploreCompiler.ts: `lightdashVariablePattern`,
 *   `getParsedReference`, `compileDimensionReference`, `compileMetricReference`): `${name}` or `${table.name}`, where
 *   the table is the model itself or a model joined to it (or its alias) and the name is a dimension of that table
 *   (a column, an additional dimension, or a time interval of a column such as `created_at_day`); a non-aggregate
 *   metric (`number`, `string`, `date`, `timestamp`, `boolean`: `isNonAggregateMetric` in types/field.ts) refers to
 *   metrics instead. `${TABLE}`, `${lightdash.…}` and `${ld.…}` are Lightdash's own. A field that refers to itself
 *   is refused.
 * - a `${` left open is passed into the SQL as it is, where the warehouse refuses it.
 * - metric filters on a non-aggregate metric are refused (`compileMetricSql`).
 * - a metric with the name of a dimension of the same model is refused (translator.ts, "Found a metric and a
 *   dimension with the same name").
 * - joins: the same table twice without an `alias` is refused (`compileExplore`), and so is a join to a model that
 *   does not exist, which the checker can only tell when it is given the other files of the project.
 * - model names: no dots, not `lightdash`, `ld` or empty (packages/common/src/dbt/schemas/lightdashV12.json).
 * References to a model the checker has not seen (one in another file) are not judged.
 */
import type {DocTarget} from './docLinks';

export type RuleSeverity = 'error' | 'warning';

export interface RuleFinding {
  /** Where: keys and list indexes from the top of the file. */
  readonly segments: readonly string[];
  /** Report at the key itself rather than its value. */
  readonly atKey?: boolean;
  readonly severity: RuleSeverity;
  readonly message: string;
  readonly docs: DocTarget;
}

/** Fields of one model as Lightdash builds them. */
export interface ModelFields {
  readonly name: string;
  readonly dimensions: ReadonlySet<string>;
  /** The column and additional dimension names as written, for the metric/dimension name clash (exact in Lightdash). */
  readonly namesAsWritten: ReadonlySet<string>;
  /** Dimensions whose time intervals (`name_day`, …) may be referred to: any not typed string, number or boolean. */
  // All names are lowercased (see hasDimension).
  readonly timeDimensions: ReadonlySet<string>;
  readonly metrics: ReadonlySet<string>;
  /** False when the file lists no columns for the model: its fields come from elsewhere and are not judged. */
  readonly hasColumns: boolean;
}

const NON_AGGREGATE = new Set(['number', 'string', 'date', 'timestamp', 'boolean']);
/** Time frames Lightdash adds to a date or timestamp dimension, lowercased as in its field names. */
const TIME_FRAMES = [
  'raw',
  'millisecond',
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'week_num',
  'month_num',
  'month_name',
  'day_of_week_name',
  'quarter_name',
  'day_of_week_index',
  'day_of_month_num',
  'day_of_year_num',
  'quarter_num',
  'year_num',
  'hour_of_day_num',
  'minute_of_hour_num',
];
/** Lightdash's own pattern of a reference, minus its `lightdash.` and `ld.` variables. */
const REFERENCE = /\$\{((?!(lightdash|ld)\.)[a-zA-Z0-9_.]+)\}/g;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const code = (name: string) => `\`${name.length > 60 ? `${name.slice(0, 57)}...` : name}\``;

/** A model's `meta`, with dbt's `config.meta` merged under it as dbt does. */
export function metaOf(node: Json): Json {
  const config = isObject(node.config) ? node.config : {};
  return {...(isObject(config.meta) ? config.meta : {}), ...(isObject(node.meta) ? node.meta : {})};
}

/** The fields Lightdash builds for each model of a file, by model name. */
export function modelFields(data: unknown): Map<string, ModelFields> {
  const models = new Map<string, ModelFields>();
  if (!isObject(data)) return models;
  for (const model of list(data.models)) {
    if (!isObject(model) || typeof model.name !== 'string') continue;
    const dimensions = new Set<string>();
    const timeDimensions = new Set<string>();
    const metrics = new Set<string>();
    const columns = list(model.columns).filter(isObject);
    for (const column of columns) {
      if (typeof column.name !== 'string') continue;
      const meta = metaOf(column);
      const dimension = isObject(meta.dimension) ? meta.dimension : {};
      dimensions.add(column.name);
      const type = text(dimension.type);
      if (!type || type === 'date' || type === 'timestamp') {
        timeDimensions.add(text(dimension.name) ?? column.name);
      }
      for (const [name, extra] of entries(meta.additional_dimensions)) {
        dimensions.add(name);
        const extraType = isObject(extra) ? text(extra.type) : undefined;
        if (!extraType || extraType === 'date' || extraType === 'timestamp') timeDimensions.add(name);
      }
      for (const [name] of entries(meta.metrics)) metrics.add(name);
    }
    for (const [name] of entries(metaOf(model).metrics)) metrics.add(name);
    // A model with dbt `versions` takes its columns from each version as well: its fields are not judged.
    const hasColumns = columns.length > 0 && !Array.isArray(model.versions);
    const lower = (names: Set<string>) => new Set([...names].map((n) => n.toLowerCase()));
    models.set(model.name, {
      name: model.name,
      dimensions: lower(dimensions),
      namesAsWritten: dimensions,
      timeDimensions: lower(timeDimensions),
      metrics: lower(metrics),
      hasColumns,
    });
  }
  return models;
}

/**
 * Names are compared without case: Lightdash compares them exactly, but how a warehouse adapter writes column names
 * into dbt's manifest (`ORDER_ID` or `order_id`) cannot be seen in the file, and a false error costs more than a
 * missed one.
 */
function hasDimension(fields: ModelFields, field: string): boolean {
  const name = field.toLowerCase();
  if (fields.dimensions.has(name)) return true;
  for (const frame of TIME_FRAMES) {
    if (name.endsWith(`_${frame}`) && fields.timeDimensions.has(name.slice(0, -frame.length - 1))) return true;
  }
  return false;
}

/** Where an unclosed `${` starts, if any. */
function unclosed(sql: string): number {
  for (let i = sql.indexOf('${'); i !== -1; i = sql.indexOf('${', i + 2)) {
    const close = sql.indexOf('}', i + 2);
    const next = sql.indexOf('${', i + 2);
    if (close === -1 || (next !== -1 && next < close)) return i;
  }
  return -1;
}

interface SqlPlace {
  readonly segments: string[];
  readonly sql: string;
  readonly docs: DocTarget;
  /** The model the SQL belongs to, and what its references name. */
  readonly model: string;
  readonly refersTo: 'dimension' | 'metric';
  /** The field's own name, for self-references. */
  readonly self?: string;
}

/**
 * Every finding of the compile-time rules for one file. `project` holds the models of the other files of the
 * project when the caller has them (the MCP tool's `project_files`); without it, only models of this file are known.
 */
export function compileChecks(data: unknown, project?: ReadonlyMap<string, ModelFields>): RuleFinding[] {
  const findings: RuleFinding[] = [];
  if (!isObject(data)) return findings;
  const own = modelFields(data);
  const known = new Map<string, ModelFields>([...(project ?? []), ...own]);
  const seenModels = new Map<string, number>();

  list(data.models).forEach((model, m) => {
    if (!isObject(model) || typeof model.name !== 'string') return;
    const at = ['models', String(m)];
    const name = model.name;
    if (seenModels.has(name)) {
      findings.push({
        segments: [...at, 'name'],
        severity: 'error',
        message: `The model ${code(name)} is described twice in this file (first as model ${(seenModels.get(name) ?? 0) + 1}); dbt refuses a model with two descriptions.`,
        docs: 'references/tables#adding-tables',
      });
    } else {
      seenModels.set(name, m);
    }
    if (name === '' || name === 'lightdash' || name === 'ld' || name.includes('.')) {
      findings.push({
        segments: [...at, 'name'],
        severity: 'error',
        message: `Lightdash refuses a model named ${code(name)}: a model name may not hold a dot, be empty, or be \`lightdash\` or \`ld\` (the names of its own variables).`,
        docs: 'references/tables#adding-tables',
      });
    }
    const fields = own.get(name);
    const meta = isObject(model.meta) ? model.meta : {};
    const metaAt = [...at, isObject(model.meta) ? 'meta' : 'config'];
    const metaPath = isObject(model.meta) ? metaAt : [...metaAt, 'meta'];
    const merged = metaOf(model);

    // Joins: tables of this model's explore, by the name its SQL uses for them.
    const tables = new Map<string, string>([[name, name]]);
    list(merged.joins).forEach((join, j) => {
      if (!isObject(join) || typeof join.join !== 'string') return;
      const joinAt = [...metaPath, 'joins', String(j)];
      const alias = typeof join.alias === 'string' ? join.alias : join.join;
      if (tables.has(alias)) {
        findings.push({
          segments: [...joinAt, typeof join.alias === 'string' ? 'alias' : 'join'],
          severity: 'error',
          message:
            alias === name
              ? `A model joined to itself needs an \`alias\`: Lightdash refuses to join ${code(alias)} to ${code(name)} under the same name.`
              : `${code(alias)} is joined twice: Lightdash refuses the same table twice in one explore. Give one of the joins an \`alias\`.`,
          docs: 'references/joins#alias',
        });
      }
      tables.set(alias, join.join);
      if (project && !known.has(join.join)) {
        findings.push({
          segments: [...joinAt, 'join'],
          severity: 'error',
          message: `No model named ${code(join.join)} is described in the files checked, so Lightdash cannot join it: check the name, or add the file that describes it.`,
          docs: 'references/joins#join-properties',
        });
      }
    });

    const sqlPlaces: SqlPlace[] = [];
    list(merged.joins).forEach((join, j) => {
      const sql = isObject(join) ? text(join.sql_on) : undefined;
      if (sql !== undefined) {
        sqlPlaces.push({
          segments: [...metaPath, 'joins', String(j), 'sql_on'],
          sql,
          docs: 'references/joins#sql-on',
          model: name,
          refersTo: 'dimension',
        });
      }
    });
    for (const key of ['sql_filter', 'sql_where']) {
      const sql = text(merged[key]);
      if (sql !== undefined && key in meta) {
        sqlPlaces.push({
          segments: [...metaPath, key],
          sql,
          docs: 'references/tables#sql-filter',
          model: name,
          refersTo: 'dimension',
        });
      }
    }
    const metricPlace = (segments: string[], metricName: string, metric: unknown) => {
      if (!isObject(metric)) return;
      const type = text(metric.type) ?? '';
      const sql = text(metric.sql);
      if (sql !== undefined) {
        sqlPlaces.push({
          segments: [...segments, 'sql'],
          sql,
          docs: 'references/metrics#sql',
          model: name,
          refersTo: NON_AGGREGATE.has(type) ? 'metric' : 'dimension',
          self: metricName,
        });
      }
      if (NON_AGGREGATE.has(type) && Array.isArray(metric.filters) && metric.filters.length > 0) {
        findings.push({
          segments: [...segments, 'filters'],
          atKey: true,
          severity: 'error',
          message: `Lightdash refuses \`filters\` on a \`${type}\` metric: filters only apply to aggregate metrics (sum, count, average and the like).`,
          docs: 'references/metrics#filters',
        });
      }
      if (fields?.namesAsWritten.has(metricName)) {
        findings.push({
          segments,
          atKey: true,
          severity: 'error',
          message: `The metric ${code(metricName)} has the name of a dimension of ${code(name)}: Lightdash refuses a model whose metric and dimension share a name. Rename the metric.`,
          docs: 'references/metrics#metric-properties',
        });
      }
    };
    for (const [metricName, metric] of entries(merged.metrics)) {
      metricPlace([...metaPath, 'metrics', metricName], metricName, metric);
    }
    list(model.columns).forEach((column, c) => {
      if (!isObject(column)) return;
      const columnAt = [...at, 'columns', String(c)];
      const columnMetaAt = isObject(column.meta) ? [...columnAt, 'meta'] : [...columnAt, 'config', 'meta'];
      const columnMeta = metaOf(column);
      const dimension = isObject(columnMeta.dimension) ? columnMeta.dimension : {};
      const dimensionSql = text(dimension.sql);
      if (dimensionSql !== undefined && typeof column.name === 'string') {
        sqlPlaces.push({
          segments: [...columnMetaAt, 'dimension', 'sql'],
          sql: dimensionSql,
          docs: 'references/dimensions#sql',
          model: name,
          refersTo: 'dimension',
          self: column.name,
        });
      }
      for (const [extraName, extra] of entries(columnMeta.additional_dimensions)) {
        const sql = isObject(extra) ? text(extra.sql) : undefined;
        if (sql !== undefined) {
          sqlPlaces.push({
            segments: [...columnMetaAt, 'additional_dimensions', extraName, 'sql'],
            sql,
            docs: 'references/dimensions#additional-dimensions',
            model: name,
            refersTo: 'dimension',
            self: extraName,
          });
        }
      }
      for (const [metricName, metric] of entries(columnMeta.metrics)) {
        metricPlace([...columnMetaAt, 'metrics', metricName], metricName, metric);
      }
    });

    for (const place of sqlPlaces) findings.push(...referenceFindings(place, tables, known));
  });
  return findings;
}

function referenceFindings(
  place: SqlPlace,
  tables: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, ModelFields>,
): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const open = unclosed(place.sql);
  if (open !== -1) {
    findings.push({
      segments: place.segments,
      severity: 'error',
      message: `A \`\${\` is never closed: ${code(place.sql.slice(open, open + 40))}. Lightdash leaves it in the SQL as it is, where the warehouse refuses it. Close it with \`}\`.`,
      docs: place.docs,
    });
  }
  for (const match of place.sql.matchAll(REFERENCE)) {
    const reference = match[1];
    if (reference === 'TABLE') continue;
    const parts = reference.split('.');
    const say = (problem: string): RuleFinding => ({
      segments: place.segments,
      severity: 'error',
      message: `\`\${${reference}}\` ${problem}`,
      docs: place.docs,
    });
    if (parts.length > 2) {
      findings.push(say('has more than one dot: Lightdash reads references as `${field}` or `${table.field}`.'));
      continue;
    }
    const [tableName, field] = parts.length === 1 ? [place.model, parts[0]] : parts;
    if (place.self !== undefined && tableName === place.model && field === place.self) {
      findings.push(say('refers to the field it belongs to, which Lightdash refuses.'));
      continue;
    }
    const model = tables.get(tableName);
    if (model === undefined) {
      findings.push(
        say(
          `names the table ${code(tableName)}, which is neither ${code(place.model)} nor a model joined to it. ` +
            'Join it in the model’s `joins`, or refer to a field of this model.',
        ),
      );
      continue;
    }
    const fields = known.get(model);
    if (!fields || !fields.hasColumns) continue; // a model described elsewhere: its fields are not known here
    if (place.refersTo === 'metric') {
      if (!fields.metrics.has(field.toLowerCase())) {
        findings.push(
          say(
            `matches no metric of ${code(model)}. A non-aggregate metric (number, string, date, timestamp, boolean) ` +
              'refers to other metrics, not to columns.',
          ),
        );
      }
    } else if (!hasDimension(fields, field)) {
      findings.push(
        say(
          `matches no dimension of ${code(model)}: Lightdash makes dimensions only of the columns a model lists ` +
            '(and their additional dimensions and time intervals), and none has that name. List the column under ' +
            'the model’s `columns`.',
        ),
      );
    }
  }
  return findings;
}
