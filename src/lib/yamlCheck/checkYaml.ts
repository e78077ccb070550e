/**
 * The docs' own checker of dbt properties files (models/schema.yml with Lightdash settings), shared by the page
 * "Validate your YAML" (src/components/YamlValidator, in the browser) and the MCP tool `validate_yaml`
 * (mcp/lib/validate-yaml.mjs). It parses the text with `yaml` (line and column of every node), validates the
 * result against static/schemas/lightdash-dbt.json (compiled by scripts/build-yaml-validator.mjs), and turns each
 * finding into a problem with its line, its YAML path, a message in plain words and the docs section that explains
 * the setting (docLinks.ts). Nothing here touches the network or the DOM; messages are plain text (the page
 * renders them as text, never as HTML).
 */
import type {ErrorObject} from 'ajv';
import {
  type Alias,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node as YamlNode,
  type YAMLMap,
} from 'yaml';
import {docLinkFor, LIMITS_LINK, SYNTAX_ERRORS_LINK, type DocTarget} from './docLinks';
import {pyYamlTags, isYamlDate} from './pyyaml';
import {compileChecks, modelFields, type ModelFields} from './compileChecks';
import {laterKey, type LaterKey} from './laterKeys';
import {findingKey, lightdash0_1410Errors, mostTelling, type ReferenceError} from './lightdash0_1410';
import {deref, propertiesOf, schemaPlace, type SchemaNode, type SchemaPlace} from './schemaWalk';
import {schema as generatedSchema, validate} from './generated/validateDbtYaml.mjs';
import {RELEASED_VERSION} from '../releasedVersion.mjs';

/** Larger input is refused before parsing: a 10,000-line schema.yml is about 300,000 characters. */
export const MAX_YAML_CHARS = 1_000_000;
/** At most this many problems are listed; the rest are counted. */
export const MAX_PROBLEMS = 200;
/**
 * Aliases (`*name`) a file may hold. Real properties files use a handful (shared metric settings through `<<:`); the
 * limit is checked before any alias is expanded.
 */
export const MAX_ALIAS_COUNT = 1_000;
/**
 * Values that aliases may add to the file when they are expanded: the guard against "billion laughs" files, whose
 * few lines of anchors expand to gigabytes.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

export type ProblemKind = 'syntax' | 'schema' | 'compile' | 'limit';
/**
 * What Lightdash of the version checked does with what was found (the same three words on the page, in the MCP tool
 * and in the VS Code guide):
 * - `error`: it rejects the file or the model (its schemas, or the checks it runs when it compiles a project);
 * - `warning`: it ignores the setting (an unknown key, often a typo: the nearest known key is suggested) or accepts a
 *   value these docs advise against;
 * - `later`: only a later Lightdash reads the setting; the message names the first version and its source.
 */
export type Severity = 'error' | 'warning' | 'later';
/**
 * The docs version the file is checked against: the released one (its number, src/lib/releasedVersion.mjs) or Next.
 * A string: the released number comes from versions.json.
 */
export type LightdashVersion = typeof RELEASED_VERSION | 'next';
export const LIGHTDASH_VERSIONS: readonly LightdashVersion[] = [RELEASED_VERSION, 'next'];
export const DEFAULT_VERSION: LightdashVersion = RELEASED_VERSION;
/** How messages name the released Lightdash: "Lightdash " and its number. */
const RELEASED_LIGHTDASH = `Lightdash ${RELEASED_VERSION}`;

export interface CheckOptions {
  readonly version?: LightdashVersion;
  /** The other properties files of the project, so that joins and references to their models can be judged. */
  readonly projectFiles?: readonly string[];
}

export interface YamlProblem {
  readonly kind: ProblemKind;
  readonly severity: Severity;
  /** 1-based line and column of the place the problem is about. */
  readonly line: number;
  readonly column: number;
  /** Where in the YAML, such as `models[0].columns[1].meta.dimension.type`; empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
  /** The docs section that explains the setting: a doc id and anchor, relative to a docs version's root. */
  readonly docs: DocTarget;
}

export interface YamlCheckResult {
  /** The version checked against. */
  readonly version: LightdashVersion;
  /** True when nothing found is an error: Lightdash of that version accepts the file (warnings and notes aside). */
  readonly valid: boolean;
  /** How many findings of each severity, listed or not. */
  readonly counts: Readonly<Record<Severity, number>>;
  /** Sorted by line, then column; at most MAX_PROBLEMS. */
  readonly problems: readonly YamlProblem[];
  /** Problems found beyond MAX_PROBLEMS. */
  readonly omitted: number;
  readonly lines: number;
}

const schema = generatedSchema as SchemaNode;

