/**
 * Who can do what in the released Lightdash (src/lib/releasedVersion.mjs): every `can(action, subject, conditions)` rule of its ability files
 * (sourceExtract.json, generated from lightdash/lightdash@0b7563df by scripts/admin-tools/extract-sources.mjs), turned
 * into rows with the role that first gets each one. The page "Who can do what" (src/components/PermissionExplorer),
 * the permission tables of the roles page (src/components/RolesTable) and the MCP tool `check_permission` all read
 * this module, so they cannot disagree. tests/unit/adminTools.test.ts checks it against the extract.
 *
 * How that release applies the rules (packages/common/src/authorization/index.ts and backend UserModel.ts at 0b7563df):
 * the organization role's rules apply across the organization; every project role a person has, given directly or
 * through a group (UserModel merges `getUserProjectRoles` and `getUserGroupProjectRoles`), adds that role's project
 * rules; rules whose conditions name `access` need the person's role in the space the content is in (space access
 * given to the person or to a group, or inherited from the project or organization role).
 */
import extract from './sourceExtract.json';
import {operationSlug, slugify} from '../../../plugins/api-reference/model/slug';

export {ROLES_PAGE_TABLES} from './rolesTables';
export const SOURCE = extract.sources.lightdash;
export const PROJECT_ROLES = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'] as const;
export const ORGANIZATION_ROLES = ['member', ...PROJECT_ROLES] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export const ROLE_LABELS: Record<OrganizationRole, string> = {
  member: 'Member',
  viewer: 'Viewer',
  interactive_viewer: 'Interactive viewer',
  editor: 'Editor',
  developer: 'Developer',
  admin: 'Admin',
};
/** Space roles as the interface names them (SpaceMemberRole viewer, editor, admin). */
export const SPACE_ROLE_LABELS = {viewer: 'Can view', editor: 'Can edit', admin: 'Full access'} as const;
export type SpaceRole = keyof typeof SPACE_ROLE_LABELS;

export type Level = 'organization' | 'project';
/** What a rule's conditions restrict it to, read from the condition text of the source. */
export type Scope =
  | 'everything'
  | 'non-private-spaces'
  | 'spaces-with-access'
  | 'spaces-can-edit'
  | 'spaces-full-access'
  | 'preview-projects'
  | 'own-preview-projects'
  | 'own'
  | 'no-conditions';

export const SCOPE_LABELS: Record<Scope, string> = {
  everything: 'everywhere the role applies',
  'non-private-spaces': 'in spaces that are not private',
  'spaces-with-access': 'in spaces the person was given access to',
  'spaces-can-edit': 'in spaces where the person has Can edit',
  'spaces-full-access': 'in spaces where the person has Full access',
  'preview-projects': 'preview projects only',
  'own-preview-projects': 'only preview projects the person created',
  own: 'only what the person created',
  'no-conditions': 'with no condition in the rule',
};

/** The space role a scope needs, when it needs one. */
export const SCOPE_SPACE_ROLE: Partial<Record<Scope, SpaceRole>> = {
  'spaces-with-access': 'viewer',
  'spaces-can-edit': 'editor',
  'spaces-full-access': 'admin',
};

export function scopeOf(conditions: string): Scope {
  if (conditions === '' || conditions === '{}') return 'no-conditions';
  if (/role: SpaceMemberRole\.ADMIN/.test(conditions)) return 'spaces-full-access';
  if (/role: SpaceMemberRole\.EDITOR/.test(conditions)) return 'spaces-can-edit';
  if (/\$elemMatch: \{ userUuid: member\.userUuid \}/.test(conditions)) return 'spaces-with-access';
  if (/isPrivate: false/.test(conditions)) return 'non-private-spaces';
  const previewOnly = /ProjectType\.PREVIEW/.test(conditions) && !/ProjectType\.DEFAULT/.test(conditions);
  // A project developer may delete only the previews they created (projectMemberAbility.ts): say so, not "preview
  // projects only", which read as every preview.
  if (previewOnly && /createdByUserUuid: member\.userUuid/.test(conditions)) return 'own-preview-projects';
  if (previewOnly) return 'preview-projects';
  if (/createdByUserUuid: member\.userUuid|userUuid: member\.userUuid/.test(conditions)) return 'own';
  return 'everything';
}

