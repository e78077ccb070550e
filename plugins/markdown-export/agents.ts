/**
 * What the Markdown export tells AI agents (issue 36): the one-line directive at the top of every
 * `.md`, the instructions in llms.txt and llms-full.txt, and skill.md. Pure: index.ts passes in the
 * site URL and the versions. The MCP address, server name and feedback tool come from
 * src/lib/docsMcp.ts, which the page menu's "Connect" items use too.
 */
import {FEEDBACK_TOOL, ISSUES_URL, MCP_SERVER_NAME, mcpUrlFor} from '../../src/lib/docsMcp';

/** One docs version as agents are told about it. */
export interface AgentVersion {
  /** The released version's number (versions.json), `Next`. */
  readonly label: string;
  /** The released version (served at the root); the others are unreleased. */
  readonly released: boolean;
  /** Absolute URL of the version's root, ending in `/`: `https://docs.lightdash.com/next/`. */
  readonly root: string;
}

/** How the directive names the docs of a version: "the Lightdash <number> docs". */
function docsOf(version: AgentVersion): string {
  return version.released
    ? `the Lightdash ${version.label} docs`
    : `the docs of the unreleased Lightdash version (${version.label})`;
}

/**
 * The first line of every `.md` page: where the index is, the `.md` rule, the MCP server and how to
 * report a problem, for an agent that landed on one page and may read no further. One line, as a
 * blockquote, so a person reading the Markdown sees it set apart from the page.
 */
export function pageDirective(version: AgentVersion, siteUrl: string): string {
  return (
    `> For AI agents: a page of ${docsOf(version)}. Every page is listed in ${version.root}llms.txt; ` +
    `add .md to a page URL for its Markdown. MCP server: ${mcpUrlFor(siteUrl)} ` +
    `(search, read pages, report a wrong page with ${FEEDBACK_TOOL}).`
  );
}

/** The page with the directive on top; the page's own Markdown starts at its `# Title` two lines below. */
export function withDirective(markdown: string, directive: string): string {
  return `${directive}\n\n${markdown}`;
}

/**
 * The instructions of llms.txt and llms-full.txt. llmstxt.org keeps H2 sections for lists of links,
 * so they are a paragraph and a list in the file's details, after the summary and before the first
 * section, where parsers of the format keep free text. `example` is a page of the version
 * (a permalink path) used to show the `.md` rule; `full` words it for llms-full.txt, which holds the pages.
 */
export function agentInstructions(
  version: AgentVersion,
  siteUrl: string,
  example: string,
  {full = false}: {full?: boolean} = {},
): string {
  const page = siteUrl + example;
  const find = full
    ? 'Every page follows below, each with a `Source:` line giving its URL; ' +
      `${version.root}llms.txt lists them with one line each on what they cover.`
    : 'Pick pages from the lists below (a line each on what they cover), or search through the MCP server.';
  const scope = version.released
    ? `These pages describe Lightdash ${version.label}. Pages under ${siteUrl}/next/ describe the unreleased ` +
      'version: say so when an answer relies on one.'
    : `These pages describe the unreleased version of Lightdash (${version.label}): features may change or ` +
      `not be released yet. The released docs are at ${siteUrl}/llms.txt.`;
  return [
    'Instructions for AI agents:',
    [
      `- ${scope} Answer from these pages rather than from memory, and cite the URL of the page you used.`,
      `- ${find}`,
      `- Read a page as Markdown by adding \`.md\` to its URL: ${page}.md for ${page}; a version's home page is ` +
        `its \`index.md\` (${version.root}index.md). Links inside pages go to the HTML pages: add \`.md\` to follow them.`,
      `- The docs MCP server is at ${mcpUrlFor(siteUrl)} (Streamable HTTP). Its tools search these docs, ` +
        'return a page as Markdown and describe each operation of the Lightdash API.',
      `- If a page is wrong, out of date or unclear, report it with the MCP tool \`${FEEDBACK_TOOL}\`: the page ` +
        `URL, what is wrong and, if you know it, the fix. Without MCP, tell the user, who can open an issue at ${ISSUES_URL}.`,
    ].join('\n'),
  ].join('\n\n');
}

/** `a, b and c`. */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

