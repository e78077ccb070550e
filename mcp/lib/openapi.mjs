/**
 * The Lightdash API from the OpenAPI document the build publishes (`/api/v1/openapi.json`, compiled
 * from the TypeSpec contract): list operations, and describe one with its `$ref`s expanded.
 */
import {DocsError, NotFoundError, readJson} from './source.mjs';
// The reference's own rules for `$ref`s and parameters: its model module has no imports, where the plugin's entry
// would load the whole page builder.
import {lookupRef, mergeParameters, refName} from '../../plugins/api-reference/model/index.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';
/**
 * Written by the API reference plugin beside the contract: operationId → page URL, method, path and
 * tag, in the contract's order (plugins/api-reference/model/operationIndex.ts). The operations, their
 * tags and their pages come from it, so they are the reference's own and never rebuilt here.
 */
export const OPERATIONS_PATH = '/api/v1/operations.json';
/** How deep `$ref`s are expanded before a schema is shown by name only. */
export const MAX_SCHEMA_DEPTH = 5;
/** A description larger than this is expanded less deeply, so it stays readable in a chat. */
const MAX_DESCRIPTION_CHARS = 60_000;

/** Loads and checks the OpenAPI document once per source. */
export class ApiSpec {
  constructor(source, siteUrl) {
    this.source = source;
    this.siteUrl = siteUrl;
    this.loaded = undefined;
  }