interface ApiOperation {
  readonly operationId: string;
  /** The contract's tag, which names the reference page's folder. */
  readonly tag: string;
}
interface SubjectInfo {
  readonly label: string;
  /** Docs page (and section) relative to a docs version's root, without `.mdx`. */
  readonly docs: string;
  readonly api: readonly ApiOperation[];
}
const op = (tag: string, ...ids: string[]): ApiOperation[] => ids.map((operationId) => ({operationId, tag}));

/** CASL subjects of the released Lightdash in words, with the docs section and the API operations each governs. */
export const SUBJECTS: Record<string, SubjectInfo> = {
  Analytics: {label: 'usage analytics', docs: 'references/usage-analytics', api: []},
  ChangeCsvResults: {
    label: 'CSV exports beyond the visible results (the export row limit)',
    docs: 'references/roles#project-permissions',
    api: op('Exports', 'DownloadCsvFromSavedChart', 'DownloadCsvFromExplore'),
  },
  CompileProject: {
    label: 'project compilation (refresh dbt)',
    docs: 'references/dbt-projects',
    // POST /projects/{uuid}/refresh (Refresh dbt, `lightdash refresh`) checks this rule and has no operation in the
    // released contract. SetExplores (`lightdash deploy`) is not governed here: ProjectService.setExplores at 0b7563df
    // checks `update` on Project, so it is listed under Project.
    api: [],
  },
  CsvJobResult: {
    label: 'CSV export results',
    docs: 'references/roles#organization-permissions',
    api: op('Exports', 'getCsvUrl'),
  },
  CustomSql: {label: 'custom SQL dimensions', docs: 'references/custom-fields', api: []},
  Dashboard: {
    label: 'dashboards',
    docs: 'get-started/exploring-data/dashboards',
    api: op('Dashboards', 'getDashboards', 'createDashboard', 'updateDashboards'),
  },
  DashboardComments: {
    label: 'dashboard comments',
    docs: 'references/roles#project-permissions',
    api: op('Comments', 'getComments', 'createComment', 'resolveComment', 'deleteComment'),
  },
  Explore: {
    label: 'the explore view',
    docs: 'get-started/exploring-data/using-explores',
    api: [...op('Exploring', 'GetExplores', 'GetExplore', 'RunMetricQuery', 'CompileQuery')],
  },
  ExportCsv: {
    label: 'exports of visible results',
    docs: 'references/roles#project-permissions',
    api: op('Exports', 'DownloadCsvFromSavedChart', 'DownloadCsvFromExplore', 'getCsvUrl'),
  },
  Group: {
    label: 'groups',
    docs: 'references/groups',
    api: [
      ...op('Organizations', 'CreateGroupInOrganization', 'ListGroupsInOrganization'),
      ...op('User Groups', 'getGroup', 'updateGroup', 'deleteGroup', 'addUserToGroup', 'addProjectAccessToGroup'),
    ],
  },
  InviteLink: {label: 'invite links', docs: 'get-started/setup-lightdash/invite-new-users', api: []},
  Job: {label: 'background jobs (compile, refresh)', docs: 'references/dbt-projects', api: []},
  MetricsTree: {
    label: 'the metrics tree',
    docs: 'guides/metrics-catalog',
    api: op('Catalog', 'getMetricsTree', 'createMetricsTreeEdge', 'deleteMetricsTreeEdge'),
  },
  Organization: {
    label: 'the organization and its settings',
    docs: 'references/roles#organization-permissions',
    api: op('Organizations', 'GetMyOrganization', 'UpdateMyOrganization', 'UpdateOrganizationEmailDomains'),
  },
  OrganizationMemberProfile: {
    label: 'organization members and their roles',
    docs: 'references/roles#organization-roles',
    api: op('Organizations', 'ListOrganizationMembers', 'UpdateOrganizationMember', 'DeleteOrganizationMember'),
  },
  PersonalAccessToken: {label: 'personal access tokens', docs: 'references/personal_tokens', api: []},
  PinnedItems: {
    label: 'pinned items',
    docs: 'guides/pinning',
    api: op('Content', 'getPinnedItems', 'updatePinnedItemsOrder'),
  },
  Project: {
    label: 'projects',
    docs: 'references/roles#project-permissions',
    api: [
      ...op('Projects', 'GetProject', 'updateProjectMetadata', 'createPreview'),
      ...op('Exploring', 'SetExplores'),
      ...op('Roles & Permissions', 'GetProjectAccessList', 'GrantProjectAccessToUser', 'UpdateProjectAccessForUser'),
    ],
  },
  SavedChart: {
    label: 'saved charts',
    docs: 'get-started/exploring-data/using-explores',
    api: op('Charts', 'PostChartResults', 'GetChartHistory', 'promoteChart'),
  },
  ScheduledDeliveries: {
    label: 'scheduled deliveries',
    docs: 'guides/how-to-create-scheduled-deliveries#roles',
    api: op('Schedulers', 'getScheduler', 'updateScheduler', 'deleteScheduler', 'sendScheduler'),
  },
  SemanticViewer: {label: 'the semantic viewer', docs: 'references/dbt-semantic-layer', api: []},
  Space: {
    label: 'spaces',
    docs: 'references/spaces',
    api: op(
      'Spaces',
      'ListSpacesInProject',
      'CreateSpaceInProject',
      'UpdateSpace',
      'DeleteSpace',
      'AddSpaceUserAccess',
      'AddSpaceGroupAccess',
    ),
  },
  SqlRunner: {label: 'the SQL runner', docs: 'references/sql-runner', api: op('Exploring', 'RunSqlQuery')},
  Tags: {
    label: 'tags (categories)',
    docs: 'guides/metrics-catalog',
    api: op('Projects', 'getTags', 'createTag', 'updateTag', 'deleteTag'),
  },
  UnderlyingData: {
    label: 'underlying data',
    docs: 'references/roles#project-permissions',
    api: op('Exploring', 'postRunUnderlyingDataQuery'),
  },
  Validation: {
    label: 'content validation',
    docs: 'references/validating-your-content',
    api: op('Projects', 'ValidateProject', 'GetLatestValidationResults'),
  },
  VirtualView: {label: 'virtual views', docs: 'references/virtual-views', api: []},
};

