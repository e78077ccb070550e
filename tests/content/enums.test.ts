import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {loadContract} from '../contract/contract';
import {readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');

/** The values in the first column (in `code`) of the tables under one `## … {#id}` heading. */
export function firstColumnValues(body: string, headingId: string): string[] {
  const start = body.search(new RegExp(`^##\\s.*\\{#${headingId}\\}\\s*$`, 'm'));
  if (start < 0) return [];
  const rest = body.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => /^##\s/.test(l));
  return (end < 0 ? rest : rest.slice(0, end))
    .map((l) => /^\|\s*`([^`]+)`\s*\|/.exec(l)?.[1])
    .filter((v): v is string => Boolean(v));
}

const cases: [string, string, string][] = [
  ['references/metrics.mdx', 'metric-types', 'MetricType'],
  ['references/dimensions.mdx', 'dimension-types', 'DimensionType'],
  ['references/filters.mdx', 'filter-operators', 'FilterOperator'],
  ['references/chart-types.mdx', 'chart-kinds', 'ChartKind'],
  ['references/roles.mdx', 'organization-roles', 'OrganizationMemberRole'],
  ['references/roles.mdx', 'project-roles', 'ProjectMemberRole'],
  ['references/roles.mdx', 'space-roles', 'SpaceMemberRole'],
];

let schemas: Record<string, {enum?: string[]}>;
beforeAll(() => {
  schemas = (loadContract() as unknown as {components: {schemas: typeof schemas}}).components.schemas;
});

describe.each([['docs'], [RELEASED_DOCS_DIR]])('%s reference pages list the contract enums', (dir) => {
  it.each(cases)('%s #%s = %s', (page, heading, schema) => {
    const listed = firstColumnValues(readPage(path.join(root, dir, page)).body, heading);
    expect(schemas[schema]?.enum, `schema ${schema}`).toBeDefined();
    expect([...listed].sort()).toEqual([...(schemas[schema].enum ?? [])].sort());
  });
});

it('firstColumnValues reads only the named section', () => {
  const body = '## A {#a}\n\n| v | m |\n|---|---|\n| `x` | one |\n| `y` | two |\n\n## B {#b}\n\n| `z` | three |\n';
  expect(firstColumnValues(body, 'a')).toEqual(['x', 'y']);
  expect(firstColumnValues(body, 'b')).toEqual(['z']);
  expect(firstColumnValues(body, 'missing')).toEqual([]);
});
