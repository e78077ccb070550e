/**
 * The warehouses a reader can choose for SQL examples: the connection types of the released Lightdash
 * (`WarehouseTypes` in its API spec, src/lib/releasedVersion.mjs), in the order of the app's connection form. Plain data,
 * so the build, the browser, the Markdown export and the MCP server all read this one list.
 */
import {MARK_SCRIPTS_RUN, WITHOUT_SCRIPTS} from '../../src/lib/scriptsRun';

export const WAREHOUSES = [
  {id: 'bigquery', label: 'BigQuery'},
  {id: 'snowflake', label: 'Snowflake'},
  {id: 'postgres', label: 'PostgreSQL'},
  {id: 'databricks', label: 'Databricks'},
  {id: 'redshift', label: 'Redshift'},
  {id: 'trino', label: 'Trino'},
] as const;

export type WarehouseId = (typeof WAREHOUSES)[number]['id'];

export const WAREHOUSE_IDS: readonly WarehouseId[] = WAREHOUSES.map((w) => w.id);

/** Shown until a reader chooses: the first of the list. */
export const DEFAULT_WAREHOUSE: WarehouseId = WAREHOUSES[0].id;

/** Where the choice is kept (localStorage); read back only through `isWarehouse`. */
export const WAREHOUSE_KEY = 'lightdash-docs.warehouse';

/** The style element that shows the chosen warehouse's variants (written before first paint, then by the control). */
export const WAREHOUSE_STYLE_ID = 'warehouse-sql-style';

export function isWarehouse(value: unknown): value is WarehouseId {
  return typeof value === 'string' && (WAREHOUSE_IDS as readonly string[]).includes(value);
}

export function warehouseLabel(id: WarehouseId): string {
  return WAREHOUSES.find((w) => w.id === id)!.label;
}

/** "BigQuery, Snowflake and Databricks": the names of a variant's warehouses, for its title and label. */
export function warehouseNames(ids: readonly WarehouseId[]): string {
  const labels = ids.map(warehouseLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * The CSS that shows only `id`'s variants. `id` is checked first: the text goes into a style
 * element, and a stored value is the reader's browser's, not ours.
 */
export function variantCss(id: WarehouseId): string {
  if (!isWarehouse(id)) throw new Error(`Not a warehouse: ${String(id)}`);
  return `${HIDE_VARIANTS}${showVariant(id)}`;
}

const HIDE_VARIANTS = '[data-warehouse-variant]{display:none!important}';
const showVariant = (id: string) => `[data-warehouse-variant~=${id}]{display:block!important}`;

/**
 * Runs before the first paint, like Docusaurus' colour-mode script: a returning reader's stored warehouse, if it is
 * one of the list, gets the style that shows its variants, so the server's HTML (which shows the default's) never
 * shows another warehouse first. Anything else in storage is ignored.
 */
export function prePaintScript(): string {
  const [before, after] = showVariant('\u0000').split('\u0000');
  return (
    // Marks that scripts run, so NOSCRIPT_CSS stands down (the API reference's head script sets the same).
    MARK_SCRIPTS_RUN +
    `try{var w=localStorage.getItem(${JSON.stringify(WAREHOUSE_KEY)});` +
    `if(/^(${WAREHOUSE_IDS.join('|')})$/.test(w)){var s=document.createElement('style');s.id=${JSON.stringify(WAREHOUSE_STYLE_ID)};` +
    `s.textContent=${JSON.stringify(HIDE_VARIANTS + before)}+w+${JSON.stringify(after)};document.head.appendChild(s)}}catch(e){}`
  );
}

/**
 * Without JavaScript nothing can switch: every variant is shown under its title, and the selector is hidden
 * (src/lib/scriptsRun.ts: while scripts have not run).
 */
export const NOSCRIPT_CSS =
  `${WITHOUT_SCRIPTS} [data-warehouse-variant]{display:block!important}` +
  `${WITHOUT_SCRIPTS} [data-warehouse-control]{display:none!important}`;

/**
 * What a ```sql block's meta says about it:
 * - `warehouses="snowflake databricks"`: one variant of a group; the adjacent variants together cover every
 *   warehouse exactly once, and the reader sees the one for their warehouse;
 * - `dialect="postgres"`: SQL for one database whatever the reader's warehouse (e.g. Lightdash's own Postgres);
 * - neither: the same SQL runs on every warehouse.
 */
export type SqlRole =
  | {kind: 'variant'; warehouses: WarehouseId[]}
  | {kind: 'dialect'; dialect: WarehouseId}
  | {kind: 'any'}
  | {kind: 'invalid'; message: string};

const META_VALUE = (name: string) => new RegExp(String.raw`(?:^|\s)${name}=(?:"([^"]*)"|(\S+))`);

export function sqlRole(meta: string | null | undefined): SqlRole {
  const text = meta ?? '';
  const list = META_VALUE('warehouses').exec(text);
  const dialect = META_VALUE('dialect').exec(text);
  if (list && dialect) return {kind: 'invalid', message: 'has both warehouses= and dialect=; use one'};
  if (dialect) {
    const value = (dialect[1] ?? dialect[2]).trim();
    return isWarehouse(value)
      ? {kind: 'dialect', dialect: value}
      : {kind: 'invalid', message: `dialect="${value}" is not one of ${WAREHOUSE_IDS.join(', ')}`};
  }
  if (!list) return {kind: 'any'};
  const names = (list[1] ?? list[2]).split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((n) => !isWarehouse(n));
  if (unknown.length)
    return {
      kind: 'invalid',
      message: `warehouses= names ${unknown.join(', ')}, not one of ${WAREHOUSE_IDS.join(', ')}`,
    };
  if (!names.length) return {kind: 'invalid', message: 'warehouses= is empty'};
  if (new Set(names).size !== names.length) return {kind: 'invalid', message: 'warehouses= names a warehouse twice'};
  // In the list's order, so titles and labels read the same everywhere.
  return {kind: 'variant', warehouses: WAREHOUSE_IDS.filter((id) => names.includes(id))};
}

/** Why a group of variants is not one per warehouse, or null when it is. */
export function groupProblem(groups: readonly (readonly WarehouseId[])[]): string | null {
  const seen = groups.flat();
  const missing = WAREHOUSE_IDS.filter((id) => !seen.includes(id));
  const twice = WAREHOUSE_IDS.filter((id) => seen.filter((s) => s === id).length > 1);
  const parts = [
    missing.length ? `no variant for ${missing.join(', ')}` : '',
    twice.length ? `more than one variant for ${twice.join(', ')}` : '',
    groups.length < 2 ? 'a single variant (write the block without warehouses= if it runs everywhere)' : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : null;
}
