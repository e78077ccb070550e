/**
 * Plain (unquoted) scalars typed the way dbt types them. dbt reads properties files with PyYAML's SafeLoader, which
 * implements YAML 1.1 with resolvers of its own: they differ from the `yaml` package's YAML 1.1 schema, which reads
 * `y`, `Y`, `n` and `N` as booleans (PyYAML keeps them as text), `1e3` as a number (PyYAML needs a dot: text) and
 * `2024-01-01` as a JavaScript Date. The patterns below are PyYAML's `Resolver.add_implicit_resolver` calls
 * (lib/yaml/resolver.py at yaml/pyyaml@69c141a, 2024-08-06), anchored to the whole scalar; dbt loads properties
 * files with `yaml.load(..., Loader=SafeLoader)` (core/dbt/clients/yaml_helper.py in dbt-core).
 *
 * Dates and timestamps become a `Symbol` whose description is the text written: no JSON Schema type accepts a
 * symbol, so a date where a text, a number or a mapping is expected is reported as a date (dbt hands Lightdash a date
 * object there too), never as "a mapping" as a Date object would be.
 */
import type {ScalarTag, Tags} from 'yaml';

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;

/** `1:30` is 90 in YAML 1.1 (base 60), for ints and floats alike. */
function sexagesimal(text: string, parse: (part: string) => number): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const parts = text.replace(/^[-+]/, '').split(':');
  return sign * parts.reduce((sum, part) => sum * 60 + parse(part), 0);
}

function resolveInt(source: string): number {
  const text = source.replace(/_/g, '');
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.replace(/^[-+]/, '');
  if (digits.includes(':')) return sexagesimal(text, (part) => Number.parseInt(part, 10));
  if (digits.startsWith('0b')) return sign * Number.parseInt(digits.slice(2) || '0', 2);
  if (digits.startsWith('0x')) return sign * Number.parseInt(digits.slice(2) || '0', 16);
  if (digits.length > 1 && digits.startsWith('0')) return sign * Number.parseInt(digits, 8);
  return sign * Number.parseInt(digits, 10);
}

function resolveFloat(source: string): number {
  const text = source.replace(/_/g, '').toLowerCase();
  if (text.endsWith('.inf')) return text.startsWith('-') ? -Infinity : Infinity;
  if (text === '.nan') return Number.NaN;
  if (text.includes(':')) return sexagesimal(text, Number.parseFloat);
  return Number.parseFloat(text);
}

/** A date or timestamp as the checker's data holds it: a symbol that says the text it was written as. */
export const isYamlDate = (value: unknown): value is symbol => typeof value === 'symbol';

const scalar = (tag: string, test: RegExp, resolve: (source: string) => unknown): ScalarTag => ({
  tag: `tag:yaml.org,2002:${tag}`,
  default: true,
  test,
  // The `yaml` package types `resolve` for its own values; a symbol is a value it passes through untouched.
  resolve: resolve as ScalarTag['resolve'],
  identify: () => false,
});

/** PyYAML's implicit scalar types, replacing the `yaml` package's YAML 1.1 ones (merge keys and collections stay). */
export function pyYamlTags(tags: Tags): Tags {
  const replaced = new Set(['bool', 'int', 'float', 'null', 'timestamp'].map((t) => `tag:yaml.org,2002:${t}`));
  const kept = tags.filter((tag) => typeof tag === 'string' || !(replaced.has(tag.tag) && 'test' in tag && tag.test));
  return [
    ...kept,
    scalar('null', NULL, () => null),
    scalar('bool', BOOL, (source) => TRUE.test(source)),
    scalar('int', INT, resolveInt),
    scalar('float', FLOAT, resolveFloat),
    scalar('timestamp', TIMESTAMP, (source) => Symbol(source)),
  ];
}
