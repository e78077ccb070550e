import type {SchemaNode} from '../types';
import {markdownToInlineHtml} from './markdown';
import {refName, type Schema} from './openapi';

export interface TreeOptions {
  /** How many object $refs deep the tree expands inline; deeper ones link to their schema page. */
  readonly maxRefDepth: number;
  /** Past this many nodes, no further object $ref is expanded (keeps every page's data small). */
  readonly maxNodes: number;
}

export const OPERATION_TREE: TreeOptions = {maxRefDepth: 2, maxNodes: 250};
export const SCHEMA_PAGE_TREE: TreeOptions = {maxRefDepth: 2, maxNodes: 400};

interface Context {
  readonly name?: string;
  readonly required?: boolean;
  readonly refDepth: number;
  readonly stack: readonly string[];
}

type Mutable<T> = {-readonly [K in keyof T]: T[K]};

const isNull = (s: Schema) =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');
const json = (value: unknown) => JSON.stringify(value);

/** Turns a JSON Schema (OpenAPI 3.1) into a tree a reader can scan: one node per property, item or variant. */
export class SchemaTreeBuilder {
  private count = 0;

  constructor(
    private readonly components: Readonly<Record<string, Schema>>,
    private readonly options: TreeOptions = OPERATION_TREE,
  ) {}

  build(schema: Schema, rootRef?: string): SchemaNode {
    this.count = 0;
    const stack = rootRef ? [rootRef] : [];
    return this.node(schema, {refDepth: rootRef ? 1 : 0, stack});
  }

  /** Whether a component is a single value (string, enum, number...) rather than a structure. */
  private isSimple(schema: Schema, seen: readonly string[] = []): boolean {
    if (schema.$ref) {
      const name = refName(schema.$ref);
      const target = this.components[name];
      return Boolean(target) && !seen.includes(name) && this.isSimple(target, [...seen, name]);
    }
    if (schema.properties || schema.oneOf || schema.anyOf || schema.items) return false;
    if (schema.allOf) return schema.allOf.length === 1 && this.isSimple(schema.allOf[0], seen);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return !types.includes('object') && !types.includes('array');
  }