const NOUNS: Record<string, string> = {
  '#': 'the top of the file',
  model: 'a model',
  column: 'a column',
  modelMeta: "a model's meta",
  join: 'a join',
  groupDetail: 'a group in group_details',
  columnMeta: "a column's meta",
  dimension: 'a dimension',
  additionalDimension: 'an additional dimension',
  metric: 'a metric',
  modelMetric: 'a model metric',
  defaultTimeDimension: 'a default_time_dimension',
};
/** Objects that are not `$defs` of their own, named by the property that holds them. */
const NOUNS_BY_PROPERTY: Record<string, string> = {
  urls: 'a URL entry',
  filters: 'a filter',
  required_filters: 'a required filter',
};

export function checkDbtYaml(text: string, options: CheckOptions = {}): YamlCheckResult {
  const version = options.version ?? DEFAULT_VERSION;
  const lines = countLines(text);
  const done = (found: YamlProblem[], notListed?: Record<Severity, number>) => finish(version, lines, found, notListed);
  if (text.length > MAX_YAML_CHARS) {
    return done([
      limitProblem(
        `The file has ${text.length.toLocaleString('en-US')} characters; the checker reads at most ` +
          `${MAX_YAML_CHARS.toLocaleString('en-US')}. Split it into several properties files (dbt reads every .yml ` +
          'file under your model paths) and check them one by one.',
      ),
    ]);
  }
  if (text.trim() === '') {
    return done([
      {
        kind: 'schema',
        severity: 'error',
        line: 1,
        column: 1,
        path: '',
        message:
          'The file is empty. A dbt properties file starts with `version: 2` and lists its models under `models:`.',
        docs: docLinkFor('#') as DocTarget,
      },
    ]);
  }

  // A cheap count before parsing: what looks like an alias (`*name` after a space, a bracket or a comma). It can
  // also count emphasis in descriptions (`*note*`), so it only refuses at ten times the real limit, which the scan
  // after parsing applies exactly.
  if (looksLikeAliases(text) > MAX_ALIAS_COUNT * 10) return done([limitProblem(tooManyAliases())]);

  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    // YAML 1.1 typed as dbt's PyYAML types it (pyyaml.ts): `yes`, `no`, `on` and `off` are booleans but `y` and `n`
    // are text, dates are dates, and `<<` merges.
    doc = parseDocument(text, {
      lineCounter,
      version: '1.1',
      customTags: pyYamlTags,
      prettyErrors: false,
      uniqueKeys: true,
    });
  } catch (error) {
    return done([limitProblem(`The file could not be read: ${errorText(error)}.`)]);
  }
  const at = (offset: number) => {
    const {line, col} = lineCounter.linePos(Math.max(0, Math.min(offset, text.length)));
    return {line, column: col};
  };
  if (doc.errors.length > 0) {
    // Only the first: after a syntax error the parser's reading of the lines below is a guess, and the errors it
    // reports there (wrong indentation, odd keys) mostly follow from the first one.
    const [first] = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
    if (/call stack/i.test(first.message)) {
      return done([limitProblem('The file nests lists or mappings too deeply to be read.')]);
    }
    return done([
      {
        kind: 'syntax',
        severity: 'error',
        ...at(first.pos[0]),
        path: formatPath(
          first.code === 'TAB_AS_INDENT' ? tabLinePath(doc, text, first.pos[0]) : pathAtOffset(doc, first.pos[0]),
        ),
        message: syntaxMessage(first.code, first.message),
        docs: SYNTAX_ERRORS_LINK,
      },
    ]);
  }

  // Anchors and aliases are counted and sized in one pass before any alias is expanded: the `yaml` package looks each
  // alias up again from the start of the file, so a file of many aliases would cost the square of their number.
  const scan = scanAliases(doc);
  if (scan.unresolved) {
    const offset = scan.unresolved.range?.[0] ?? 0;
    return done([
      {
        kind: 'syntax',
        severity: 'error',
        ...at(offset),
        path: formatPath(pathAtOffset(doc, offset)),
        message: syntaxMessage('BAD_ALIAS', `Unknown alias \`*${scan.unresolved.source}\``),
        docs: SYNTAX_ERRORS_LINK,
      },
    ]);
  }
  if (scan.refused) return done([limitProblem(scan.refused)]);
  aliasTargets = scan.targets;

  let data: unknown;
  try {
    // The scan above bounds what the aliases expand to, so the package's own count (which costs the square of the
    // number of aliases) is switched off.
    data = doc.toJS({maxAliasCount: -1});
  } catch (error) {
    return done([limitProblem(`The file could not be read: ${errorText(error)}.`)]);
  }

  // Every finding is placed and given its severity first (cheap); messages, whose suggestions cost more, are written
  // only for the ones listed, so a file with thousands of problems is answered as fast as one with a few.
  const pending: Pending[] = [];
  const reference = version === RELEASED_VERSION ? lightdash0_1410Errors(data) : [];
  const referenceKeys = new Set(reference.map(findingKey));
  const referencePaths = new Set(reference.map((e) => e.instancePath));
  const explained = new Set<string>();
  const seen = new Set<string>();
  const docsErrors = validate(data) ? [] : condense(validate.errors ?? []);
  for (const error of docsErrors) {
    const found = locate(error, doc);
    const key = `${found.offset}:${found.error.keyword}:${found.problemPath.join('/')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const unknownKey = error.keyword === 'additionalProperties';
    const rejected = referenceKeys.has(findingKey(error)) || (!unknownKey && referencePaths.has(error.instancePath));
    if (rejected) {
      explained.add(findingKey(error));
      explained.add(error.instancePath);
    }
    const later = unknownKey
      ? laterKey(found.place.def, String((error.params as Record<string, unknown>).additionalProperty))
      : undefined;
    let severity: Severity;
    if (version === RELEASED_VERSION) severity = rejected ? 'error' : later ? 'later' : 'warning';
    else severity = unknownKey ? (later ? 'later' : 'warning') : 'error';
    pending.push({
      offset: found.offset,
      severity,
      make: () => schemaProblem(found, data, at, severity, version, later, rejected),
    });
  }
  // What the released Lightdash rejects and the docs schema does not (format expressions, a column metric of type timestamp):
  // one error for each place.
  const unexplained = new Map<string, ReferenceError[]>();
  const wrapper = (e: ReferenceError) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  // Every place at or above an error that is not an `anyOf`/`oneOf` wrapper, found once (the file may hold thousands).
  const underWrappers = new Set<string>();
  for (const error of reference) {
    if (wrapper(error)) continue;
    for (let path = error.instancePath; ; path = path.slice(0, path.lastIndexOf('/'))) {
      underWrappers.add(path);
      if (path === '') break;
    }
  }
  for (const error of reference) {
    if (explained.has(findingKey(error)) || explained.has(error.instancePath)) continue;
    // The forms' own errors at the same place or below say more; the wrapper alone is kept as a last resort.
    if (wrapper(error) && underWrappers.has(error.instancePath)) continue;
    const group = unexplained.get(error.instancePath) ?? [];
    group.push(error);
    unexplained.set(error.instancePath, group);
  }
  for (const group of unexplained.values()) {
    const error = mostTelling(group);
    const found = locate(error, doc);
    pending.push({offset: found.offset, severity: 'error', make: () => referenceProblem(found, error, data, at)});
  }
  let project: Map<string, ModelFields> | undefined;
  if (options.projectFiles) {
    project = new Map();
    for (const other of options.projectFiles) {
      for (const [name, fields] of modelFields(readQuietly(other))) project.set(name, fields);
    }
  }
  for (const finding of compileChecks(data, project)) {
    const nodes = nodesAt(doc, finding.segments);
    const offset =
      (finding.atKey ? nodes.key?.range?.[0] : undefined) ??
      nodes.value?.range?.[0] ??
      nodes.key?.range?.[0] ??
      (nodes.parent as YamlNode | undefined)?.range?.[0] ??
      0;
    pending.push({
      offset,
      severity: finding.severity,
      make: () => ({
        kind: 'compile',
        severity: finding.severity,
        ...at(offset),
        path: formatPath(finding.segments),
        message: finding.message,
        docs: finding.docs,
      }),
    });
  }

  pending.sort((a, b) => a.offset - b.offset);
  const listed = pending.slice(0, MAX_PROBLEMS);
  const notListed: Record<Severity, number> = {error: 0, warning: 0, later: 0};
  for (const rest of pending.slice(MAX_PROBLEMS)) notListed[rest.severity] += 1;
  return done(
    listed.map((p) => p.make()),
    notListed,
  );
}

interface Pending {
  readonly offset: number;
  readonly severity: Severity;
  readonly make: () => YamlProblem;
}

/** Another file of the project, for its model names and fields only: unreadable files count as having none. */
function readQuietly(text: string): unknown {
  if (text.length > MAX_YAML_CHARS || looksLikeAliases(text) > MAX_ALIAS_COUNT) return undefined;
  try {
    const other = parseDocument(text, {version: '1.1', customTags: pyYamlTags, prettyErrors: false});
    if (other.errors.length > 0 || scanAliases(other).refused) return undefined;
    return other.toJS({maxAliasCount: MAX_ALIAS_COUNT});
  } catch {
    return undefined;
  }
}

function finish(
  version: LightdashVersion,
  lines: number,
  found: YamlProblem[],
  notListed: Record<Severity, number> = {error: 0, warning: 0, later: 0},
): YamlCheckResult {
  const seen = new Set<string>();
  const unique = found.filter((p) => {
    const key = `${p.line}:${p.column}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => a.line - b.line || a.column - b.column);
  const counts = {...notListed};
  for (const problem of unique) counts[problem.severity] += 1;
  const listed = unique.slice(0, MAX_PROBLEMS);
  return {
    version,
    valid: counts.error === 0,
    counts,
    problems: listed,
    omitted: counts.error + counts.warning + counts.later - listed.length,
    lines,
  };
}

