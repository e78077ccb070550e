import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export interface OperationSummary {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly operationId: string;
  readonly deprecated: boolean;
}

export interface TagSummary {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly OperationSummary[];
}

interface OpenApi {
  info: {version: string};
  tags?: {name: string; description?: string}[];
  paths: Record<
    string,
    Record<string, {tags?: string[]; summary?: string; operationId?: string; deprecated?: boolean}>
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Groups the contract's operations by tag, in the order the contract lists its tags. */
export function operationIndex(doc: OpenApi): TagSummary[] {
  const tags = new Map<string, TagSummary & {operations: OperationSummary[]}>();
  for (const tag of doc.tags ?? [])
    tags.set(tag.name, {name: tag.name, description: tag.description ?? '', operations: []});
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!tags.has(tag)) tags.set(tag, {name: tag, description: '', operations: []});
      tags.get(tag)!.operations.push({
        method: method.toUpperCase(),
        path: p,
        summary: op.summary ?? '',
        operationId: op.operationId ?? '',
        deprecated: Boolean(op.deprecated),
      });
    }
  }
  return [...tags.values()].filter((t) => t.operations.length > 0).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Publishes the compiled contract (generated/openapi, built by `npm run contract:build` before every
 * build) for download at /api/v1/openapi.json and .yaml, and gives the API overview page an index of
 * every operation by tag (global data, read by src/components/ApiOperationIndex).
 */
export default function contractPublishPlugin(context: {siteDir: string}): Plugin<TagSummary[]> {
  const dir = path.join(context.siteDir, 'generated/openapi');
  return {
    name: 'contract-publish',
    async loadContent() {
      const file = path.join(dir, 'openapi.json');
      if (!fs.existsSync(file))
        throw new Error('generated/openapi/openapi.json is missing: run `npm run contract:build`.');
      return operationIndex(JSON.parse(fs.readFileSync(file, 'utf8')));
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData({tags: content});
    },
    async postBuild({outDir}) {
      fs.mkdirSync(path.join(outDir, 'api/v1'), {recursive: true});
      for (const name of ['openapi.json', 'openapi.yaml']) {
        fs.copyFileSync(path.join(dir, name), path.join(outDir, 'api/v1', name));
      }
    },
  };
}
