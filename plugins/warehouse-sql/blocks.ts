import type {Code, Parent, Root} from 'mdast';
import {groupProblem, sqlRole, type SqlRole, type WarehouseId} from './warehouses';

/**
 * The ```sql blocks of a Markdown tree, as the site renders them: a run of adjacent blocks with `warehouses=` is one
 * group (a variant per warehouse); every other block stands alone. The remark plugin (./remark.ts), the parser test
 * and the Markdown export read blocks through this one function, so they agree on what a group is.
 */
interface SqlVariant {
  readonly node: Code;
  readonly warehouses: WarehouseId[];
}

type SqlItem =
  | {kind: 'group'; variants: SqlVariant[]; problem: string | null}
  | {kind: 'single'; node: Code; role: Exclude<SqlRole, {kind: 'variant'}>};

interface PlacedSqlItem {
  readonly parent: Parent;
  /** Index of the item's first node in `parent.children`. */
  readonly index: number;
  /** How many sibling nodes it spans. */
  readonly count: number;
  readonly item: SqlItem;
}

const isSql = (node: unknown): node is Code =>
  (node as Code).type === 'code' && ((node as Code).lang ?? '').toLowerCase() === 'sql';

/** Every SQL item of the tree, depth first, in document order. */
export function sqlItems(tree: Root): PlacedSqlItem[] {
  const out: PlacedSqlItem[] = [];
  const visit = (parent: Parent) => {
    const children = parent.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!isSql(child)) {
        if ('children' in child) visit(child as Parent);
        continue;
      }
      const role = sqlRole(child.meta);
      if (role.kind !== 'variant') {
        out.push({parent, index: i, count: 1, item: {kind: 'single', node: child, role}});
        continue;
      }
      const variants: SqlVariant[] = [{node: child, warehouses: role.warehouses}];
      let j = i + 1;
      for (; j < children.length; j++) {
        const next = children[j];
        const nextRole = isSql(next) ? sqlRole(next.meta) : null;
        if (nextRole?.kind !== 'variant') break;
        variants.push({node: next as Code, warehouses: nextRole.warehouses});
      }
      const problem = groupProblem(variants.map((v) => v.warehouses));
      out.push({parent, index: i, count: j - i, item: {kind: 'group', variants, problem}});
      i = j - 1;
    }
  };
  visit(tree);
  return out;
}
