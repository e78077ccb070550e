/**
 * Keys that Lightdash reads only from a version later than the ones these docs describe: the checker reports them as
 * "later version" notes, naming the first release that reads them, instead of warning about an unknown key. Each row
 * was found in lightdash/lightdash's history (read from the public fork houserx/lightdash-hrx): the commit that added
 * the key to the types of `packages/common/src/types/dbt.ts` (absent there at 0b7563df, the released patch's
 * commit of 2024-12-11) and the first release tag that contains it. Keys whose names also belong to other objects
 * (`hidden`, `description`, `owner`, `separator`) are left out: their history cannot be told apart this way.
 */
export interface LaterKey {
  /** The first Lightdash release that reads the key. */
  readonly version: string;
  /** That release's date. */
  readonly date: string;
  /** The change that added it: its pull request and commit in lightdash/lightdash. */
  readonly source: string;
}

const later = (version: string, date: string, commit: string, pr: string): LaterKey => ({
  version,
  date,
  source: `lightdash/lightdash${pr}, commit ${commit}`,
});

const SPOTLIGHT = later('0.1463.0', '2025-01-23', '24a49cd378', '#13381');
const AI_HINT = later('0.1814.0', '2025-07-15', 'adf7eae303', '#15830');
const ANY_ATTRIBUTES = later('0.2470.0', '2026-02-16', '3f8ba5c96f', '#19333');

const DIMENSION: Record<string, LaterKey> = {
  spotlight: SPOTLIGHT,
  ai_hint: AI_HINT,
  any_attributes: ANY_ATTRIBUTES,
  image: later('0.2163.0', '2025-11-12', 'bee7b34f50', '#18019'),
  case_sensitive: later('0.2538.0', '2026-02-26', '2c211e9d21', '#20693'),
  convert_timezone: later('0.2892.0', '2026-05-07', '1d5a74f6c5', '#22762'),
  filter_autocomplete: later('0.3259.0', '2026-06-29', '0154d3a672', '#24851'),
  timestamp_domain: later('0.3440.0', '2026-07-21', '57a270d804', '#25818'),
};

const METRIC: Record<string, LaterKey> = {
  spotlight: SPOTLIGHT,
  ai_hint: AI_HINT,
  distinct_keys: later('0.2502.0', '2026-02-20', 'dd0e9c300e', '#20181'),
  drivers: later('0.2408.0', '2026-02-02', '014719b51a', '#19840'),
};

/** By the `$defs` name of the object in static/schemas/lightdash-dbt.json, then by key. */
export const LATER_KEYS: Readonly<Record<string, Readonly<Record<string, LaterKey>>>> = {
  modelMeta: {
    primary_key: later('0.1759.0', '2025-06-25', '7c69e43723', '#15531'),
    spotlight: SPOTLIGHT,
    sql_from: later('0.1497.0', '2025-02-13', 'bd8aa00718', '#13663'),
    explores: later('0.1787.0', '2025-07-07', '86208d75fc', '#15718'),
    ai_hint: AI_HINT,
    parameters: later('0.1910.0', '2025-08-13', 'b0c1f93785', '#16378'),
    sets: later('0.2087.0', '2025-10-15', 'ac9bd9a08c', '#17386'),
    default_show_underlying_values: later('0.2381.0', '2026-01-27', 'c6d422a993', '#19686'),
    any_attributes: ANY_ATTRIBUTES,
    pre_aggregates: later('0.2533.0', '2026-02-26', 'e72756f324', '#20533'),
  },
  join: {
    relationship: later('0.1746.0', '2025-06-23', 'b790f6b988', '#15473'),
  },
  dimension: DIMENSION,
  additionalDimension: DIMENSION,
  metric: METRIC,
  modelMetric: METRIC,
};

export function laterKey(def: string, key: string): LaterKey | undefined {
  const keys = LATER_KEYS[def];
  return keys && Object.prototype.hasOwnProperty.call(keys, key) ? keys[key] : undefined;
}
