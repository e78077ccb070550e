import type {OperationPageModel, TagPageModel, TagRef} from '../../types';
import {markdownToHtml, markdownToText} from '../markdown';
import {slugify} from '../slug';
import {METHOD_ORDER} from '../../httpMethods';
import {SCHEMAS_SEGMENT, summaryOf} from './common';

/**
 * Gives every tag its route segment, once, and refuses segments that would collide: two tags with
 * the same slug, or a tag named like the schemas segment.
 */
export function tagRegistry(base: string): (name: string) => TagRef {
  const slugs = new Map<string, string>();
  return (name) => {
    const slug = slugify(name);
    if (slug === SCHEMAS_SEGMENT || !slug) throw new Error(`API tag "${name}" cannot be used as a route segment`);
    const other = [...slugs].find(([n, s]) => s === slug && n !== name);
    if (other) throw new Error(`API tags "${name}" and "${other[0]}" have the same slug "${slug}"`);
    slugs.set(name, slug);
    return {name, slug, permalink: `${base}/${slug}`};
  };
}

/** One page per tag, in name order, listing its operations by path then method. */
export function buildTagPages(
  operations: readonly OperationPageModel[],
  descriptions: ReadonlyMap<string, string | undefined>,
  tagOf: (name: string) => TagRef,
): TagPageModel[] {
  const byTag = new Map<string, OperationPageModel[]>();
  for (const op of operations) byTag.set(op.tag.name, [...(byTag.get(op.tag.name) ?? []), op]);
  return [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, ops]) => {
      const description = descriptions.get(name);
      const descriptionHtml = markdownToHtml(description);
      return {
        ...tagOf(name),
        ...(descriptionHtml && {descriptionHtml}),
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
}