  async operations() {
    // A failed load is not kept, so the next call tries again.
    this.loaded ??= this.load().catch((error) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  async load() {
    const spec = await readJson(this.source, OPENAPI_PATH);
    if (typeof spec?.openapi !== 'string' || typeof spec.paths !== 'object' || spec.paths === null) {
      throw new DocsError(`${OPENAPI_PATH} from ${this.source.description} is not an OpenAPI document.`);
    }
    const pages = await readJson(this.source, OPERATIONS_PATH);
    if (typeof pages !== 'object' || pages === null || Array.isArray(pages)) {
      throw new DocsError(
        `${OPERATIONS_PATH} from ${this.source.description} is not the API reference's operation list.`,
      );
    }
    const operations = Object.entries(pages).map(([operationId, page]) => {
      const item = spec.paths[page?.path];
      const operation = item?.[page?.method];
      if (!operation || typeof operation !== 'object') {
        throw new DocsError(
          `${OPERATIONS_PATH} from ${this.source.description} lists ${operationId}, which ${OPENAPI_PATH} does not have.`,
        );
      }
      return {operationId, path: page.path, method: page.method, tag: page.tag, url: page.url, item, operation};
    });
    return {spec, operations};
  }

  /** Operations whose first tag is `tag` (case-insensitive), or all of them for `all`. */
  async list(tag) {
    const {spec, operations} = await this.operations();
    const tags = tagNames(spec, operations);
    const wanted = tag.trim().toLowerCase();
    const chosen = wanted === 'all' ? operations : operations.filter((o) => o.tag.toLowerCase() === wanted);
    if (chosen.length === 0) {
      throw new NotFoundError(`There is no API tag "${tag}". Tags: ${tags.join(', ')}; or "all".`);
    }
    return chosen.map((o) => ({
      operationId: o.operationId,
      method: o.method.toUpperCase(),
      path: o.path,
      summary: o.operation.summary,
      tag: o.tag,
    }));
  }

  /** One operation by operationId or `METHOD /path` (a template or a concrete path), described in full. */
  async describe(reference) {
    const {spec, operations} = await this.operations();
    const found = findOperation(operations, reference.trim());
    if (!found) {
      throw new NotFoundError(
        `There is no API operation "${reference}". Give an operationId (like GetChartHistory) or ` +
          '"METHOD /path" (like GET /api/v1/saved/{chartUuid}/history); list_api_operations lists them.',
      );
    }
    for (let depth = MAX_SCHEMA_DEPTH; ; depth--) {
      const description = describeOperation(spec, found, depth, this.siteUrl);
      if (depth <= 1 || JSON.stringify(description).length <= MAX_DESCRIPTION_CHARS) return description;
    }
  }
}

function tagNames(spec, operations) {
  const used = new Set(operations.map((o) => o.tag));
  const declared = (spec.tags ?? []).map((t) => t.name).filter((name) => used.has(name));
  return [...new Set([...declared, ...used])];
}

function findOperation(operations, reference) {
  const byId = operations.find((o) => o.operationId === reference);
  if (byId) return byId;
  const match = /^([A-Za-z]+)\s+(\S+)$/.exec(reference);
  if (!match) return undefined;
  const method = match[1].toLowerCase();
  const path = match[2].replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  const candidates = operations.filter((o) => o.method === method);
  return (
    candidates.find((o) => o.path === path) ??
    candidates.find((o) => samePathTemplate(o.path, path)) ??
    candidates.find((o) => templateMatches(o.path, path))
  );
}

/** `/a/{x}` and `/a/{uuid}` name the same route. */
function samePathTemplate(template, path) {
  const shape = (p) => p.replace(/\{[^}]+\}/g, '{}');
  return shape(template) === shape(path);
}

/** `/api/v1/saved/{chartUuid}` matches the concrete `/api/v1/saved/3675b69e-...`. */
function templateMatches(template, path) {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
}

function describeOperation(spec, {operationId, path, method, url, item, operation}, depth, siteUrl) {
  const expand = (value) => expandRefs(value, spec, depth, []);
  return {
    operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description,
    tags: operation.tags,
    ...(operation.deprecated ? {deprecated: true} : {}),
    docsUrl: new URL(`.${url}`, siteUrl).href,
    servers: (operation.servers ?? item.servers ?? spec.servers ?? []).map((s) => s.url),
    auth: describeAuth(spec, operation),
    parameters: mergeParameters(
      (item.parameters ?? []).map((p) => resolve(spec, p)),
      (operation.parameters ?? []).map((p) => resolve(spec, p)),
    ).map(expand),
    ...(operation.requestBody ? {requestBody: expand(resolve(spec, operation.requestBody))} : {}),
    responses: Object.fromEntries(
      Object.entries(operation.responses ?? {}).map(([code, response]) => [code, expand(resolve(spec, response))]),
    ),
    schemaDepth: `$ref expanded ${depth} levels deep; deeper schemas are named by "$ref" only.`,
  };
}

/** The operation's security (or the document's), with each scheme spelled out. */
function describeAuth(spec, operation) {
  const requirements = operation.security ?? spec.security ?? [];
  if (requirements.length === 0) return {required: false, anyOf: []};
  const schemes = spec.components?.securitySchemes ?? {};
  return {
    required: !requirements.some((r) => Object.keys(r).length === 0),
    anyOf: requirements
      .filter((r) => Object.keys(r).length > 0)
      .map((r) => Object.keys(r).map((scheme) => ({scheme, ...(schemes[scheme] ?? {})}))),
  };
}

/** The target of a local `$ref` (`#/components/...`), or the value itself when it has none. */
function resolve(spec, value) {
  if (!value || typeof value.$ref !== 'string') return value;
  const target = lookupRef(spec, value.$ref);
  return target === undefined ? value : target;
}

/**
 * A copy of `value` with local `$ref`s replaced by what they point to, `depth` refs deep. An
 * expanded schema keeps its name in `x-schema`; one that refers to itself is left as a `$ref` marked
 * `circular`, and one past the depth as a plain `$ref`.
 */
function expandRefs(value, spec, depth, trail) {
  if (Array.isArray(value)) return value.map((v) => expandRefs(v, spec, depth, trail));
  if (!value || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string') {
    const name = refName(value.$ref);
    if (trail.includes(value.$ref)) return {$ref: value.$ref, circular: true};
    const target = lookupRef(spec, value.$ref);
    if (target === undefined || trail.length >= depth) return {$ref: value.$ref};
    const expanded = expandRefs(target, spec, depth, [...trail, value.$ref]);
    return expanded && typeof expanded === 'object' && !Array.isArray(expanded)
      ? {'x-schema': name, ...expanded}
      : expanded;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandRefs(v, spec, depth, trail)]));
}