/** CASL's actions in words; `manage` is every action. */
export const ACTION_LABELS: Record<string, string> = {
  view: 'View',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  promote: 'Promote',
  manage: 'Manage (every action on)',
};

export interface SourceRule {
  readonly file: string;
  readonly line: number;
  readonly role: string;
  readonly conditions: string;
}

export interface PermissionRow {
  /** `project.create.ScheduledDeliveries.everything` */
  readonly id: string;
  readonly level: Level;
  readonly action: string;
  readonly subject: string;
  readonly scope: Scope;
  /** The lowest role whose rules hold it (`member` only at the organization level). */
  readonly firstRole: OrganizationRole;
  /** The space role it also needs, when the rule names `access`. */
  readonly spaceRole?: SpaceRole;
  /** Where the role that grants it is given. */
  readonly givenAt: readonly ('organization' | 'project' | 'group' | 'space')[];
  readonly label: string;
  readonly rule: SourceRule;
  /** What else decides it, when the rule depends on configuration. */
  readonly note?: string;
}

const levelOf = (file: string): Level => (file.includes('organizationMemberAbility') ? 'organization' : 'project');

function rowsOf(): PermissionRow[] {
  const byKey = new Map<string, PermissionRow>();
  for (const rule of extract.abilities) {
    const level = levelOf(rule.file);
    const scope = scopeOf(rule.conditions);
    const id = `${level}.${rule.action}.${rule.subject}.${scope}`;
    if (byKey.has(id)) continue; // the first rule written for a key belongs to the lowest role (roles call the one below)
    const spaceRole = SCOPE_SPACE_ROLE[scope];
    const givenAt: PermissionRow['givenAt'] = level === 'organization' ? ['organization'] : ['project', 'group'];
    byKey.set(id, {
      id,
      level,
      action: rule.action,
      subject: rule.subject,
      scope,
      // The personal access token rule is granted by configuration: every organization role by default
      // (PAT_ALLOWED_ORG_ROLES narrows it, DISABLE_PAT=true removes it; parseConfig.ts).
      firstRole: (rule.role === 'dynamic' ? 'member' : rule.role) as PermissionRow['firstRole'],
      ...(rule.role === 'dynamic'
        ? {note: 'Every organization role unless PAT_ALLOWED_ORG_ROLES names fewer; DISABLE_PAT=true turns it off.'}
        : {}),
      ...(spaceRole ? {spaceRole} : {}),
      givenAt: spaceRole ? [...givenAt, 'space'] : givenAt,
      label: `${ACTION_LABELS[rule.action] ?? rule.action} ${SUBJECTS[rule.subject]?.label ?? rule.subject}`,
      rule: {file: rule.file, line: rule.line, role: rule.role, conditions: rule.conditions},
    });
  }
  return [...byKey.values()];
}

