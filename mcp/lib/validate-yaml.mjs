/**
 * The `validate_yaml` tool: the docs' own check of a dbt properties file (models/schema.yml with Lightdash settings),
 * the same check as the page "Validate your YAML". The checker is the site's TypeScript module
 * (src/lib/yamlCheck, through its entry index.ts), loaded through the loader hooks that bin/ registers first, as search/search.mjs
 * loads the site's search; its schema is compiled into src/lib/yamlCheck/generated/, so nothing is read from the
 * docs source and the answer is the same for a build folder and for the deployed site.
 */
import {z} from 'zod';
import {
  checkDbtYaml,
  DEFAULT_VERSION,
  LIGHTDASH_VERSIONS,
  MAX_PROBLEMS,
  MAX_YAML_CHARS,
} from '../../src/lib/yamlCheck/index.ts';

const VALIDATE_YAML_TOOL = 'validate_yaml';
/** Lightdash's own JSON schema of the same files, at a lightdash/lightdash commit of the release day of
 * the released version (DEFAULT_VERSION). */
export const LIGHTDASH_SCHEMA_URL =
  'https://github.com/lightdash/lightdash/blob/e0a2383134d1d63e67d08bf0956b5394769686d0/packages/common/src/schemas/json/lightdash-dbt-2.0.json';
/** Kinds an agent may name; only `dbt` has a schema in these docs. */
const YAML_KINDS = ['dbt', 'chart', 'dashboard'];
/**
 * Input beyond the checker's own cap is refused by the input schema; up to ten times the cap it reaches the checker,
 * which answers with the limit in words.
 */
const MAX_INPUT_CHARS = MAX_YAML_CHARS * 10;
/** Other files of the project, read for their model names and fields only: together at most the checker's cap. */
const MAX_PROJECT_FILES = 200;

const CHECKER_NOTE =
  'The Lightdash docs\' own checker. Each problem has a severity: "error" (Lightdash of the version checked ' +
  'rejects the file or the model: its own schemas, or the checks it runs when it compiles a project), "warning" ' +
  '(Lightdash ignores the setting, such as an unknown key or a typo, with the nearest known key suggested) or ' +
  `"later" (only a later Lightdash reads it; the message names the first version). With version "${DEFAULT_VERSION}" it checks ` +
  `what Lightdash ${DEFAULT_VERSION} did (its own schemas of that release); with "next", the rules of the docs' Next pages ` +
  '(schemas/lightdash-dbt.json). It is not Lightdash itself: compile the project with the Lightdash CLI to be sure. ' +
  "Lightdash's own published schema: " +
  LIGHTDASH_SCHEMA_URL;

class ToolInputError extends Error {}

/**
 * Checks one text and answers with the problems, each with its docs link made absolute against `linkBase` (the
 * origin the server links to, such as https://docs.lightdash.com/).
 * @param {string} yaml
 * @param {string} kind
 * @param {URL | string} linkBase
 * @param {NonNullable<Parameters<typeof checkDbtYaml>[1]>['version']} [version]
 * @param {string[]} [projectFiles]
 */
function validateYaml(yaml, kind, linkBase, version = DEFAULT_VERSION, projectFiles = undefined) {
  if (kind !== 'dbt') {
    throw new ToolInputError(
      `validate_yaml checks dbt properties files only (kind "dbt", such as models/schema.yml): these docs publish no ` +
        `schema for ${kind === 'chart' ? 'charts' : 'dashboards'} as code, so "${kind}" files cannot be checked here.`,
    );
  }
  const base = new URL(linkBase);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  if (projectFiles && projectFiles.reduce((sum, file) => sum + file.length, 0) > MAX_YAML_CHARS) {
    throw new ToolInputError(
      `project_files hold more than ${MAX_YAML_CHARS.toLocaleString('en-US')} characters together: pass only the ` +
        'files whose models this one joins or refers to.',
    );
  }
  const result = checkDbtYaml(yaml, {version, projectFiles});
  const limit = result.problems.find((problem) => problem.kind === 'limit');
  if (limit) throw new ToolInputError(`Not checked: ${limit.message} (${new URL(limit.docs, base).href})`);
  return {
    checker: CHECKER_NOTE,
    schema: new URL('schemas/lightdash-dbt.json', base).href,
    kind,
    version: result.version,
    valid: result.valid,
    lines: result.lines,
    problemCount: result.problems.length + result.omitted,
    counts: result.counts,
    problems: result.problems.map((problem) => ({
      severity: problem.severity,
      line: problem.line,
      column: problem.column,
      path: problem.path,
      kind: problem.kind,
      message: problem.message,
      docs: new URL(problem.docs, base).href,
    })),
    ...(result.omitted ? {omitted: result.omitted, note: `Only the first ${MAX_PROBLEMS} problems are listed.`} : {}),
  };
}

/**
 * Registers the tool on an McpServer.
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {{linkBase: URL | string}} options
 */
export function registerValidateYaml(server, {linkBase}) {
  server.registerTool(
    VALIDATE_YAML_TOOL,
    {
      title: 'Validate a dbt YAML file with Lightdash settings',
      description:
        "The Lightdash docs' own checker for a dbt properties file (models/schema.yml with Lightdash meta: tables, " +
        'dimensions, metrics, joins). Returns each problem with its line and column, its YAML path, a message and a ' +
        'link to the docs section that explains the setting, and a severity: "error" (Lightdash of that version ' +
        'rejects it), "warning" (Lightdash ignores it: unknown keys, typos) or "later" (only a later Lightdash reads ' +
        "it, with the version named). It checks Lightdash's schemas and its compile-time rules (metric types, " +
        '`${...}` references, joins, duplicate names), not whether columns exist in the warehouse or SQL runs. ' +
        'Only dbt properties files: the docs publish no schema for ' +
        `charts or dashboards as code. Lightdash's own published schema: ${LIGHTDASH_SCHEMA_URL}`,
      inputSchema: {
        yaml: z
          .string()
          .max(MAX_INPUT_CHARS)
          .describe(`The whole file as text (at most ${MAX_YAML_CHARS.toLocaleString('en-US')} characters).`),
        kind: z
          .enum(YAML_KINDS)
          .default('dbt')
          .describe('What the file is: "dbt" (a dbt properties file, the default and the only kind checked here).'),
        version: z
          .enum(LIGHTDASH_VERSIONS)
          .default(DEFAULT_VERSION)
          .describe(
            `The Lightdash the file is checked against: "${DEFAULT_VERSION}" (the released docs, the default) or "next" (the ` +
              "docs' Next pages).",
          ),
        project_files: z
          .array(z.string().max(MAX_YAML_CHARS))
          .max(MAX_PROJECT_FILES)
          .optional()
          .describe(
            'Other properties files of the same dbt project, as text. Only their model names and fields are read, ' +
              'so that joins and `${table.field}` references to their models can be checked.',
          ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    async ({yaml, kind, version, project_files: projectFiles}) => {
      try {
        const answer = validateYaml(yaml, kind, linkBase, version, projectFiles);
        return {content: [{type: 'text', text: JSON.stringify(answer, null, 2)}]};
      } catch (error) {
        if (!(error instanceof ToolInputError)) console.error('[lightdash-docs-mcp] validate_yaml failed:', error);
        const message =
          error instanceof ToolInputError
            ? error.message
            : `Internal error: ${/** @type {any} */ (error)?.message ?? error}`;
        return {isError: true, content: [{type: 'text', text: message}]};
      }
    },
  );
}
