import type {SchemaNode} from '../../types';

/** A name as a fragment segment: letters, digits, `_`, `$` and `-` only. */
const segment = (name: string | undefined) => (name ?? 'item').replace(/[^A-Za-z0-9_$-]+/g, '-');

/**
 * The id of every field a schema tree shows, named by its path: `body.chartConfig.type`,
 * `response-200.results.uuid`. Walks the tree as the component renders it (an array's or a map's
 * fields sit directly under the property), and suffixes a repeated path (`-2`), so every id of a
 * page is unique as long as the prefixes are.
 */
export function fieldIds(root: SchemaNode, prefix: string): Map<SchemaNode, string> {
  const ids = new Map<SchemaNode, string>();
  const used = new Set<string>();
  const visit = (node: SchemaNode, path: string) => {
    const target = node.items ?? node.values;
    if (target) {
      if (target.children || target.variants) visit(target, path);
      return;
    }
    for (const child of [...(node.children ?? []), ...(node.variants ?? [])]) {
      let id = `${path}.${segment(child.name)}`;
      for (let n = 2; used.has(id); n++) id = `${path}.${segment(child.name)}-${n}`;
      used.add(id);
      ids.set(child, id);
      visit(child, id);
    }
  };
  visit(root, prefix);
  return ids;
}
