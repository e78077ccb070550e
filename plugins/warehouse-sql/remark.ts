import path from 'node:path';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {sqlItems} from './blocks';
import {warehouseLabel, warehouseNames} from './warehouses';

/**
 * Turns each group of ```sql warehouses="…" variants into `<WarehouseSql>` (./theme/WarehouseSql), one
 * `<WarehouseVariant>` per block, and gives every SQL block a title saying where it runs ("Every warehouse",
 * "Snowflake and Databricks", or the one database of a `dialect=` block) unless it has its own. A group that is not
 * one variant per warehouse, or a meta that does not parse, fails the build with the file and line.
 */
const withTitle = (node: Code, title: string) => {
  if (!/(?:^|\s)title=/.test(node.meta ?? '')) node.meta = `${node.meta ?? ''} title="${title}"`.trim();
};

export default function remarkWarehouseSql() {
  return (tree: Root, file: {path?: string}) => {
    const where = (node: Code) =>
      `${file.path ? path.relative(process.cwd(), file.path) : '<unknown file>'}:${node.position?.start.line ?? '?'}`;
    // From the last item, so replacing a run of nodes leaves the earlier indices valid.
    for (const {parent, index, count, item} of sqlItems(tree).reverse()) {
      if (item.kind === 'single') {
        if (item.role.kind === 'invalid') throw new Error(`The SQL block at ${where(item.node)} ${item.role.message}.`);
        withTitle(item.node, item.role.kind === 'dialect' ? warehouseLabel(item.role.dialect) : 'Every warehouse');
        continue;
      }
      if (item.problem)
        throw new Error(`The SQL variants starting at ${where(item.variants[0].node)}: ${item.problem}.`);
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'WarehouseSql',
        attributes: [],
        children: item.variants.map(({node, warehouses}): MdxJsxFlowElement => {
          withTitle(node, warehouseNames(warehouses));
          return {
            type: 'mdxJsxFlowElement',
            name: 'WarehouseVariant',
            attributes: [{type: 'mdxJsxAttribute', name: 'warehouses', value: warehouses.join(' ')}],
            children: [node],
          };
        }),
      };
      parent.children.splice(index, count, element as (typeof parent.children)[number]);
    }
  };
}
