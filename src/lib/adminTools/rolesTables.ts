/**
 * The permission tables of the roles page (references/roles, component src/components/RolesTable), with the ability
 * rules of the released Lightdash each row rests on (ids of PERMISSIONS in ./permissions.ts). tests/unit/adminTools.test.ts checks
 * that every cited rule first belongs to the row's role, so the tables and the explorer "Who can do what" cannot
 * disagree; tests/content/roles.ts reads these rows to check role claims on every other page. Kept apart from
 * ./permissions.ts so that the roles page does not load the whole extract of the rules.
 *
 * Rows without `rules` rest on other sources, named in their `source`.
 */
import {RELEASED_VERSION} from '../releasedVersion.mjs';

export const PROJECT_TABLE_ROLES = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'] as const;
export const ORGANIZATION_TABLE_ROLES = ['member', ...PROJECT_TABLE_ROLES] as const;
export const SPACE_TABLE_ROLES = ['viewer', 'editor', 'admin'] as const;

export interface RolesTableRow {
  readonly id: string;
  /** The action as the table words it. */
  readonly label: string;
  /** The lowest role that may do it. */
  readonly minRole: string;
  /** Ids of the ability rules (permissions.ts PERMISSIONS) that grant it. */
  readonly rules?: readonly string[];
  /** Where the row comes from when no single rule says it. */
  readonly source?: string;
}

export interface RolesTableData {
  /** Roles from the lowest to the highest. */
  readonly roles: readonly string[];
  /** Column headings, highest role first (as the table shows them). */
  readonly headings: readonly string[];
  /** Whether minRole is a space role (the rules' spaceRole) rather than a project or organization role. */
  readonly spaceRoles?: boolean;
  readonly rows: readonly RolesTableRow[];
}

const CONTENT_AS_CODE = `lightdash/lightdash#13568 (Feb 2025): content as code was for admins only until developers got it after ${RELEASED_VERSION}`;

