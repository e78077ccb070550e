/**
 * The MCP tools of the two admin tools of the docs: `build_self_host_config` (the page "Configuration builder") and
 * `check_permission` (the page "Who can do what"). Both answer from the site's own modules (src/lib/adminTools/, loaded
 * through the loader hooks that bin/ registers first, as validate-yaml.mjs loads its checker), whose data comes from
 * the released Lightdash's code; nothing is read from the docs source, so a build folder and the deployed site answer alike.
 * Links point at the docs version asked for; the rules and variables are those of the released Lightdash in both
 * versions.
 */
import {z} from 'zod';
import {
  ACTIONS,
  apiOperations,
  buildConfig,
  checkPermission,
  ChoiceError,
  choiceToSearch,
  COMPOSE_BASE,
  DEPLOYMENTS,
  docsPath,
  HELM_SOURCE,
  NEEDS,
  operationPath,
  ORGANIZATION_ROLES,
  parseQuestion,
  PERMISSIONS,
  PLACEHOLDER,
  roleHas,
  ruleCitation,
  ruleUrl,
  SCOPE_LABELS,
  SOURCE,
  SUBJECTS,
} from '../../src/lib/adminTools/index.ts';

class ToolInputError extends Error {}

/** What the `version` argument accepts, as the other tools: the released version by number or name, or "next". */
const versionInputs = (released) => [released, 'released', 'next'];

/** The docs root that links point at: https://docs.lightdash.com/ or …/next/. */
function docsRoot(linkBase, version) {
  const base = new URL(linkBase);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return version === 'next' ? new URL('next/', base).href : base.href;
}

const versionName = (version, released) => (version === 'next' ? 'Next (unreleased)' : `${released} (released)`);

/**
 * Runs a handler, turning its answer into JSON text and a refused input into a tool error with its message.
 * @param {string} name
 * @param {(args: any) => unknown} handler
 * @returns {(args: any) => Promise<import('@modelcontextprotocol/sdk/types.js').CallToolResult>}
 */
function tool(name, handler) {
  return async (args) => {
    try {
      return {content: [{type: 'text', text: JSON.stringify(await handler(args), null, 2)}]};
    } catch (error) {
      const known = error instanceof ToolInputError || error instanceof ChoiceError;
      if (!known) console.error(`[lightdash-docs-mcp] ${name} failed:`, error);
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: known ? error.message : `Internal error: ${/** @type {Error} */ (error)?.message ?? error}`,
          },
        ],
      };
    }
  };
}

function selfHostConfig({deployment, needs = [], version}, {linkBase, released}) {
  const root = docsRoot(linkBase, version);
  const config = buildConfig(deployment, needs, {docsBase: root, composeBase: COMPOSE_BASE});
  const envPage = `${root}self-host/customize-deployment/environment-variables`;
  return {
    version: version === 'next' ? 'next' : released,
    versionName: versionName(version, released),
    note:
      `Variables and Helm keys of Lightdash ${SOURCE.commit} (${SOURCE.date}) and the Helm chart of ${HELM_SOURCE.date}. ` +
      `Secrets are the placeholder ${PLACEHOLDER}: the reader fills them in; never invent values for them.`,
    builderUrl: `${root}self-host/customize-deployment/configuration-builder${choiceToSearch(config.choice)}`,
    deployment: config.choice.deployment,
    needs: config.choice.needs,
    files: config.files.map(({name, text}) => ({name, text})),
    secretsToFillIn: config.secrets,
    variables: config.variables.map((v) => ({
      name: v.name,
      need: v.need,
      meaning: v.meaning,
      ...(v.secret ? {secret: true} : {value: v.value}),
      docs: `${envPage}#${v.name}`,
    })),
  };
}

function rowAnswer(row, root) {
  return {
    level: row.level,
    action: row.action,
    subject: row.subject,
    label: row.label,
    scope: SCOPE_LABELS[row.scope],
    firstRole: row.firstRole,
    ...(row.spaceRole ? {spaceRole: row.spaceRole} : {}),
    givenAt: row.givenAt,
    ...(row.note ? {note: row.note} : {}),
    sourceRule: ruleCitation(row.rule),
    sourceUrl: ruleUrl(row.rule),
    docs: new URL(docsPath(row), root).href,
    api: apiOperations(row).map((op) => ({
      operationId: op.operationId,
      url: new URL(operationPath(op).slice(1), root.replace(/next\/$/, '')).href,
    })),
  };
}

