import type {OperationPageModel, OverviewPageModel, TagPageModel} from '../../types';
import {deepLinkKey} from '../../deepLink';
import {legacyOperationUrls} from '../../legacyOperationUrls';
import {splitSections} from '../markdown';
import type {OpenApiDocument} from '../openapi';

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

/** The simplest call there is, for the overview's first call: a GET without required parameters. */
function firstCallOf(operations: readonly OperationPageModel[]): OverviewPageModel['firstCall'] {
  const simple = operations.filter((op) => op.method === 'get' && op.parameters.every((p) => !p.required));
  const first = simple.find((op) => op.path.endsWith('/org/projects')) ?? simple[0];
  if (!first) return undefined;
  return {
    summary: first.summary,
    permalink: first.permalink,
    code: first.codeSamples.find((c) => c.id === 'curl')?.code ?? '',
  };
}

/** The overview: the contract's introduction split into sections, every tag, downloads and deep links. */
export function buildOverview(
  doc: OpenApiDocument,
  operations: readonly OperationPageModel[],
  tags: readonly TagPageModel[],
  {base, server}: {readonly base: string; readonly server: string},
): OverviewPageModel & {readonly permalink: string} {
  const {introHtml, sections} = splitSections(doc.info.description ?? '');
  const firstCall = firstCallOf(operations);
  return {
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
    ...(firstCall && {firstCall}),
    defaultServer: server,
    deepLinks: {
      operations: deepLinkOperations(operations, base),
      tags: Object.fromEntries(tags.map((t) => [deepLinkKey(t.name), t.permalink])),
    },
  };
}