interface SkillInput {
  readonly siteUrl: string;
  /** The released version first. */
  readonly versions: readonly AgentVersion[];
  /** Top sections of the released docs, in sidebar order (`Guides`, `References`, …). */
  readonly sections: readonly string[];
  /** The API reference's overview path (`/api/v1/`), when the site has one. */
  readonly apiOverview?: string;
}

/**
 * skill.md at the site root: the docs described as an Agent Skill. The front matter follows the Agent
 * Skills format (agentskills.io: `name` in lowercase and hyphens, at most 64 characters; `description`
 * of what it is for and when to use it, at most 1024; `metadata` of string values), as Mintlify's
 * skill.md for docs sites does; the body says what the docs cover and how to read, connect and report.
 */
export function skillMd({siteUrl, versions, sections, apiOverview}: SkillInput): string {
  const released = versions.find((v) => v.released) ?? versions[0];
  const mcpUrl = mcpUrlFor(siteUrl);
  const description =
    `The official documentation of Lightdash ${released.label}, the open-source BI tool that reads a dbt ` +
    'project: getting started, guides, the dbt YAML reference for metrics and dimensions, the API and ' +
    'self-hosting. Use it to answer questions about Lightdash or to write Lightdash dbt YAML, charts or API ' +
    'calls, from the docs of the version the user runs.';
  const yamlString = (text: string) => JSON.stringify(text);
  const frontMatter = [
    '---',
    `name: ${MCP_SERVER_NAME}`,
    `description: ${yamlString(description)}`,
    'metadata:',
    `  version: ${yamlString(released.label)}`,
    `  docs: ${yamlString(siteUrl + '/')}`,
    `  mcp: ${yamlString(mcpUrl)}`,
    '---',
  ].join('\n');
  const versionLines = versions.map(
    (v) =>
      `- ${v.released ? `${v.label} (released)` : `${v.label} (unreleased; may change)`}: ${v.root}, ` +
      `index ${v.root}llms.txt, every page in one file ${v.root}llms-full.txt`,
  );
  const api = apiOverview
    ? [
        '',
        `The API reference is at ${siteUrl}${apiOverview}; its OpenAPI document is ${siteUrl}${apiOverview}openapi.json ` +
          '(the MCP tools list_api_operations and get_api_operation read it too).',
      ]
    : [];
  const body = [
    '# Lightdash documentation',
    '',
    `The docs have these sections: ${listOf(sections)}. Answer from them rather than from memory: Lightdash changes ` +
      'with every release. Ask which version the user runs when it matters, and cite the page you used.',
    '',
    '## Versions',
    '',
    ...versionLines,
    '',
    '## Read the docs',
    '',
    `1. Start from the index of the version (${released.root}llms.txt): every page with a line on what it covers.`,
    '2. Fetch a page as Markdown by adding `.md` to its URL; a version home is its `index.md`. Each `.md` starts ' +
      'with a one-line note for agents, then the page title.',
    '3. Links inside a page go to the HTML pages; add `.md` to follow them.',
    ...api,
    '',
    '## Connect over MCP',
    '',
    `The docs MCP server is at ${mcpUrl} (Streamable HTTP). Its tools search the docs, return pages as ` +
      'Markdown, describe API operations and take feedback on a page.',
    '',
    'Claude Code:',
    '',
    '```bash',
    `claude mcp add --transport http ${MCP_SERVER_NAME} ${mcpUrl}`,
    '```',
    '',
    'Cursor (`~/.cursor/mcp.json`):',
    '',
    '```json',
    JSON.stringify({mcpServers: {[MCP_SERVER_NAME]: {url: mcpUrl}}}, null, 2),
    '```',
    '',
    'VS Code (`.vscode/mcp.json`):',
    '',
    '```json',
    JSON.stringify({servers: {[MCP_SERVER_NAME]: {type: 'http', url: mcpUrl}}}, null, 2),
    '```',
    '',
    '## Report a problem',
    '',
    `When a page is wrong, out of date or unclear, call the MCP tool \`${FEEDBACK_TOOL}\` with the page URL, ` +
      'what is wrong and, if you know it, the fix. Without MCP, tell the user; they can open an issue at ' +
      `${ISSUES_URL}.`,
  ];
  return `${frontMatter}\n\n${body.join('\n')}\n`;
}
