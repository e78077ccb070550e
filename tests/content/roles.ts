/**
 * The role permissions of the released Lightdash, the one table that role claims on docs pages are checked against
 * (tests/content/roles.test.ts): sentences such as "needs the **editor** role or higher" on any page. The rows are
 * those of the roles page's tables (src/lib/adminTools/rolesTables.ts, which tests/unit/adminTools.test.ts checks
 * against the ability rules); this file adds the words that find each action in prose.
 *
 * Roles are ordered: each one can do everything the roles before it can. Sources, all of the released version's era (late 2024):
 * - the roles page of lightdash/lightdash-docs (Dec 2024 - early 2025);
 * - lightdash/lightdash packages/common/src/authorization/projectMemberAbility.ts and organizationMemberAbility.ts;
 * - lightdash/lightdash#8810 (Feb 2024): interactive viewers create scheduled deliveries (in the released version they edit only
 *   their own: SchedulerService `checkUserCanUpdateSchedulerResource`);
 * - no dated source says which role manages the embedding configuration, so it has no row here.
 * - lightdash/lightdash#13568 (Feb 2025): "only admins" can use content as code until developers got it after the released version.
 */

import {ROLES_PAGE_TABLES} from '../../src/lib/adminTools/rolesTables';

export const PROJECT_ROLES = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'] as const;
export const ORGANIZATION_ROLES = ['member', ...PROJECT_ROLES] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export interface Permission<Role extends string> {
  /** Stable id, used by the list of claims a page must make. */
  readonly id: string;
  /** The action as the roles page's table words it. */
  readonly label: string;
  /** The lowest role that may do it. */
  readonly minRole: Role;
  /** Words that identify the action in a sentence of another page; absent when pages never claim it. */
  readonly keywords?: RegExp;
}

/**
 * Words that identify an action in a sentence of another page, by row id of the roles page tables. Most specific
 * first: a sentence is matched to the first permission whose keywords it contains.
 */
const PROJECT_KEYWORDS: readonly [string, RegExp][] = [
  ['export-beyond-limit', /more rows than|beyond the (row )?limit|override the limit/i],
  ['create-comments', /\bcomments?\b/i],
  ['custom-sql-dimensions', /custom SQL dimension/i],
  ['sql-runner', /SQL runner/i],
  ['virtual-views', /virtual view/i],
  ['preview-project', /preview project|creat(e|ing) (a )?previews?\b/i],
  ['content-as-code', /content as code|lightdash (download|upload)/i],
  ['scheduled-deliveries', /scheduled deliver|create (a |one )?deliver|edit (or delete )?(a |any )?deliver/i],
  ['google-sheets-syncs', /Google Sheets sync|sync(s|ing)? (chart results )?to Google Sheets/i],
  ['underlying-data', /underlying data/i],
  ['edit-charts', /save (charts|content)|build dashboards|edit charts|saving filters/i],
  ['explore', /explore view|metrics explorer/i],
];

function permissionsOf<Role extends string>(
  rows: readonly {readonly id: string; readonly label: string; readonly minRole: string}[],
  keywords: readonly [string, RegExp][] = [],
): Permission<Role>[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keyed = keywords.map(([id, words]) => {
    const row = byId.get(id);
    if (!row) throw new Error(`roles.ts: no roles page row ${id}`);
    return {id, label: row.label, minRole: row.minRole as Role, keywords: words};
  });
  const rest = rows
    .filter((row) => !keywords.some(([id]) => id === row.id))
    .map((row) => ({id: row.id, label: row.label, minRole: row.minRole as Role}));
  return [...keyed, ...rest];
}

/** The rows of the roles page's project table (src/lib/adminTools/rolesTables.ts), most specific keywords first. */
export const PROJECT_PERMISSIONS: readonly Permission<ProjectRole>[] = permissionsOf<ProjectRole>(
  ROLES_PAGE_TABLES.project.rows,
  PROJECT_KEYWORDS,
);

export const ORGANIZATION_PERMISSIONS: readonly Permission<OrganizationRole>[] = permissionsOf<OrganizationRole>(
  ROLES_PAGE_TABLES.organization.rows,
);

/**
 * Pages that must say which role an action needs (the claims the issue found contradicting each other, and the
 * features readers most often ask about). Paths are relative to a version's docs folder.
 */
export const REQUIRED_CLAIMS: readonly {readonly page: string; readonly permission: string}[] = [
  {page: 'guides/how-to-create-scheduled-deliveries.mdx', permission: 'scheduled-deliveries'},
  {page: 'references/content-as-code.mdx', permission: 'content-as-code'},
  {page: 'references/sql-runner.mdx', permission: 'sql-runner'},
  {page: 'references/preview-projects.mdx', permission: 'preview-project'},
  {page: 'get-started/exploring-data/using-explores.mdx', permission: 'explore'},
];