/** Every action × subject × scope of the released Lightdash's rules, in source order. */
export const PERMISSIONS: readonly PermissionRow[] = rowsOf();

const RANK: Record<string, number> = Object.fromEntries(ORGANIZATION_ROLES.map((role, i) => [role, i]));

/** Whether `role` (at the row's level) holds the row: it is the first role or one above it. */
export function roleHas(row: PermissionRow, role: OrganizationRole): boolean {
  return RANK[role] >= RANK[row.firstRole];
}

/** The source of a rule as a link to the file at the release commit (GitHub, upstream repository). */
export function ruleUrl(rule: SourceRule): string {
  return `https://github.com/lightdash/lightdash/blob/${SOURCE.commit}/${rule.file}#L${rule.line}`;
}

/** The source of a rule as text: `lightdash/lightdash@0b7563df:<file>#L<line> (2024-12-11)`. */
export function ruleCitation(rule: SourceRule): string {
  return `lightdash/lightdash@${SOURCE.commit}:${rule.file}#L${rule.line} (${SOURCE.date})`;
}

/** Reference page of an API operation, relative to the site root. */
export function operationPath(operation: ApiOperation): string {
  return `/api/v1/${slugify(operation.tag)}/${operationSlug(operation.operationId)}`;
}

/** Docs link of a row's subject, relative to a docs version's root. */
export function docsPath(row: PermissionRow): string {
  return SUBJECTS[row.subject]?.docs ?? 'references/roles';
}

export function apiOperations(row: PermissionRow): readonly ApiOperation[] {
  return SUBJECTS[row.subject]?.api ?? [];
}

/** Words a reader may type for an action, mapped to CASL actions. */
const ACTION_WORDS: [RegExp, string][] = [
  [/\b(view|see|read|open|access)\b/i, 'view'],
  [/\b(create|add|make|schedule|new)\b/i, 'create'],
  [/\b(edit|update|change|modify|rename)\b/i, 'update'],
  [/\b(delete|remove)\b/i, 'delete'],
  [/\bpromote\b/i, 'promote'],
  [/\bmanage\b/i, 'manage'],
];

