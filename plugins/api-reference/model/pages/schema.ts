import type {OperationPageModel, SchemaIndexModel, SchemaPageModel} from '../../types';
import {markdownToHtml, markdownToText} from '../markdown';
import {SCHEMA_PAGE_TREE, SchemaTreeBuilder} from '../schemaTree';
import {SCHEMAS_SEGMENT, pretty, schemaExample, summaryOf, type Components} from './common';

/** One page per component schema, in name order, with the operations that use it. */
export function buildSchemaPages(
  components: Components,
  operations: readonly OperationPageModel[],
  refsByOperation: ReadonlyMap<string, ReadonlySet<string>>,
  base: string,
): SchemaPageModel[] {
  const trees = new SchemaTreeBuilder(components, SCHEMA_PAGE_TREE);
  return Object.entries(components)
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, schema]) => {
      const example = schemaExample(schema, components);
      const descriptionHtml = markdownToHtml(schema.description);
      return {
        name,
        permalink: `${base}/${SCHEMAS_SEGMENT}/${name}`,
        ...(descriptionHtml && {descriptionHtml}),
        descriptionText: markdownToText(schema.description) || `The ${name} schema of the Lightdash API.`,
        schema: trees.build(schema, name),
        ...(example !== undefined && {example: pretty(example)}),
        usedBy: operations.filter((op) => refsByOperation.get(op.operationId)?.has(name)).map(summaryOf),
      };
    });
}

/** The list of every schema, with the first sentence-worth of its description. */
export function buildSchemaIndex(
  schemas: readonly SchemaPageModel[],
  components: Components,
  base: string,
): SchemaIndexModel {
  return {
    permalink: `${base}/${SCHEMAS_SEGMENT}`,
    schemas: schemas.map((s) => ({
      name: s.name,
      permalink: s.permalink,
      summary: markdownToText(components[s.name].description),
    })),
  };
}