function limitProblem(message: string): YamlProblem {
  return {kind: 'limit', severity: 'error', line: 1, column: 1, path: '', message, docs: LIMITS_LINK};
}

function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** The parser's own message, with a hint for the mistakes people make most. */
function syntaxMessage(code: string, message: string): string {
  // The parser's wording for these is written for programmers; the hint says it all.
  const replaced = new Set(['MULTIPLE_DOCS']);
  const hints: Record<string, string> = {
    BLOCK_AS_IMPLICIT_KEY:
      'A value that holds a colon followed by a space must be quoted, such as `description: "Note: refunds excluded"`.',
    DUPLICATE_KEY:
      'The same key appears twice in one mapping, so one of its two values would be lost. Remove or rename one.',
    TAB_AS_INDENT: 'YAML indentation must be spaces; this line is indented with a tab.',
    MULTIPLE_DOCS: 'The file holds more than one YAML document (a `---` line in the middle). Keep one per file.',
    BAD_ALIAS: 'An alias (`*name`) refers to an anchor (`&name`) that is not defined before it.',
    BAD_INDENT:
      'The indentation does not line up with the lines above: keys of one mapping must start in the same column.',
  };
  const first = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  if (replaced.has(code)) return `YAML syntax: ${hints[code]}`;
  return `YAML syntax: ${first}.${hints[code] ? ` ${hints[code]}` : ''}`;
}

