/** The parts of an OpenAPI 3.1 document the reference reads (loosely typed: the contract is checked elsewhere). */

export interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly additionalProperties?: Schema | boolean;
  readonly unevaluatedProperties?: Schema | boolean;
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly not?: Schema;
  readonly discriminator?: {readonly propertyName: string; readonly mapping?: Readonly<Record<string, string>>};
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly deprecated?: boolean;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
}

export interface MediaType {
  readonly schema?: Schema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, {readonly value?: unknown; readonly summary?: string}>>;
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: Schema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, {readonly value?: unknown}>>;
  readonly explode?: boolean;
  readonly style?: string;
  readonly deprecated?: boolean;
}

export interface RequestBody {
  readonly required?: boolean;
  readonly description?: string;
  readonly content?: Readonly<Record<string, MediaType>>;
}

export interface Response {
  readonly description?: string;
  readonly content?: Readonly<Record<string, MediaType>>;
}

export interface Operation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly (Parameter | {readonly $ref: string})[];
  readonly requestBody?: RequestBody | {readonly $ref: string};
  readonly responses?: Readonly<Record<string, Response | {readonly $ref: string}>>;
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly deprecated?: boolean;
}

export interface SecurityScheme {
  readonly type: string;
  readonly in?: string;
  readonly name?: string;
  readonly scheme?: string;
  readonly description?: string;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: {readonly title: string; readonly version: string; readonly description?: string};
  readonly servers?: readonly {
    readonly url: string;
    readonly variables?: Readonly<Record<string, {readonly default: string}>>;
  }[];
  readonly tags?: readonly {readonly name: string; readonly description?: string}[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>> & {readonly parameters?: unknown}>>;
  readonly components?: {
    readonly schemas?: Readonly<Record<string, Schema>>;
    readonly parameters?: Readonly<Record<string, Parameter>>;
    readonly requestBodies?: Readonly<Record<string, RequestBody>>;
    readonly responses?: Readonly<Record<string, Response>>;
    readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
  };
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
}

/** `#/components/schemas/Space` → `Space`. */
export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1))
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

/**
 * The target of a local `$ref` (`#/components/...`), or undefined when there is none: the reference pages (which
 * fail the build on it, `resolveLocal`) and the docs MCP server (which shows the `$ref` as it is) both walk a
 * reference this way. Plain data in, plain data out, so mcp/lib/openapi.mjs imports it (through ./index.ts) without the page builders.
 */
export function lookupRef(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return target;
}

/** Follows a local `$ref` (`#/components/parameters/X`...) once. */
export function resolveLocal<T>(doc: OpenApiDocument, value: T | {readonly $ref: string}): T {
  if (!value || typeof value !== 'object' || !('$ref' in value) || typeof value.$ref !== 'string') return value as T;
  const target = lookupRef(doc, value.$ref);
  if (target === undefined) throw new Error(`Unresolved reference ${value.$ref}`);
  return target as T;
}

/**
 * An operation's parameters: the path item's, unless the operation redefines one with the same name and location,
 * then the operation's own (OpenAPI's rule), both already resolved.
 */
export function mergeParameters<P extends {readonly name: string; readonly in: string}>(
  pathLevel: readonly P[],
  own: readonly P[],
): P[] {
  return [...pathLevel.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
}
