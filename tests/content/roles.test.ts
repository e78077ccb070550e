import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listMdx, readPage} from '../support/mdx';
import {PROJECT_PERMISSIONS, REQUIRED_CLAIMS} from './roles';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const docDirs = ['docs', RELEASED_DOCS_DIR];

/** Rows of the Markdown table under a heading: the first cell, then the other cells. */
export function tableUnder(body: string, heading: string): Map<string, string[]> {
  const start = body.indexOf(`\n${heading}`);
  if (start < 0) return new Map();
  const rest = body.slice(start + heading.length + 1);
  const section = rest.slice(0, rest.search(/\n#{1,3} /) === -1 ? undefined : rest.search(/\n#{1,3} /));
  const rows = section
    .split('\n')
    .filter((l) => /^\|/.test(l))
    .slice(2)
    .map((l) =>
      l
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
  return new Map(rows.map(([label, ...marks]) => [label, marks]));
}

const ROLE_WORDS = '(interactive viewer|viewer|editor|developer|admin)';
/**
 * "the **editor** role or higher", "developer role or above", "needs the **admin** role", "only users with the
 * **developer** or **admin** role" (the lowest role named is the claim).
 */
const CLAIM = new RegExp(
  [
    `\\*{0,2}${ROLE_WORDS}\\*{0,2}(?: role)? or (?:higher|above)`,
    `(?:needs?|requires?) the \\*{0,2}${ROLE_WORDS}\\*{0,2} role`,
    `only (?:users|people) with the \\*{0,2}${ROLE_WORDS}\\*{0,2}(?: or \\*{0,2}admin\\*{0,2})? role`,
  ].join('|'),
  'gi',
);

export interface RoleClaim {
  readonly permission: string;
  readonly role: string;
  readonly sentence: string;
}

/**
 * Role claims of a page's prose: each "X role or higher" with the action it is about, read from the words after it
 * ("needs the editor role or higher to save charts") or, failing that, before it ("Saving needs the editor role").
 */
export function roleClaims(body: string): RoleClaim[] {
  const paragraphs = body
    .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, '\n\n')
    .split(/\n\s*\n|\n(?=#|\s*[-*|] |\s*\d+\. )/)
    .map((p) => p.replace(/\s+/g, ' '));
  const sentences = paragraphs.flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z*`])/));
  const claims: RoleClaim[] = [];
  for (const sentence of sentences) {
    const matches = [...sentence.matchAll(CLAIM)];
    matches.forEach((m, i) => {
      const end = m.index + m[0].length;
      // A clause ends at a semicolon: "X needs the viewer role or higher; Y needs the editor role or higher".
      const after = sentence.slice(end, matches[i + 1]?.index ?? sentence.length).split(';')[0];
      const before = sentence
        .slice(i > 0 ? matches[i - 1].index + matches[i - 1][0].length : 0, m.index)
        .split(';')
        .pop()!;
      const find = (text: string) => PROJECT_PERMISSIONS.find((p) => p.keywords?.test(text));
      const permission = find(after) ?? find(before);
      const role = (m[1] ?? m[2] ?? m[3]).toLowerCase().replace(' ', '_');
      if (permission) claims.push({permission: permission.id, role, sentence});
    });
  }
  return claims;
}

describe('role claim reader', () => {
  it.each([
    ['You need the **editor** role or higher to save charts.', [['edit-charts', 'editor']]],
    [
      'You need the interactive viewer role or higher to use the explore view, and the editor role or higher to save charts.',
      [
        ['explore', 'interactive_viewer'],
        ['edit-charts', 'editor'],
      ],
    ],
    ['Using content as code needs the **admin** role in the project.', [['content-as-code', 'admin']]],
    ['Only users with the **developer** or **admin** role can open the SQL runner.', [['sql-runner', 'developer']]],
    ['Anyone can read this page.', []],
  ])('%s', (text, expected) => {
    expect(roleClaims(text).map((c) => [c.permission, c.role])).toEqual(expected);
  });
});

describe.each(docDirs)('role permissions in %s', (dir) => {
  const rolesPage = readPage(path.join(root, dir, 'references/roles.mdx')).body;

  it.each([
    ['## Project permissions', 'project'],
    ['## Organization permissions', 'organization'],
    ['## Space permissions', 'space'],
  ])('"%s" shows the table generated from the permissions data', (heading, table) => {
    const start = rolesPage.indexOf(`\n${heading}`);
    expect(start).toBeGreaterThan(-1);
    const section = rolesPage.slice(start + 1).split(/\n## /)[0];
    expect(section).toContain(`<RolesTable table="${table}" />`);
    // No hand-written table beside it that could disagree.
    expect(section).not.toMatch(/^\| Action \|/m);
  });

  const byId = new Map(PROJECT_PERMISSIONS.map((p) => [p.id, p]));
  const pages = listMdx(path.join(root, dir)).map((f) => path.relative(path.join(root, dir), f));
  it.each(pages)('%s: every "role or higher" claim names the role of the fixture', (page) => {
    const wrong = roleClaims(readPage(path.join(root, dir, page)).body)
      .filter((c) => c.role !== byId.get(c.permission)?.minRole)
      .map((c) => `${c.permission} needs ${byId.get(c.permission)?.minRole}, page says ${c.role}: "${c.sentence}"`);
    expect(wrong).toEqual([]);
  });

  const required = REQUIRED_CLAIMS.filter((c) => pages.includes(c.page));
  it.each(required.map((c) => [c.page, c.permission]))('%s says which role %s needs', (page, permission) => {
    const claims = roleClaims(readPage(path.join(root, dir, page)).body);
    expect(claims.map((c) => c.permission)).toContain(permission);
  });
});