/** Reader's words for subjects (`scheduled delivery` → ScheduledDeliveries). */
const SUBJECT_WORDS: [RegExp, string][] = [
  [/schedul|deliver/i, 'ScheduledDeliveries'],
  [/sql runner/i, 'SqlRunner'],
  [/custom sql/i, 'CustomSql'],
  [/virtual view/i, 'VirtualView'],
  [/underlying/i, 'UnderlyingData'],
  [/comment/i, 'DashboardComments'],
  [/dashboard/i, 'Dashboard'],
  [/chart/i, 'SavedChart'],
  [/space/i, 'Space'],
  [/explore/i, 'Explore'],
  [/export|csv|download/i, 'ExportCsv'],
  [/group/i, 'Group'],
  [/invite/i, 'InviteLink'],
  [/token/i, 'PersonalAccessToken'],
  [/pin/i, 'PinnedItems'],
  [/tag|categor/i, 'Tags'],
  [/metrics tree/i, 'MetricsTree'],
  [/semantic/i, 'SemanticViewer'],
  [/validat/i, 'Validation'],
  [/compile|refresh dbt/i, 'CompileProject'],
  [/analytics/i, 'Analytics'],
  [/member|user/i, 'OrganizationMemberProfile'],
  [/organi[sz]ation/i, 'Organization'],
  [/project/i, 'Project'],
];

export const ACTIONS = ['view', 'create', 'update', 'delete', 'promote', 'manage'] as const;

/** Rows that allow `action` on `subject`: the action itself, or `manage` (CASL's every action). */
export function rowsFor(action: string, subject: string): PermissionRow[] {
  return PERMISSIONS.filter((row) => row.subject === subject && (row.action === action || row.action === 'manage'));
}

export interface PermissionAnswer {
  readonly role: OrganizationRole;
  readonly level: Level;
  readonly action: string;
  readonly subject: string;
  readonly allowed: boolean;
  /** The rules that decide it: the lowest granting rule per scope. */
  readonly grantedBy: readonly PermissionRow[];
  /** Rules of the subject and action that the role does not reach, with the role that first gets each. */
  readonly notYet: readonly PermissionRow[];
}

/** Whether a role, given at a level, may do an action on a subject (every scope of it). */
export function checkPermission(
  role: OrganizationRole,
  action: string,
  subject: string,
  level: Level = 'project',
): PermissionAnswer {
  const rows = rowsFor(action, subject).filter((row) => row.level === level);
  const grantedBy = rows.filter((row) => roleHas(row, role));
  return {
    role,
    level,
    action,
    subject,
    allowed: grantedBy.length > 0,
    grantedBy,
    notYet: rows.filter((row) => !roleHas(row, role)),
  };
}

/** Reads "create a scheduled delivery" into a CASL action and subject, or undefined for words it does not know. */
export function parseQuestion(text: string): {action: string; subject: string} | undefined {
  const subject = SUBJECT_WORDS.find(([words]) => words.test(text))?.[1];
  if (!subject) return undefined;
  // The subject's own words ("schedule") must not decide the action: look at what is left.
  const rest = text.replace(SUBJECT_WORDS.find(([, s]) => s === subject)![0], ' ');
  const action = ACTION_WORDS.find(([words]) => words.test(rest))?.[1] ?? 'view';
  return {action, subject};
}

/** Every row as a Markdown table, for the Markdown export of the page "Who can do what" (plugins/markdown-export). */
export function permissionsMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    `Rules of lightdash/lightdash@${SOURCE.commit} (${SOURCE.date}). Roles in order: member (organization only), viewer, interactive viewer, editor, developer, admin; each has the rules of the roles before it.`,
    '',
    '| Action | Where | First role | Space role needed | Source rule |',
    '| --- | --- | --- | --- | --- |',
    ...PERMISSIONS.map(
      (row) =>
        `| ${cell(row.label)} (${cell(SCOPE_LABELS[row.scope])}) | ${row.level} role | ${ROLE_LABELS[row.firstRole]} | ${
          row.spaceRole ? SPACE_ROLE_LABELS[row.spaceRole] : '—'
        } | [${cell(ruleCitation(row.rule))}](${ruleUrl(row.rule)}) |`,
    ),
  ].join('\n');
}
