/**
 * Where the docs explain each part of a dbt properties file, for the links the YAML checker gives with every
 * problem. Keys are the `$defs` of static/schemas/lightdash-dbt.json (`#` is the top of the file); inside each,
 * a property name, or `''` for the object as a whole (used for unknown keys and for properties without an entry of
 * their own). Targets are doc ids with a heading anchor, relative to a docs version's root, so the page can link
 * within the version being read and the MCP tool can link to the published site.
 * tests/content/yaml-check-links.test.ts checks that every target exists in both versions and that every object
 * of the schema and every property listed here is real.
 */
export type DocTarget = `${string}#${string}`;

/** This page itself: syntax errors and the checker's limits are explained there. */
const CHECKER_PAGE = 'guides/validate-your-yaml';
export const SYNTAX_ERRORS_LINK: DocTarget = `${CHECKER_PAGE}#syntax-errors`;
export const LIMITS_LINK: DocTarget = `${CHECKER_PAGE}#limits`;

const TABLES = 'references/tables';
const DIMENSIONS = 'references/dimensions';
const METRICS = 'references/metrics';
const JOINS = 'references/joins';
const DEFAULT_TIME_DIMENSION: DocTarget = 'guides/metrics-catalog#explore';

/** The settings a dimension and an additional dimension share, each with its section. */
const DIMENSION_SETTINGS: Record<string, DocTarget> = {
  type: `${DIMENSIONS}#dimension-types`,
  description: `${DIMENSIONS}#description`,
  sql: `${DIMENSIONS}#sql`,
  format: `${DIMENSIONS}#format`,
  round: `${DIMENSIONS}#round`,
  compact: `${DIMENSIONS}#compact`,
  groups: `${DIMENSIONS}#groups`,
  urls: `${DIMENSIONS}#urls`,
  required_attributes: `${DIMENSIONS}#required-attributes`,
  colors: `${DIMENSIONS}#colors`,
};

/** The settings of a column metric, which a model metric has too. */
const METRIC_SETTINGS: Record<string, DocTarget> = {
  type: `${METRICS}#metric-types`,
  sql: `${METRICS}#sql`,
  percentile: `${METRICS}#percentile`,
  filters: `${METRICS}#filters`,
  show_underlying_values: `${METRICS}#show-underlying-values`,
  format: `${DIMENSIONS}#format`,
  round: `${DIMENSIONS}#round`,
  compact: `${DIMENSIONS}#compact`,
  groups: `${DIMENSIONS}#groups`,
  urls: `${DIMENSIONS}#urls`,
  default_time_dimension: DEFAULT_TIME_DIMENSION,
};

export const DOC_LINKS: Readonly<Record<string, Readonly<Record<string, DocTarget>>>> = {
  '#': {'': `${TABLES}#adding-tables`},
  model: {'': `${TABLES}#adding-tables`, meta: `${TABLES}#table-properties`, config: `${TABLES}#table-properties`},
  column: {
    '': `${DIMENSIONS}#adding-dimensions`,
    meta: `${DIMENSIONS}#dimension-properties`,
    config: `${DIMENSIONS}#dimension-properties`,
  },
  modelMeta: {
    '': `${TABLES}#table-properties`,
    order_fields_by: `${TABLES}#order-fields-by`,
    group_label: `${TABLES}#group-label`,
    joins: `${JOINS}#join-properties`,
    metrics: `${METRICS}#model-metrics`,
    group_details: `${TABLES}#group-details`,
    sql_filter: `${TABLES}#sql-filter`,
    sql_where: `${TABLES}#sql-filter`,
    required_filters: `${TABLES}#required-filters`,
    required_attributes: `${TABLES}#required-attributes`,
    default_time_dimension: DEFAULT_TIME_DIMENSION,
  },
  join: {
    '': `${JOINS}#join-properties`,
    sql_on: `${JOINS}#sql-on`,
    type: `${JOINS}#join-types`,
    alias: `${JOINS}#alias`,
    label: `${JOINS}#label`,
    hidden: `${JOINS}#hidden`,
    fields: `${JOINS}#fields`,
    always: `${JOINS}#always`,
  },
  groupDetail: {'': `${TABLES}#group-details`},
  columnMeta: {
    '': `${DIMENSIONS}#dimension-properties`,
    additional_dimensions: `${DIMENSIONS}#additional-dimensions`,
    metrics: `${METRICS}#column-metrics`,
  },
  dimension: {
    '': `${DIMENSIONS}#dimension-properties`,
    time_intervals: `${DIMENSIONS}#time-intervals`,
    ...DIMENSION_SETTINGS,
  },
  additionalDimension: {'': `${DIMENSIONS}#additional-dimensions`, ...DIMENSION_SETTINGS},
  metric: {'': `${METRICS}#metric-properties`, ...METRIC_SETTINGS},
  modelMetric: {'': `${METRICS}#model-metrics`, ...METRIC_SETTINGS},
  defaultTimeDimension: {'': DEFAULT_TIME_DIMENSION},
};

/** The section for a property of an object of the schema, or for the object itself. */
export function docLinkFor(def: string, property?: string): DocTarget | undefined {
  const links = DOC_LINKS[def];
  if (!links) return undefined;
  return (property !== undefined ? links[property] : undefined) ?? links[''];
}