export const ROLES_PAGE_TABLES = {
  project: {
    roles: PROJECT_TABLE_ROLES,
    headings: ['Admin', 'Developer', 'Editor', 'Interactive viewer', 'Viewer'],
    rows: [
      {
        id: 'view',
        label: 'View charts and dashboards',
        minRole: 'viewer',
        rules: ['project.view.SavedChart.non-private-spaces', 'project.view.Dashboard.non-private-spaces'],
      },
      {
        id: 'export-visible-csv',
        label: 'Export visible chart results to CSV',
        minRole: 'viewer',
        rules: ['project.manage.ExportCsv.everything'],
      },
      {
        id: 'export-visible-gsheets',
        label: 'Export visible chart results to Google Sheets',
        minRole: 'viewer',
        rules: ['project.manage.ExportCsv.everything'],
      },
      {
        id: 'export-beyond-limit',
        label: 'Export to CSV beyond the visible results (All Results or a custom limit)',
        minRole: 'interactive_viewer',
        rules: ['project.manage.ChangeCsvResults.everything'],
      },
      {
        id: 'view-comments',
        label: 'View comments',
        minRole: 'viewer',
        rules: ['project.view.DashboardComments.everything'],
      },
      {
        id: 'create-comments',
        label: 'Create comments',
        minRole: 'interactive_viewer',
        rules: ['project.create.DashboardComments.everything'],
      },
      {
        id: 'explore',
        label: 'Use the explore view',
        minRole: 'interactive_viewer',
        rules: ['project.manage.Explore.everything'],
      },
      {
        id: 'underlying-data',
        label: 'View underlying data',
        minRole: 'interactive_viewer',
        rules: ['project.view.UnderlyingData.everything'],
      },
      {
        id: 'scheduled-deliveries',
        label: 'Create and edit scheduled deliveries',
        minRole: 'interactive_viewer',
        rules: ['project.create.ScheduledDeliveries.everything'],
      },
      {
        id: 'google-sheets-syncs',
        label: 'Create and edit Google Sheets syncs',
        minRole: 'editor',
        source: 'lightdash-docs@6b77312: references/roles (Google Sheets syncs start at the editor role)',
      },
      {
        id: 'edit-charts',
        label: 'Create and edit charts and dashboards',
        minRole: 'editor',
        rules: ['project.manage.Space.non-private-spaces'],
      },
      {
        id: 'sql-runner',
        label: 'Use the SQL runner',
        minRole: 'developer',
        rules: ['project.manage.SqlRunner.everything'],
      },
      {
        id: 'custom-sql-dimensions',
        label: 'Create and explore custom SQL dimensions',
        minRole: 'developer',
        rules: ['project.manage.CustomSql.everything'],
      },
      {
        id: 'virtual-views',
        label: 'Create virtual views',
        minRole: 'developer',
        rules: ['project.manage.VirtualView.everything'],
      },
      {
        id: 'preview-project',
        label: 'Create a preview project',
        minRole: 'developer',
        rules: ['project.create.Project.preview-projects'],
      },
      {
        id: 'manage-access',
        label: 'Manage project access and permissions',
        minRole: 'admin',
        rules: ['project.manage.Project.everything'],
      },
      {
        id: 'delete-project',
        label: 'Delete the project',
        minRole: 'admin',
        rules: ['project.delete.Project.everything'],
      },
      {
        id: 'content-as-code',
        label: 'Use content as code (`lightdash download` and `upload`)',
        minRole: 'admin',
        source: CONTENT_AS_CODE,
      },
    ],
  },
  organization: {
    roles: ORGANIZATION_TABLE_ROLES,
    headings: ['Admin', 'Developer', 'Editor', 'Interactive viewer', 'Viewer', 'Member'],
    rows: [
      {
        id: 'personal-access-tokens',
        label: 'Create personal access tokens',
        minRole: 'member',
        rules: ['organization.manage.PersonalAccessToken.no-conditions'],
      },
      {
        id: 'view-all-projects',
        label: 'View all projects',
        minRole: 'viewer',
        rules: ['organization.view.Project.everything'],
      },
      {
        id: 'edit-all-projects',
        label: 'Edit all projects',
        minRole: 'editor',
        rules: ['organization.update.Project.everything'],
      },
      {
        id: 'preview-from-project',
        label: 'Create a preview from a project',
        minRole: 'developer',
        rules: ['organization.create.Project.preview-projects'],
      },
      {
        id: 'create-projects',
        label: 'Create new projects',
        minRole: 'admin',
        rules: ['organization.create.Project.everything'],
      },
      {
        id: 'admin-all-projects',
        label: 'Admin for all projects',
        minRole: 'admin',
        rules: ['organization.manage.Project.everything'],
      },
      {
        id: 'invite-users',
        label: 'Invite users to the organization',
        minRole: 'admin',
        rules: ['organization.manage.InviteLink.everything'],
      },
      {
        id: 'manage-organization-access',
        label: 'Manage organization access and permissions',
        minRole: 'admin',
        rules: ['organization.manage.OrganizationMemberProfile.everything'],
      },
      {id: 'content-as-code', label: 'Use content as code', minRole: 'admin', source: CONTENT_AS_CODE},
    ],
  },
  space: {
    roles: SPACE_TABLE_ROLES,
    headings: ['Full access', 'Can edit', 'Can view'],
    spaceRoles: true,
    rows: [
      {
        id: 'view-space',
        label: 'View the space and its content',
        minRole: 'viewer',
        rules: ['project.view.Space.spaces-with-access'],
      },
      {
        id: 'edit-space-content',
        label: 'Add, edit and delete content in the space',
        minRole: 'editor',
        rules: ['project.manage.SavedChart.spaces-can-edit', 'project.manage.Dashboard.spaces-can-edit'],
      },
      {
        id: 'manage-space-access',
        label: 'Manage access to the space',
        minRole: 'admin',
        rules: ['project.manage.Space.spaces-full-access'],
      },
      {
        id: 'edit-space-settings',
        label: "Edit the space's name and settings",
        minRole: 'admin',
        rules: ['project.manage.Space.spaces-full-access'],
      },
    ],
  },
} as const satisfies Record<string, RolesTableData>;

export type RolesTableName = keyof typeof ROLES_PAGE_TABLES;

/** ✅ / ❌ of a row, highest role first, as the table shows them. */
export function marks(table: RolesTableData, row: RolesTableRow): boolean[] {
  const min = table.roles.indexOf(row.minRole);
  return [...table.roles].reverse().map((role) => table.roles.indexOf(role) >= min);
}

/** The table as Markdown, for the page's .md export (plugins/markdown-export) and anything that reads text. */
export function rolesTableMarkdown(name: RolesTableName): string {
  const table: RolesTableData = ROLES_PAGE_TABLES[name];
  const lines = [
    `| Action | ${table.headings.join(' | ')} |`,
    `| :-- | ${table.headings.map(() => ':-:').join(' | ')} |`,
    ...table.rows.map(
      (row) =>
        `| ${row.label} | ${marks(table, row)
          .map((m) => (m ? '✅' : '❌'))
          .join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}
