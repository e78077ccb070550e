/**
 * The role permissions of Lightdash 0.1410, the one table that role claims on docs pages are checked against
 * (tests/content/roles.test.ts): the permission tables of references/roles.mdx, and sentences such as "needs the
 * **editor** role or higher" on any page.
 *
 * Roles are ordered: each one can do everything the roles before it can. Sources, all of the 0.1410 era (late 2024):
 * - the roles page of lightdash/lightdash-docs (Dec 2024 - early 2025);
 * - lightdash/lightdash packages/common/src/authorization/projectMemberAbility.ts and organizationMemberAbility.ts;
 * - lightdash/lightdash#8810 (Feb 2024): interactive viewers create scheduled deliveries (in 0.1410 they edit only
 *   their own: SchedulerService `checkUserCanUpdateSchedulerResource`);
 * - no dated source says which role manages the embedding configuration, so it has no row here.
 * - lightdash/lightdash#13568 (Feb 2025): "only admins" can use content as code until developers got it after 0.1410.
 */

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

/** Most specific first: a sentence is matched to the first permission whose keywords it contains. */
export const PROJECT_PERMISSIONS: readonly Permission<ProjectRole>[] = [
  {id: 'view', label: 'View charts and dashboards', minRole: 'viewer'},
  {id: 'export-visible-csv', label: 'Export visible chart results to CSV', minRole: 'viewer'},
  {id: 'export-visible-gsheets', label: 'Export visible chart results to Google Sheets', minRole: 'viewer'},
  {
    id: 'export-beyond-limit',
    label: 'Export to CSV or Google Sheets beyond the row limit',
    minRole: 'interactive_viewer',
    keywords: /more rows than|beyond the (row )?limit|override the limit/i,
  },
  {id: 'view-comments', label: 'View comments', minRole: 'viewer'},
  {id: 'create-comments', label: 'Create comments', minRole: 'interactive_viewer', keywords: /\bcomments?\b/i},
  {
    id: 'custom-sql-dimensions',
    label: 'Create and explore custom SQL dimensions',
    minRole: 'developer',
    keywords: /custom SQL dimension/i,
  },
  {id: 'sql-runner', label: 'Use the SQL runner', minRole: 'developer', keywords: /SQL runner/i},
  {id: 'virtual-views', label: 'Create virtual views', minRole: 'developer', keywords: /virtual view/i},
  {
    id: 'preview-project',
    label: 'Create a preview project',
    minRole: 'developer',
    keywords: /preview project|creat(e|ing) (a )?previews?\b/i,
  },
  {
    id: 'content-as-code',
    label: 'Use content as code (`lightdash download` and `upload`)',
    minRole: 'admin',
    keywords: /content as code|lightdash (download|upload)/i,
  },
  {
    id: 'scheduled-deliveries',
    label: 'Create and edit scheduled deliveries',
    minRole: 'interactive_viewer',
    keywords: /scheduled deliver|create (a |one )?deliver|edit (or delete )?(a |any )?deliver/i,
  },
  {
    id: 'google-sheets-syncs',
    label: 'Create and edit Google Sheets syncs',
    minRole: 'editor',
    keywords: /Google Sheets sync|sync(s|ing)? (chart results )?to Google Sheets/i,
  },
  {id: 'underlying-data', label: 'View underlying data', minRole: 'interactive_viewer', keywords: /underlying data/i},
  {
    id: 'edit-charts',
    label: 'Create and edit charts and dashboards',
    minRole: 'editor',
    keywords: /save (charts|content)|build dashboards|edit charts|saving filters/i,
  },
  {
    id: 'explore',
    label: 'Use the explore view',
    minRole: 'interactive_viewer',
    keywords: /explore view|metrics explorer/i,
  },
  {id: 'manage-access', label: 'Manage project access and permissions', minRole: 'admin'},
  {id: 'delete-project', label: 'Delete the project', minRole: 'admin'},
];

export const ORGANIZATION_PERMISSIONS: readonly Permission<OrganizationRole>[] = [
  {id: 'personal-access-tokens', label: 'Create personal access tokens', minRole: 'member'},
  {id: 'view-all-projects', label: 'View all projects', minRole: 'viewer'},
  {id: 'edit-all-projects', label: 'Edit all projects', minRole: 'editor'},
  {id: 'preview-from-project', label: 'Create a preview from a project', minRole: 'developer'},
  {id: 'create-projects', label: 'Create new projects', minRole: 'admin'},
  {id: 'admin-all-projects', label: 'Admin for all projects', minRole: 'admin'},
  {id: 'invite-users', label: 'Invite users to the organization', minRole: 'admin'},
  {id: 'manage-organization-access', label: 'Manage organization access and permissions', minRole: 'admin'},
  {id: 'content-as-code', label: 'Use content as code', minRole: 'admin'},
];

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