/**
 * Keeps one finding for each value that matched none of the forms an `anyOf` allows. When the value has the shape
 * of one form (a list, for `time_intervals`) the errors inside it say what is wrong and are kept; otherwise one
 * message lists the forms.
 */
function condense(errors: ErrorObject[]): ErrorObject[] {
  // In one pass (a file may hold tens of thousands of findings): an `anyOf` place with findings below it keeps only
  // those; one without keeps its first `anyOf` finding alone.
  const anyOfPlaces = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const withDeeper = new Set<string>();
  for (const error of errors) {
    for (let place = error.instancePath; place !== '';) {
      place = place.slice(0, place.lastIndexOf('/'));
      withDeeper.add(place);
    }
  }
  const keptAnyOf = new Set<string>();
  return errors.filter((error) => {
    // The validator reports a bad metric name twice (the name's pattern, then propertyNames): keep the first.
    if (error.keyword === 'propertyNames') return false;
    const place = error.instancePath;
    if (!anyOfPlaces.has(place)) return true;
    if (withDeeper.has(place) || error.keyword !== 'anyOf' || keptAnyOf.has(place)) return false;
    keptAnyOf.add(place);
    return true;
  });
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function formatPath(segments: readonly string[]): string {
  return segments
    .map((segment, i) => {
      if (/^\d+$/.test(segment)) return `[${segment}]`;
      const name = /^[A-Za-z_][\w-]*$/.test(segment) ? segment : `[${JSON.stringify(segment)}]`;
      return i === 0 || name.startsWith('[') ? name : `.${name}`;
    })
    .join('');
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let current = data;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Each alias's anchored node, from scanAliases: looked up in constant time (the package's own lookup is linear). */
let aliasTargets = new Map<Alias, YamlNode>();

function resolveNode(_doc: Document, node: unknown): unknown {
  return isAlias(node) ? aliasTargets.get(node) : node;
}

const tooManyAliases = () =>
  `The file has more than ${MAX_ALIAS_COUNT.toLocaleString('en-US')} aliases (\`*name\`), far more than any real ` +
  'properties file needs, so it was not checked. Write the repeated settings out, or use fewer aliases.';

function looksLikeAliases(text: string): number {
  let count = 0;
  const pattern = /(?:^|[\s,[{])\*[^\s,[\]{}]/g;
  while (pattern.exec(text) !== null) count += 1;
  return count;
}

interface AliasScan {
  readonly targets: Map<Alias, YamlNode>;
  /** The first alias with no anchor before it. */
  readonly unresolved?: Alias;
  /** Why the file is refused, when its aliases are too many or expand too far. */
  readonly refused?: string;
}

/**
 * One pass over the document in reading order: each alias is matched with the last anchor of its name before it (as
 * the YAML spec and the `yaml` package do), aliases are counted, and the number of values the expanded data would
 * hold is added up (an anchored value's size is known once, so the pass stays linear).
 */
function scanAliases(doc: Document): AliasScan {
  const targets = new Map<Alias, YamlNode>();
  const anchors = new Map<string, {node: YamlNode; size: number}>();
  let aliases = 0;
  let added = 0;
  let unresolved: Alias | undefined;
  const tooMany = tooManyAliases();
  const tooLarge =
    'The file uses anchors and aliases (`&name` and `*name`) so heavily that expanding them could take more ' +
    'memory than any real properties file needs, so it was not checked. Write the repeated settings out, or ' +
    'use fewer levels of aliases.';
  class Refused extends Error {}
  // Returns how many values the node stands for once its aliases are expanded.
  const size = (node: unknown): number => {
    if (node === null || node === undefined || typeof node !== 'object') return 0;
    if (isAlias(node)) {
      aliases += 1;
      if (aliases > MAX_ALIAS_COUNT) throw new Refused(tooMany);
      const anchor = anchors.get(node.source);
      if (!anchor) {
        unresolved ??= node;
        return 1;
      }
      targets.set(node, anchor.node);
      added += anchor.size;
      if (added > MAX_ALIAS_EXPANSION) throw new Refused(tooLarge);
      return anchor.size;
    }
    const anchorName = (node as {anchor?: string}).anchor;
    // An alias inside its own anchor's value would make the value endless: it counts as having no anchor yet.
    let total = 1;
    if (isMap(node)) {
      for (const pair of node.items) total += size(pair.key) + size(pair.value);
    } else if (isSeq(node)) {
      for (const item of node.items) total += size(item);
    }
    if (anchorName) anchors.set(anchorName, {node: node as YamlNode, size: total});
    return total;
  };
  try {
    size(doc.contents);
  } catch (error) {
    if (error instanceof Refused) return {targets, refused: error.message};
    // A file nested deeper than the call stack: the parser has already refused those, but the answer stays a problem.
    if (error instanceof RangeError)
      return {targets, refused: 'The file nests lists or mappings too deeply to be read.'};
    throw error;
  }
  return {targets, unresolved};
}

type Child = {key?: YamlNode; value?: YamlNode};
/** Each mapping's entries by key, built once: a mapping of thousands of keys is searched once per problem. */
const mapIndexes = new WeakMap<object, Map<string, Child>>();

function mapIndex(doc: Document, node: YAMLMap): Map<string, Child> {
  let index = mapIndexes.get(node);
  if (index) return index;
  index = new Map();
  const merged: Map<string, Child>[] = [];
  for (const pair of node.items) {
    const key = pair.key;
    if (isScalar(key) && (key.source === '<<' || typeof key.value === 'symbol')) {
      const value = resolveNode(doc, pair.value);
      for (const source of isSeq(value) ? value.items : [value]) {
        const resolved = resolveNode(doc, source);
        if (isMap(resolved)) merged.push(mapIndex(doc, resolved));
      }
    } else if (isScalar(key)) {
      index.set(String(key.value), {key: key as YamlNode, value: (pair.value ?? undefined) as YamlNode | undefined});
    }
  }
  // Keys written in the mapping win over merged ones; among merged sources the first one wins.
  for (const source of merged) {
    for (const [name, child] of source) if (!index.has(name)) index.set(name, child);
  }
  mapIndexes.set(node, index);
  return index;
}

/** The key and value nodes of one step into a mapping (merge keys `<<` included) or a list. */
function childOf(doc: Document, parent: unknown, segment: string): Child | undefined {
  const node = resolveNode(doc, parent);
  if (isSeq(node)) {
    const item = node.items[Number(segment)];
    return /^\d+$/.test(segment) && item ? {value: item as YamlNode} : undefined;
  }
  return isMap(node) ? mapIndex(doc, node).get(segment) : undefined;
}

function nodesAt(doc: Document, segments: readonly string[]) {
  let value: unknown = doc.contents;
  let key: YamlNode | undefined;
  let parent: unknown;
  for (const segment of segments) {
    const child = childOf(doc, value, segment);
    if (!child) return {value: undefined, key: undefined, parent: value, complete: false};
    parent = value;
    key = child.key;
    value = child.value;
  }
  return {value: resolveNode(doc, value) as YamlNode | undefined, key, parent, complete: true};
}

/**
 * The path of the key on a line indented with a tab. The parser reads such a line as part of the value above it, so
 * the node at the tab is the previous key's; the line's own key belongs beside that key, or under it when the line
 * above opens a block (ends with a colon).
 */
function tabLinePath(doc: Document, text: string, offset: number): string[] {
  const lineStart = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const key = /^[\t ]*(?:-[\t ]+)?([^\s:#'"{[][^:#]*?):(?:\s|$)/.exec(line)?.[1]?.trim();
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const previous = text.slice(start, end);
    const content = previous.trimStart();
    if (content !== '' && !content.startsWith('#')) {
      const above = pathAtOffset(doc, start + previous.length - content.length);
      const parent = /:\s*(#.*)?$/.test(previous) ? above : above.slice(0, -1);
      return key ? [...parent, key] : parent;
    }
    end = start - 1;
  }
  return key ? [key] : [];
}

/** The path of the innermost mapping entry or list item that holds `offset`. */
function pathAtOffset(doc: Document, offset: number): string[] {
  const path: string[] = [];
  let node: unknown = doc.contents;
  const holds = (n: unknown) => {
    const range = (n as YamlNode | null)?.range;
    return range ? range[0] <= offset && offset <= range[2] : false;
  };
  // Real properties files nest a dozen levels; a path deeper than this only says "very deep".
  for (let guard = 0; guard < 64; guard += 1) {
    if (isMap(node)) {
      const pair = node.items.find((p) => holds(p.key) || holds(p.value));
      if (!pair || !isScalar(pair.key)) break;
      path.push(String(pair.key.value));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex(holds);
      if (index < 0) break;
      path.push(String(index));
      node = node.items[index];
    } else {
      break;
    }
  }
  return path;
}

const quote = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
const code = (name: string) => `\`${name.length > 60 ? `${name.slice(0, 57)}...` : name}\``;

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (isYamlDate(value)) return `the date ${quote(value.description ?? '')} (quote it to make it a text)`;
  if (typeof value === 'string') return `the text ${quote(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'a mapping';
}

const TYPE_NOUNS: Record<string, string> = {
  object: 'a mapping (`key: value` lines)',
  array: 'a list (`- item` lines)',
  string: 'a text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'empty (null)',
};

/** Each form a schema node allows, nested `anyOf`s flattened. */
function describeForms(node: SchemaNode, depth: number): string[] {
  const resolved = deref(schema, node).node;
  if (resolved.anyOf && !resolved.enum && depth <= 4) {
    return resolved.anyOf.flatMap((branch) => describeForms(branch, depth + 1));
  }
  return [describeSchema(resolved, depth)];
}

/** The forms a schema node allows, in words, for "must be ..." messages. */
function describeSchema(node: SchemaNode, depth = 0): string {
  const resolved = deref(schema, node).node;
  if (depth > 4) return 'another form';
  if (resolved.enum) {
    const values = resolved.enum.map(String).join(', ');
    return resolved.title ? `a ${resolved.title.toLowerCase()} (${values})` : `one of ${values}`;
  }
  if (resolved.anyOf) return joinOr(resolved.anyOf.flatMap((branch) => describeForms(branch, depth + 1)));
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  if (type === 'array') {
    const items = resolved.items ? deref(schema, resolved.items).node : undefined;
    if (items?.title) return `a list of ${items.title.toLowerCase()}s`;
    if (items?.type === 'string') return 'a list of texts';
    return 'a list of such values';
  }
  if (type === 'string' && resolved.title) return `a ${resolved.title.toLowerCase()}`;
  return TYPE_NOUNS[type ?? ''] ?? 'another form';
}

function joinOr(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

/** Enum values anywhere in a node's forms, for "did you mean" suggestions. */
function enumValues(node: SchemaNode, depth = 0): string[] {
  const resolved = deref(schema, node).node;
  if (depth > 4) return [];
  if (resolved.enum) return resolved.enum.map(String);
  return (resolved.anyOf ?? []).flatMap((branch) => enumValues(branch, depth + 1));
}

/** Edit distance in which swapping two neighbouring letters (`lable` for `label`) counts as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  const d = Array.from({length: a.length + 1}, (_, i) =>
    Array.from({length: b.length + 1}, (_, j) => (i ? (j ? 0 : i) : j)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The closest allowed name to a wrong one, when it is close enough to be a typo. */
export function closest(wrong: string, allowed: readonly string[]): string | undefined {
  const normal = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
  const same = allowed.find((a) => normal(a) === normal(wrong));
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(wrong.length / 4));
  for (const candidate of allowed) {
    const distance = editDistance(wrong.toLowerCase(), candidate.toLowerCase());
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance - 1;
    }
  }
  return best;
}

const didYouMean = (suggestion: string | undefined) => (suggestion ? ` Did you mean ${code(suggestion)}?` : '');

interface Located {
  readonly error: ErrorObject;
  readonly segments: string[];
  readonly place: SchemaPlace;
  readonly nodes: ReturnType<typeof nodesAt>;
  /** Offset in the text the problem is reported at, and the path shown for it. */
  readonly offset: number;
  readonly problemPath: string[];
}

/** Where a finding is: the place in the schema, the YAML nodes, and the offset and path to report. */
function locate(error: ErrorObject, doc: Document): Located {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const nodes = nodesAt(doc, segments);
  let offset = nodes.value?.range?.[0] ?? nodes.key?.range?.[0] ?? (nodes.parent as YamlNode | undefined)?.range?.[0];
  let problemPath = segments;
  // An unknown key, or a metric name that breaks the naming rule, is reported at the key itself.
  const key =
    error.keyword === 'additionalProperties'
      ? String(params.additionalProperty)
      : (error as ErrorObject & {propertyName?: string}).propertyName;
  if (key !== undefined) {
    offset = childOf(doc, nodes.value, key)?.key?.range?.[0] ?? offset;
    problemPath = [...segments, key];
  }
  return {error, segments, place: schemaPlace(schema, segments), nodes, offset: offset ?? 0, problemPath};
}

function schemaProblem(
  found: Located,
  data: unknown,
  at: (offset: number) => {line: number; column: number},
  severity: Severity,
  version: LightdashVersion,
  later: LaterKey | undefined,
  rejected: boolean,
): YamlProblem {
  const problem = describeSchemaError(found, data, at);
  const key = (found.error.params as Record<string, unknown>).additionalProperty;
  let message = problem.message;
  if (later) {
    message =
      `${code(String(key))} is read by Lightdash from version ${later.version} on (released ${later.date}; added in ` +
      `${later.source}). ` +
      (version === RELEASED_VERSION
        ? `${RELEASED_LIGHTDASH} ignores it: it takes effect once you upgrade.`
        : 'These docs do not describe it yet; earlier versions ignore it.');
  } else if (severity === 'warning') {
    message +=
      found.error.keyword === 'additionalProperties'
        ? ' Lightdash ignores this key, so the setting has no effect.'
        : ` ${RELEASED_LIGHTDASH} does not refuse it, but these docs advise against it.`;
  } else if (rejected && version === RELEASED_VERSION) {
    message += ` ${RELEASED_LIGHTDASH} refuses it too.`;
  }
  return {...problem, severity, message};
}

/** A finding of the released Lightdash's own schemas that the docs schema accepts: a format expression, for instance. */
function referenceProblem(
  found: Located,
  error: ReferenceError,
  data: unknown,
  at: (offset: number) => {line: number; column: number},
): YamlProblem {
  const {segments, place, offset, problemPath} = found;
  const params = error.params as Record<string, unknown>;
  const value = valueAt(data, segments);
  const last = segments[segments.length - 1] ?? '';
  const subject = /^\d+$/.test(last)
    ? `Item ${Number(last) + 1} of ${code(segments[segments.length - 2] ?? '')}`
    : code(last);
  const where =
    error.check === 'cli'
      ? // packages/cli/src/dbt/schema.ts at 0b7563df: the CLI checks a file with this schema before
        // `lightdash generate` or `lightdash dbt run` writes to it; compiling and deploying do not read it.
        `${RELEASED_LIGHTDASH}'s CLI refuses the file when \`lightdash generate\` or \`lightdash dbt run\` updates it (its schema lightdash-dbt-2.0.json)`
      : `${RELEASED_LIGHTDASH} refuses it when it compiles the project (its schema lightdashMetadata.json), and the model becomes an explore error`;
  let message: string;
  switch (error.keyword) {
    case 'enum': {
      const allowed = ((params.allowedValues as unknown[]) ?? []).map(String);
      const shown = typeof value === 'string' ? code(value) : capitalize(describeValue(value));
      message = `${shown} is not allowed for ${subject} in ${RELEASED_LIGHTDASH}: ${where}. Allowed there: ${allowed.join(', ')}.`;
      if (last === 'format') {
        message += ` Format expressions such as \`0.0%\` are read only by later versions; in ${RELEASED_VERSION} use a named format, \`round\` and \`compact\`.`;
      } else if (last === 'type' && value === 'timestamp') {
        message += ` A \`timestamp\` metric is not accepted here in ${RELEASED_VERSION}; use a \`max\` or \`min\` metric of the timestamp column instead.`;
      }
      break;
    }
    case 'type':
      message = `${subject} must be ${joinOr(
        String(params.type)
          .split(',')
          .map((t) => TYPE_NOUNS[t] ?? t),
      )} in ${RELEASED_LIGHTDASH}; found ${describeValue(value)}. ${where}.`;
      break;
    case 'required':
      message = `${capitalize(place.atDefRoot && NOUNS[place.def] ? NOUNS[place.def] : 'this mapping')} needs ${code(String(params.missingProperty))} in ${RELEASED_LIGHTDASH}: ${where}.`;
      break;
    case 'additionalProperties':
      message = `Unknown key ${code(String(params.additionalProperty))}: ${where}.`;
      break;
    default:
      message = `${subject} ${error.message ?? 'is not valid here'} in ${RELEASED_LIGHTDASH}: ${where}.`;
  }
  const docs = docLinkFor(place.owner.def, place.owner.property) ?? (docLinkFor('#') as DocTarget);
  return {kind: 'schema', severity: 'error', ...at(offset), path: formatPath(problemPath), message, docs};
}

function describeSchemaError(
  {error, segments, place, offset, problemPath}: Located,
  data: unknown,
  at: (offset: number) => {line: number; column: number},
): YamlProblem {
  const params = error.params as Record<string, unknown>;
  const value = valueAt(data, segments);
  const last = segments[segments.length - 1];
  const subject =
    last === undefined
      ? 'The top of the file'
      : /^\d+$/.test(last)
        ? `Item ${Number(last) + 1} of ${code(segments[segments.length - 2] ?? 'the list')}`
        : code(last);
  const noun =
    place.atDefRoot && NOUNS[place.def]
      ? NOUNS[place.def]
      : (NOUNS_BY_PROPERTY[place.owner.property ?? ''] ?? 'this mapping');
  const link = docLinkFor(place.owner.def, place.owner.property) ?? (docLinkFor('#') as DocTarget);
  let docs = link;
  let message: string;

  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys(propertiesOf(schema, place.node));
      message =
        segments.length === 0
          ? `Unknown key ${code(key)} at the top of the file. A dbt properties file has keys such as \`version\` and \`models\`.${didYouMean(closest(key, allowed))}`
          : `Unknown key ${code(key)} in ${noun}.${didYouMean(closest(key, allowed))}` +
            (allowed.length ? ` Keys allowed here: ${allowed.join(', ')}.` : '');
      break;
    }
    case 'required': {
      const missing = String(params.missingProperty);
      if (place.atDefRoot) docs = docLinkFor(place.def, missing) ?? link;
      message = `${capitalize(noun)} needs ${code(missing)}.`;
      break;
    }
    case 'pattern': {
      // Ajv names the offending key of a `propertyNames` rule on the error itself, not in its params.
      const name = (error as ErrorObject & {propertyName?: string}).propertyName;
      if (name !== undefined) {
        const suggestion = name.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
        message =
          `The metric name ${code(name)} may only use lowercase letters, digits and underscores.` +
          (suggestion && suggestion !== name ? ` Try ${code(suggestion)}.` : '');
      } else {
        message = `${subject} does not have the form allowed here; found ${describeValue(value)}.`;
      }
      break;
    }
    case 'enum': {
      const allowed = ((params.allowedValues as unknown[]) ?? []).map(String);
      const title = place.node.title;
      const what = title ? `a ${title.toLowerCase()} Lightdash knows` : `an allowed value for ${subject}`;
      message =
        `${typeof value === 'string' ? code(value) : capitalize(describeValue(value))} is not ${what}.` +
        `${typeof value === 'string' ? didYouMean(closest(value, allowed)) : ''} Allowed: ${allowed.join(', ')}.`;
      break;
    }
    case 'const':
      message = `${subject} must be ${String(params.allowedValue)}; found ${describeValue(value)}.`;
      break;
    case 'type': {
      const types = String(params.type).split(',');
      message = `${subject} must be ${joinOr(types.map((t) => TYPE_NOUNS[t] ?? t))}; found ${describeValue(value)}.`;
      break;
    }
    case 'anyOf': {
      const suggestion = typeof value === 'string' ? closest(value, enumValues(place.node)) : undefined;
      message = `${subject} must be ${describeSchema(place.node)}; found ${describeValue(value)}.${didYouMean(suggestion)}`;
      break;
    }
    case 'minLength':
      message = `${subject} must not be empty.`;
      break;
    case 'minimum':
    case 'maximum':
      message = `${subject} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}; found ${describeValue(value)}.`;
      break;
    case 'minProperties':
      message = `${capitalize(noun)} must name a field and its value, such as \`status: completed\`.`;
      break;
    default:
      message = `${subject} ${error.message ?? 'is not valid here'}.`;
  }
  return {kind: 'schema', severity: 'error', ...at(offset), path: formatPath(problemPath), message, docs};
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
