import type {
  AccessNote,
  BodyModel,
  HttpMethod,
  OperationPageModel,
  OperationSummary,
  OverviewPageModel,
  ParameterModel,
  ResponseModel,
  SchemaIndexModel,
  SchemaPageModel,
  SecurityOption,
  SidebarModel,
  TagPageModel,
} from '../types';
import {deepLinkKey} from '../deepLink';
import {codeSamples} from './codeSamples';
import {markdownToHtml, markdownToInlineHtml, markdownToText, splitSections} from './markdown';
import {
  HTTP_METHODS,
  refName,
  resolveLocal,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type RequestBody,
  type Response,
  type Schema,
} from './openapi';
import {OPERATION_TREE, SCHEMA_PAGE_TREE, SchemaTreeBuilder, collectRefs} from './schemaTree';
import {legacyOperationUrls} from '../legacyOperationUrls';
import {operationSlug, parameterAnchor, responseAnchor, slugify} from './slug';

export interface ApiReference {
  readonly overview: OverviewPageModel & {readonly permalink: string};
  readonly sidebar: SidebarModel;
  readonly tags: readonly TagPageModel[];
  readonly operations: readonly OperationPageModel[];
  readonly schemas: readonly SchemaPageModel[];
  readonly schemaIndex: SchemaIndexModel;
}

/** Route segment that holds the schema pages; no tag may take it. */
export const SCHEMAS_SEGMENT = 'schemas';

const STATUS_TEXT: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  default: 'Any other status',
};

const METHOD_ORDER: readonly string[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** `{instanceUrl}` with its default filled in: where samples and the try-it console start. */
export function defaultServer(doc: OpenApiDocument): string {
  const server = doc.servers?.[0];
  if (!server) return 'https://app.lightdash.cloud';
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
}

/**
 * Who may call an operation, when its description says so: "Organization admins only." becomes the
 * required role "Organization admin"; "Only … may call this." is quoted as it is.
 */
export function accessNote(description: string | undefined): AccessNote | undefined {
  const text = (description ?? '').replace(/\s+/g, ' ');
  const role = /\b([A-Z][a-z]+) admins only\./.exec(text);
  if (role) return {label: 'Required role', text: `${role[1]} admin`};
  const only = /(?:^|\. )(Only [^.]*? may call this\.)/.exec(text);
  if (only) return {label: 'Who may call this', text: only[1]};
  return undefined;
}

function exampleOf(media: MediaType | undefined, components: Readonly<Record<string, Schema>>): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  if (first?.value !== undefined) return first.value;
  return schemaExample(media.schema, components);
}

function schemaExample(schema: Schema | undefined, components: Readonly<Record<string, Schema>>): unknown {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.$ref) return schemaExample(components[refName(schema.$ref)], components);
  if (schema.allOf?.length === 1) return schemaExample(schema.allOf[0], components);
  return undefined;
}

const pretty = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value, null, 2));
const display = (value: unknown) => {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',');
  return JSON.stringify(value);
};

function jsonMedia(content: Readonly<Record<string, MediaType>> | undefined): [string, MediaType] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => /json/.test(type)) ?? entries[0];
}

function securityOptions(doc: OpenApiDocument, op: Operation): SecurityOption[] {
  const requirements = op.security ?? doc.security ?? [];
  if (requirements.length === 0) return [{label: 'None: this call needs no authentication'}];
  const schemes = doc.components?.securitySchemes ?? {};
  return requirements.map((req) => {
    const options = Object.keys(req).map((name): SecurityOption => {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'Authorization') {
        return {label: 'Personal access token', code: 'Authorization: ApiKey <token>'};
      }
      if (scheme?.type === 'apiKey' && scheme.in === 'cookie') return {label: 'Session cookie', code: scheme.name};
      if (scheme?.type === 'apiKey') return {label: name, code: `${scheme.name}: <key>`};
      return {label: name};
    });
    return options.length === 1
      ? options[0]
      : {label: options.map((o) => (o.code ? `${o.label} (${o.code})` : o.label)).join(' and ')};
  });
}

interface BuildOptions {
  /** Route of the overview, with the site's baseUrl: `/api/v1`. */
  readonly basePath: string;
}

