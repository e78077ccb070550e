import type {SchemaNode} from './types';

/**
 * What a schema node contains, as the HTML's disclosure labels and the Markdown twin both say it ("Items: 3
 * properties of Chart", "one of 2 variants, chosen by type"): one wording for both renderings of a page.
 */
export function nestedLabel(node: SchemaNode): string {
  const target = node.items ?? node.values ?? node;
  const of = target.ref ? ` of ${target.ref}` : '';
  const prefix = node.items ? 'Items: ' : node.values ? 'Values: ' : '';
  if (target.variants) {
    const kind = target.combinator === 'allOf' ? 'all of' : target.combinator === 'anyOf' ? 'any of' : 'one of';
    const by = target.discriminator ? `, chosen by ${target.discriminator}` : '';
    return `${prefix}${kind} ${target.variants.length} variants${of}${by}`;
  }
  return `${prefix}${target.children?.length ?? 0} properties${of}`;
}
