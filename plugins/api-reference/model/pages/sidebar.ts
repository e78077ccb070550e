import type {SidebarModel, TagPageModel} from '../../types';
import {SCHEMAS_SEGMENT} from './common';

/** The API sidebar: the overview, each tag with its operations, and the schemas. */
export function buildSidebar(overview: string, tags: readonly TagPageModel[], base: string): SidebarModel {
  return {
    overview,
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
}
