import type {
  OperationPageModel,
  OverviewPageModel,
  SchemaIndexModel,
  SchemaPageModel,
  SidebarModel,
  TagPageModel,
} from '../../types';
import {HTTP_METHODS} from '../../httpMethods';
import {resolveLocal, type OpenApiDocument, type Operation, type Parameter} from '../openapi';
import {operationSlug} from '../slug';
import {defaultServer} from './common';
import {buildOperation} from './operation';
import {buildOverview} from './overview';
import {buildSchemaIndex, buildSchemaPages} from './schema';
import {buildSidebar} from './sidebar';
import {buildTagPages, tagRegistry} from './tag';

export {SCHEMAS_SEGMENT, accessNote, defaultServer} from './common';
export {commonPathPrefix} from './overview';
export {exampleForStatus} from './errors';

export interface ApiReference {
  readonly overview: OverviewPageModel & {readonly permalink: string};
  readonly sidebar: SidebarModel;
  readonly tags: readonly TagPageModel[];
  readonly operations: readonly OperationPageModel[];
  readonly schemas: readonly SchemaPageModel[];
  readonly schemaIndex: SchemaIndexModel;
}

interface BuildOptions {
  /** Route of the overview, with the site's baseUrl: `/api/v1`. */
  readonly basePath: string;
}

/**
 * Every operation of the contract, in the contract's order, with a unique operationId and page;
 * and the component schemas each one uses.
 */
function buildOperations(doc: OpenApiDocument, tagOf: ReturnType<typeof tagRegistry>) {
  const server = defaultServer(doc);
  const operations: OperationPageModel[] = [];
  const refsByOperation = new Map<string, Set<string>>();
  const seenPermalinks = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = ((item.parameters as Operation['parameters']) ?? []).map((p) => resolveLocal<Parameter>(doc, p));
    for (const method of HTTP_METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const operationId = op.operationId ?? `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`;
      if (refsByOperation.has(operationId)) throw new Error(`Duplicate operationId ${operationId}`);
      const tag = tagOf(op.tags?.[0] ?? 'Other');
      const permalink = `${tag.permalink}/${operationSlug(operationId)}`;
      if (seenPermalinks.has(permalink)) throw new Error(`Two operations have the page ${permalink}`);
      seenPermalinks.add(permalink);
      const built = buildOperation({
        doc,
        path,
        method,
        op,
        shared,
        operationId,
        tag,
        permalink,
        server,
      });
      operations.push(built.page);
      refsByOperation.set(operationId, built.refs);
    }
  }
  return {operations, refsByOperation, server};
}

/** Every page model of the API reference, from the compiled contract. */
export function buildApiReference(doc: OpenApiDocument, {basePath}: BuildOptions): ApiReference {
  const base = basePath.replace(/\/+$/, '');
  const components = doc.components?.schemas ?? {};
  const tagOf = tagRegistry(base);
  const {operations, refsByOperation, server} = buildOperations(doc, tagOf);
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const tags = buildTagPages(operations, descriptions, tagOf);
  const schemas = buildSchemaPages(components, operations, refsByOperation, base);
  const overview = buildOverview(doc, operations, tags, {base, server});
  return {
    overview,
    sidebar: buildSidebar(overview.permalink, tags, base),
    tags,
    operations,
    schemas,
    schemaIndex: buildSchemaIndex(schemas, components, base),
  };
}