/** Every page model of the API reference, from the compiled contract. */
export function buildApiReference(doc: OpenApiDocument, {basePath}: BuildOptions): ApiReference {
  const base = basePath.replace(/\/+$/, '');
  const components = doc.components?.schemas ?? {};
  const server = defaultServer(doc);
  const tagDescriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));

  const tagSlugs = new Map<string, string>();
  const tagOf = (name: string) => {
    const slug = slugify(name);
    if (slug === SCHEMAS_SEGMENT || !slug) throw new Error(`API tag "${name}" cannot be used as a route segment`);
    const other = [...tagSlugs].find(([n, s]) => s === slug && n !== name);
    if (other) throw new Error(`API tags "${name}" and "${other[0]}" have the same slug "${slug}"`);
    tagSlugs.set(name, slug);
    return {name, slug, permalink: `${base}/${slug}`};
  };

  const operations: OperationPageModel[] = [];
  const refsByOperation = new Map<string, Set<string>>();
  const seenIds = new Set<string>();
  const seenPermalinks = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = ((item.parameters as Operation['parameters']) ?? []).map((p) => resolveLocal<Parameter>(doc, p));
    for (const method of HTTP_METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const operationId = op.operationId ?? `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`;
      if (seenIds.has(operationId)) throw new Error(`Duplicate operationId ${operationId}`);
      seenIds.add(operationId);
      const tag = tagOf(op.tags?.[0] ?? 'Other');
      const permalink = `${tag.permalink}/${operationSlug(operationId)}`;
      if (seenPermalinks.has(permalink)) throw new Error(`Two operations have the page ${permalink}`);
      seenPermalinks.add(permalink);
      const trees = new SchemaTreeBuilder(components, OPERATION_TREE);

      const own = (op.parameters ?? []).map((p) => resolveLocal<Parameter>(doc, p));
      const merged = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const parameters: ParameterModel[] = merged
        .filter((p) => p.in !== 'cookie')
        .map((p) => {
          const example = p.example ?? (p.examples && Object.values(p.examples)[0]?.value);
          const exampleValue = example ?? schemaExample(p.schema, components);
          return {
            name: p.name,
            in: p.in,
            anchor: parameterAnchor(p.in, p.name),
            required: p.in === 'path' || Boolean(p.required),
            schema: trees.build(p.schema ?? {}),
            ...(markdownToInlineHtml(p.description) && {descriptionHtml: markdownToInlineHtml(p.description)}),
            ...(exampleValue !== undefined && {example: display(exampleValue)}),
            explode: p.explode ?? (p.in === 'query' && (p.style ?? 'form') === 'form'),
          };
        });
      const rawExamples = new Map(
        merged.map((p) => [
          `${p.in}:${p.name}`,
          p.example ?? (p.examples && Object.values(p.examples)[0]?.value) ?? schemaExample(p.schema, components),
        ]),
      );

      let requestBody: BodyModel | undefined;
      let bodyExample: unknown;
      if (op.requestBody) {
        const body = resolveLocal<RequestBody>(doc, op.requestBody);
        const [contentType, media] = jsonMedia(body.content) ?? ['application/json', {}];
        bodyExample = exampleOf(media, components);
        requestBody = {
          required: Boolean(body.required),
          contentType,
          ...(media.schema && {schema: trees.build(media.schema)}),
          ...(markdownToHtml(body.description) && {descriptionHtml: markdownToHtml(body.description)}),
          ...(bodyExample !== undefined && {example: pretty(bodyExample)}),
        };
      }

      const responses: ResponseModel[] = Object.entries(op.responses ?? {}).map(([code, value]) => {
        const response = resolveLocal<Response>(doc, value);
        const found = jsonMedia(response.content);
        const example = found ? exampleOf(found[1], components) : undefined;
        return {
          code,
          anchor: responseAnchor(code),
          statusText: STATUS_TEXT[code] ?? '',
          ...(markdownToInlineHtml(response.description) && {
            descriptionHtml: markdownToInlineHtml(response.description),
          }),
          ...(found && {contentType: found[0]}),
          ...(found?.[1].schema && {schema: trees.build(found[1].schema)}),
          ...(example !== undefined && {example: pretty(example)}),
        };
      });

      const summary = op.summary ?? operationId;
      operations.push({
        operationId,
        method: method as HttpMethod,
        path,
        summary,
        permalink,
        ...(op.deprecated && {deprecated: true}),
        tag,
        ...(markdownToHtml(op.description) && {descriptionHtml: markdownToHtml(op.description)}),
        descriptionText: markdownToText(op.description) || summary,
        ...(accessNote(op.description) && {access: accessNote(op.description)}),
        security: securityOptions(doc, op),
        parameters,
        ...(requestBody && {requestBody}),
        responses,
        codeSamples: codeSamples({
          method: method as HttpMethod,
          path,
          server,
          parameters: merged.map((p) => ({
            name: p.name,
            in: p.in,
            required: Boolean(p.required),
            example: rawExamples.get(`${p.in}:${p.name}`),
            explode: p.explode ?? (p.in === 'query' && (p.style ?? 'form') === 'form'),
          })),
          body: bodyExample,
        }),
        defaultServer: server,
      });
      refsByOperation.set(
        operationId,
        collectRefs([merged.map((p) => p.schema), op.requestBody, op.responses], components),
      );
    }
  }

  const summaryOf = (op: OperationPageModel): OperationSummary => ({
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    permalink: op.permalink,
    ...(op.deprecated && {deprecated: true}),
  });
  const byTag = new Map<string, OperationPageModel[]>();
  for (const op of operations) byTag.set(op.tag.name, [...(byTag.get(op.tag.name) ?? []), op]);
  const tags: TagPageModel[] = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, ops]) => {
      const description = tagDescriptions.get(name);
      return {
        ...tagOf(name),
        ...(markdownToHtml(description) && {descriptionHtml: markdownToHtml(description)}),
        descriptionText: markdownToText(description) || `Operations of the Lightdash API about ${name}.`,
        operations: ops
          .slice()
          .sort(
            (a, b) =>
              a.path.localeCompare(b.path, 'en') || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
          )
          .map(summaryOf),
      };
    });

  const schemaTrees = new SchemaTreeBuilder(components, SCHEMA_PAGE_TREE);
  const schemas: SchemaPageModel[] = Object.entries(components)
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, schema]) => {
      const example = schemaExample(schema, components);
      return {
        name,
        permalink: `${base}/${SCHEMAS_SEGMENT}/${name}`,
        ...(markdownToHtml(schema.description) && {descriptionHtml: markdownToHtml(schema.description)}),
        descriptionText: markdownToText(schema.description) || `The ${name} schema of the Lightdash API.`,
        schema: schemaTrees.build(schema, name),
        ...(example !== undefined && {example: pretty(example)}),
        usedBy: operations.filter((op) => refsByOperation.get(op.operationId)?.has(name)).map(summaryOf),
      };
    });

  const {introHtml, sections} = splitSections(doc.info.description ?? '');
  // The simplest call there is: a GET without parameters, preferably the list of projects.
  const simple = operations.filter((op) => op.method === 'get' && op.parameters.every((p) => !p.required));
  const firstCall = simple.find((op) => op.path.endsWith('/org/projects')) ?? simple[0];
  const overview = {
    permalink: `${base}/`,
    title: doc.info.title,
    version: doc.info.version,
    basePath: commonPathPrefix(operations.map((op) => op.path)),
    introHtml,
    sections,
    downloads: {json: `${base}/openapi.json`, yaml: `${base}/openapi.yaml`},
    tags: tags.map((t) => ({
      name: t.name,
      slug: t.slug,
      permalink: t.permalink,
      ...(t.descriptionHtml && {descriptionHtml: t.descriptionHtml}),
      operations: t.operations,
    })),
    ...(firstCall && {
      firstCall: {
        summary: firstCall.summary,
        permalink: firstCall.permalink,
        code: firstCall.codeSamples.find((c) => c.id === 'curl')?.code ?? '',
      },
    }),
    defaultServer: server,
    deepLinks: {
      operations: deepLinkOperations(operations, base),
      tags: Object.fromEntries(tags.flatMap((t) => [[deepLinkKey(t.name), t.permalink]])),
    },
  };

  const sidebar: SidebarModel = {
    overview: overview.permalink,
    schemas: `${base}/${SCHEMAS_SEGMENT}`,
    tags: tags.map((t) => ({
      name: t.name,
      slug: t.slug,
      permalink: t.permalink,
      operations: t.operations.map(({operationId, method, summary, permalink}) => ({
        operationId,
        method,
        summary,
        permalink,
      })),
    })),
  };

  const schemaIndex: SchemaIndexModel = {
    permalink: `${base}/${SCHEMAS_SEGMENT}`,
    schemas: schemas.map((s) => ({
      name: s.name,
      permalink: s.permalink,
      summary: markdownToText(components[s.name].description),
    })),
  };

  return {overview, sidebar, tags, operations, schemas, schemaIndex};
}

/** `/api/v1` for paths that all start with it. */
export function commonPathPrefix(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const split = paths.map((p) => p.split('/'));
  const prefix: string[] = [];
  for (let i = 0; split.every((s) => i < s.length - 1 && s[i] === split[0][i] && !s[i].includes('{')); i++) {
    prefix.push(split[0][i]);
  }
  return prefix.join('/');
}

/**
 * Redoc deep links name an operationId: the real one (`#operation/GetMyOrganization`) or, for links made while the
 * contract had its own ids, one of those (legacyOperationUrls). The real ids win when both normalise alike.
 */
function deepLinkOperations(operations: readonly OperationPageModel[], base: string): Record<string, string> {
  const byId = new Map(operations.map((op) => [op.operationId, op.permalink]));
  const table: Record<string, string> = {};
  for (const [oldUrl, operationId] of Object.entries(legacyOperationUrls)) {
    const permalink = byId.get(operationId);
    const oldId = oldUrl.slice(oldUrl.lastIndexOf('/') + 1);
    if (permalink && oldUrl.startsWith(`${base}/`)) table[deepLinkKey(oldId)] = permalink;
  }
  for (const op of operations) table[deepLinkKey(op.operationId)] = op.permalink;
  return table;
}