  private node(schema: Schema, ctx: Context): SchemaNode {
    this.count += 1;
    const base = {
      ...(ctx.name !== undefined && {name: ctx.name}),
      ...(ctx.required && {required: true}),
    };
    if (schema.$ref) return this.refNode(schema, ctx, base);

    // `allOf: [X]` next to a description is how TypeSpec documents a property of a named type.
    if (schema.allOf?.length === 1 && !schema.properties) {
      const {allOf, ...rest} = schema;
      return this.node({...allOf[0], ...withoutUndefined(rest), ...mergeDescription(allOf[0], rest)}, ctx);
    }

    const node: Mutable<SchemaNode> = {...base, type: 'any'};
    const description = markdownToInlineHtml(schema.description);
    if (description) node.descriptionHtml = description;
    const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter(
      (t) => t !== 'null',
    );
    if (Array.isArray(schema.type) && schema.type.includes('null')) node.nullable = true;
    node.type = types.length ? types.join(' | ') : schema.properties ? 'object' : 'any';
    if (schema.format) node.type += ` <${schema.format}>`;

    const constraints = this.constraints(schema);
    if (schema.enum) node.enum = schema.enum.map(json);
    else if (schema.const !== undefined) node.enum = [json(schema.const)];

    if (schema.allOf) this.applyAllOf(schema.allOf, node, ctx);
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives) {
      const kept = alternatives.filter((a) => !isNull(a));
      if (kept.length < alternatives.length) node.nullable = true;
      if (kept.length === 1 && !schema.properties && !schema.discriminator) {
        const single = this.node(kept[0], ctx);
        return {...single, nullable: true, ...(description && {descriptionHtml: description})};
      }
      node.combinator = schema.oneOf ? 'oneOf' : 'anyOf';
      if (node.type === 'any') node.type = schema.oneOf ? 'one of' : 'any of';
      if (schema.discriminator) node.discriminator = schema.discriminator.propertyName;
      node.variants = kept.map((a, i) => this.node(a, {...ctx, name: variantLabel(a, i, schema)}));
    }
    if (schema.properties) {
      const required = new Set(schema.required ?? []);
      node.children = [
        ...(node.children ?? []),
        ...Object.entries(schema.properties).map(([name, prop]) =>
          this.node(prop, {...ctx, name, required: required.has(name)}),
        ),
      ];
    }
    if (schema.items) {
      node.items = this.node(schema.items, {...ctx, name: undefined, required: undefined});
      node.type = `array of ${describeType(node.items)}`;
    }
    const extra = schema.additionalProperties ?? schema.unevaluatedProperties;
    if (extra === false || (typeof extra === 'object' && extra.not && Object.keys(extra.not).length === 0)) {
      constraints.push('no other properties');
    } else if (extra === true || (typeof extra === 'object' && Object.keys(extra).length === 0)) {
      constraints.push(schema.properties ? 'other properties allowed' : 'any properties');
    } else if (typeof extra === 'object') {
      node.values = this.node(extra, {...ctx, name: undefined, required: undefined});
      if (!schema.properties) node.type = `map of ${describeType(node.values)}`;
    }
    if (constraints.length) node.constraints = constraints;
    return node;
  }

  private refNode(schema: Schema, ctx: Context, base: {name?: string; required?: boolean}): SchemaNode {
    const name = refName(schema.$ref as string);
    const target = this.components[name];
    const ownDescription = markdownToInlineHtml(schema.description);
    if (!target) return {...base, type: 'unknown', ref: name};
    if (this.isSimple(target)) {
      // A property of a simple named type (Uuid, an enum) keeps its own words; the generic ones
      // are a click away on the schema page.
      const {descriptionHtml, ...inner} = this.node(target, {...ctx, stack: [...ctx.stack, name]});
      const description = ownDescription ?? (ctx.name === undefined ? descriptionHtml : undefined);
      return {...inner, ref: name, ...(description && {descriptionHtml: description})};
    }
    const tooDeep = ctx.refDepth >= this.options.maxRefDepth || this.count > this.options.maxNodes;
    if (ctx.stack.includes(name) || tooDeep) {
      const description = ownDescription ?? markdownToInlineHtml(target.description);
      return {
        ...base,
        type: target.items ? 'array' : target.oneOf ? 'one of' : target.anyOf ? 'any of' : 'object',
        ref: name,
        truncated: true,
        ...(description && {descriptionHtml: description}),
      };
    }
    const inner = this.node(target, {...ctx, refDepth: ctx.refDepth + 1, stack: [...ctx.stack, name]});
    return {...inner, ref: name, ...(ownDescription && {descriptionHtml: ownDescription})};
  }

  /** allOf of objects reads best as one object: merge the properties, list what it extends. */
  private applyAllOf(members: readonly Schema[], node: Mutable<SchemaNode>, ctx: Context) {
    const resolved = members.map((m) => (m.$ref ? this.components[refName(m.$ref)] : m));
    if (resolved.every((m) => m && (m.properties || m.type === 'object'))) {
      node.type = 'object';
      node.extends = members.filter((m) => m.$ref).map((m) => refName(m.$ref as string));
      node.children = resolved.flatMap((m) => this.node({...m, description: undefined}, ctx).children ?? []);
      return;
    }
    node.combinator = 'allOf';
    node.type = 'all of';
    node.variants = members.map((m, i) => this.node(m, {...ctx, name: variantLabel(m, i)}));
  }

  private constraints(schema: Schema): string[] {
    const out: string[] = [];
    if (schema.pattern !== undefined) out.push(`pattern: ${schema.pattern}`);
    if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
    if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
    if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
    if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
    if (schema.minLength !== undefined) out.push(`min length: ${schema.minLength}`);
    if (schema.maxLength !== undefined) out.push(`max length: ${schema.maxLength}`);
    if (schema.minItems !== undefined) out.push(`min items: ${schema.minItems}`);
    if (schema.maxItems !== undefined) out.push(`max items: ${schema.maxItems}`);
    if (schema.uniqueItems) out.push('unique items');
    if (schema.default !== undefined) out.push(`default: ${json(schema.default)}`);
    if (schema.readOnly) out.push('read-only');
    if (schema.writeOnly) out.push('write-only');
    if (schema.deprecated) out.push('deprecated');
    if (schema.not && Object.keys(schema.not).length > 0) out.push(`must not be: ${json(schema.not)}`);
    return out;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function mergeDescription(inner: Schema, outer: Schema): {description?: string} {
  const description = outer.description ?? inner.description;
  return description ? {description} : {};
}

/** A variant is named by its discriminator value when there is one, else by its schema name. */
function variantLabel(schema: Schema, index: number, parent?: Schema): string {
  if (schema.$ref) {
    const mapping = parent?.discriminator?.mapping ?? {};
    const value = Object.entries(mapping).find(([, ref]) => ref === schema.$ref)?.[0];
    const name = refName(schema.$ref);
    return value !== undefined ? `${parent?.discriminator?.propertyName} = ${json(value)}` : name;
  }
  return `option ${index + 1}`;
}

/** One-line type of a node, for `array of X` and `map of X`. */
export function describeType(node: SchemaNode): string {
  const type = node.ref ?? node.type;
  return node.nullable ? `${type} | null` : type;
}

/** Every component schema a schema refers to, directly or through other components. */
export function collectRefs(
  schema: unknown,
  components: Readonly<Record<string, Schema>>,
  into: Set<string> = new Set(),
): Set<string> {
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = refName(child);
          if (!into.has(name)) {
            into.add(name);
            visit(components[name]);
          }
        } else if (key !== 'example' && key !== 'examples') {
          visit(child);
        }
      }
    }
  };
  visit(schema);
  return into;
}