function permission({role, action, subject, question, level, version}, {linkBase, released}) {
  const root = docsRoot(linkBase, version);
  let wanted = action && subject ? {action, subject} : undefined;
  if (!wanted && question) {
    const parsed = parseQuestion(question);
    if (!parsed) {
      throw new ToolInputError(
        `Could not tell which object "${question.slice(0, 80)}" is about. Give \`subject\`, one of: ${Object.keys(SUBJECTS).join(', ')}.`,
      );
    }
    wanted = {action: action ?? parsed.action, subject: subject ?? parsed.subject};
  } else if (!wanted && (action || subject)) {
    throw new ToolInputError(
      'Give both `action` and `subject`, or a `question`, or neither to list what the role can do.',
    );
  }
  const common = {
    version: version === 'next' ? 'next' : released,
    versionName: versionName(version, released),
    rulesOf: `lightdash/lightdash@${SOURCE.commit} (${SOURCE.date}), packages/common/src/authorization`,
    explorer: `${root}references/who-can-do-what`,
  };
  const atLevel = level ?? (role === 'member' ? 'organization' : 'project');
  if (!wanted) {
    const rows = PERMISSIONS.filter((row) => row.level === atLevel && roleHas(row, role));
    return {...common, role, level: atLevel, canDo: rows.map((row) => rowAnswer(row, root))};
  }
  const answer = checkPermission(role, wanted.action, wanted.subject, atLevel);
  return {
    ...common,
    question: `Can a${/^[aeiou]/.test(role) ? 'n' : ''} ${role.replace('_', ' ')} ${wanted.action} ${SUBJECTS[wanted.subject].label}?`,
    role,
    level: atLevel,
    action: wanted.action,
    subject: wanted.subject,
    allowed: answer.allowed,
    answer: answer.allowed
      ? `Yes: the ${answer.grantedBy[0].firstRole} role is the first to get it (${SCOPE_LABELS[answer.grantedBy[0].scope]}).`
      : answer.notYet.length
        ? `No: it starts at the ${answer.notYet[0].firstRole} role.`
        : `No: no ${atLevel} rule of ${released} allows ${wanted.action} on ${wanted.subject}.`,
    grantedBy: answer.grantedBy.map((row) => rowAnswer(row, root)),
    notYet: answer.notYet.map((row) => rowAnswer(row, root)),
  };
}

/**
 * Registers both tools on an McpServer.
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {{linkBase: URL | string, releasedVersion: string}} options
 */
export function registerAdminTools(server, {linkBase, releasedVersion}) {
  const context = {linkBase, released: releasedVersion};
  const version = () =>
    z
      .enum(versionInputs(releasedVersion))
      .optional()
      .describe(`Docs version the links point at: "${releasedVersion}" (released, the default) or "next".`);

  server.registerTool(
    'build_self_host_config',
    {
      title: 'Build a self-hosted Lightdash configuration',
      description:
        `The files a self-hosted Lightdash ${releasedVersion} needs for a deployment and a set of features, as the docs page ` +
        '"Configuration builder" writes them: `.env` and `docker-compose.override.yml` (compose), `values.yaml` ' +
        `(Helm chart of 2024-09-26) or \`.env\` (plain container). Every variable is one ${releasedVersion} reads, commented with ` +
        'its meaning and a link to its row of the environment variables reference; variables that go together are ' +
        `written together. Secrets are the placeholder ${PLACEHOLDER}, never values. Needs: ` +
        NEEDS.map((n) => `${n.id} (${n.label})`).join(', ') +
        '.',
      inputSchema: {
        deployment: z.enum(DEPLOYMENTS).describe('How Lightdash runs: "compose", "helm" or "container".'),
        needs: z
          .array(z.enum(NEEDS.map((n) => n.id)))
          .max(NEEDS.length)
          .optional()
          .describe(
            'Features to configure, such as ["postgres", "s3", "google", "smtp"]. At most one of s3, gcs, minio.',
          ),
        version: version(),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool('build_self_host_config', (args) => selfHostConfig(args, context)),
  );

  server.registerTool(
    'check_permission',
    {
      title: 'Check what a Lightdash role may do',
      description:
        `Whether a role may do an action on a kind of object in Lightdash ${releasedVersion}, from its own permission rules, ` +
        'with the source rule (file and line at the release commit), where the role is given (organization, ' +
        'project, group, space), the docs section and the API operations it governs. Give `action` and `subject`, ' +
        'or a `question` such as "create a scheduled delivery"; give neither to list everything the role can do. ' +
        'The same data as the docs page "Who can do what" and the roles page tables.',
      inputSchema: {
        role: z
          .enum(ORGANIZATION_ROLES)
          .describe('The role: member, viewer, interactive_viewer, editor, developer or admin.'),
        action: z.enum(ACTIONS).optional().describe('view, create, update, delete, promote or manage (every action).'),
        subject: z
          .enum(Object.keys(SUBJECTS))
          .optional()
          .describe(
            `The kind of object, as ${releasedVersion} names it: ScheduledDeliveries, SavedChart, Dashboard, Space, SqlRunner…`,
          ),
        question: z
          .string()
          .min(1)
          .max(300)
          .optional()
          .describe('The action in words instead of action and subject, e.g. "create a scheduled delivery".'),
        level: z
          .enum(['organization', 'project'])
          .optional()
          .describe('Where the role is given: "project" (directly or through a group; the default) or "organization".'),
        version: version(),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    tool('check_permission', (args) => permission(args, context)),
  );
}
