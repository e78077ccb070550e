/**
 * Finds, for a place in a dbt properties file (a JSON-pointer-like list of keys and indexes), the part of the
 * JSON Schema that describes it: which `$defs` object it belongs to, the property of that object it sits under,
 * the keys allowed there and the schema node itself. The validator's own `schemaPath` cannot be used for this: the
 * standalone validator compiles each `$defs` entry as a function of its own, so its paths restart at every `$ref`.
 */
import {DOC_LINKS} from './docLinks';

export type SchemaNode = {
  $ref?: string;
  title?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $defs?: Record<string, SchemaNode>;
};

export interface SchemaPlace {
  /** The schema node for the place, `$ref`s followed. */
  readonly node: SchemaNode;
  /** The `$defs` name of the object the place belongs to, `#` for the top of the file. */
  readonly def: string;
  /** True when the place is that object itself (not a list, map or value inside it). */
  readonly atDefRoot: boolean;
  /** The nearest object with docs (a key of DOC_LINKS) and the property of it the place is under. */
  readonly owner: {readonly def: string; readonly property?: string};
  /** The last `$defs` entry a `$ref` led to on the way (such as `format` or `TimeFrame`). */
  readonly lastDef: string;
}

/** Follows `$ref`s (`#/$defs/name` or a deeper pointer); returns the node and the `$defs` name entered, if any. */
export function deref(root: SchemaNode, node: SchemaNode): {node: SchemaNode; entered?: string} {
  let entered: string | undefined;
  let current = node;
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    if (parts[0] === '$defs' && parts.length === 2) entered = parts[1];
    let target: unknown = root;
    for (const part of parts) target = (target as Record<string, unknown> | undefined)?.[part];
    if (!target || typeof target !== 'object') break;
    current = target as SchemaNode;
  }
  return {node: current, entered};
}

/** Properties of an object schema, with those of its `allOf` parts (a model metric is a metric plus `sql`). */
export function propertiesOf(root: SchemaNode, node: SchemaNode): Record<string, SchemaNode> {
  const inherited = (node.allOf ?? []).map((part) => propertiesOf(root, deref(root, part).node));
  return Object.assign({}, ...inherited, node.properties ?? {});
}

export function schemaPlace(root: SchemaNode, segments: readonly string[]): SchemaPlace {
  let node = root;
  let def = '#';
  let lastDef = '#';
  let atDefRoot = true;
  let owner: SchemaPlace['owner'] = {def: '#'};
  for (const segment of segments) {
    // A value with several allowed forms (`time_intervals`: a word or a list of time frames) is described, below
    // it, by the form that has lists or keys.
    if (node.anyOf && !node.items && !node.properties) {
      const index = /^\d+$/.test(segment);
      const form = node.anyOf
        .map((branch) => deref(root, branch))
        .find(({node: branch}) => (index ? branch.items : branch.properties || branch.additionalProperties));
      if (!form) break;
      node = form.node;
    }
    const properties = propertiesOf(root, node);
    let next: SchemaNode | undefined;
    if (node.items && /^\d+$/.test(segment)) {
      next = node.items;
    } else if (Object.prototype.hasOwnProperty.call(properties, segment)) {
      if (atDefRoot && DOC_LINKS[def]) owner = {def, property: segment};
      next = properties[segment];
    } else if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      next = node.additionalProperties;
    }
    if (!next) break;
    const followed = deref(root, next);
    node = followed.node;
    atDefRoot = false;
    if (followed.entered) {
      lastDef = followed.entered;
      // Only objects count as a new place of their own; a value type (round, format, an enum) stays with the
      // property that holds it.
      if (DOC_LINKS[followed.entered]) {
        def = followed.entered;
        atDefRoot = true;
        owner = {def};
      }
    }
  }
  return {node, def, atDefRoot, owner, lastDef};
}
