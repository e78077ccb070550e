import type {
  OperationPageModel,
  OperationSummary,
  OverviewPageModel,
  ParameterModel,
  ResponseModel,
  SchemaIndexModel,
  SchemaNode,
  SchemaPageModel,
  TagPageModel,
} from '../types';
import {codeSpan, escapeText, fencedCode, htmlToMarkdown} from './htmlToMarkdown';
import type {ApiReference} from './pages';
import {nestedLabel} from '../schemaLabels';

/**
 * The Markdown twin of every API page (issue 48), from the same page models the React pages render (../theme/), so
 * an agent reading `/api/v1/<tag>/<operation>.md` gets what a reader of the HTML gets: method and path,
 * authentication, parameters, request body and response schemas as nested lists, every code sample and every
 * response example. Links are absolute (`siteUrl` + the HTML page), as in the docs pages' twins.
 */
export interface MarkdownContext {
  /** The site's origin and base path without a trailing slash: `https://docs.lightdash.com`. */
  readonly siteUrl: string;
  /** The schema pages' route: `/api/v1/schemas`. */
  readonly schemasPath: string;
}

/** Blocks separated by one blank line (a part may itself be joined blocks, ending in a line break). */
const join = (parts: readonly (string | false | undefined)[]) =>
  `${parts
    .filter((p): p is string => Boolean(p && p.trim()))
    .map((p) => p.replace(/\n+$/, ''))
    .join('\n\n')
    .trim()}\n`;

function absolute(ctx: MarkdownContext, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
  return url.startsWith('/') ? ctx.siteUrl + url : url;
}

const md = (ctx: MarkdownContext, html: string | undefined) =>
  htmlToMarkdown(html, {resolveUrl: (url) => absolute(ctx, url)});

/** One line of an operation list, as the tag pages show it: method, summary (linked) and path. */
function operationLine(ctx: MarkdownContext, op: OperationSummary): string {
  const deprecated = op.deprecated ? ' (deprecated)' : '';
  return `- ${op.method.toUpperCase()} [${op.summary}](${absolute(ctx, op.permalink)}) \`${op.path}\`${deprecated}`;
}

const schemaLink = (ctx: MarkdownContext, name: string) => `[${name}](${ctx.siteUrl}${ctx.schemasPath}/${name})`;

const isStructure = (n: SchemaNode) => Boolean(n.children || n.variants || n.items || n.values);

/**
 * The type label of ../theme/SchemaTree's TypeLabel, with schema names linked. Types are escaped: `string <uuid>`
 * would otherwise read as an HTML tag.
 */
function typeLabel(ctx: MarkdownContext, node: SchemaNode): string {
  let label: string;
  const type = (n: SchemaNode) => escapeText(n.type);
  if (node.items) label = `array of ${node.items.ref ? schemaLink(ctx, node.items.ref) : type(node.items)}`;
  else if (node.ref && (isStructure(node) || node.truncated)) label = schemaLink(ctx, node.ref);
  else if (node.ref) label = `${type(node)} (${schemaLink(ctx, node.ref)})`;
  else label = type(node);
  return node.nullable ? `${label} | null` : label;
}

/**
 * A rule of a schema as Markdown: `pattern: ^[a-z]+$` keeps its value in a code span (patterns are full of `[`, `*`
 * and `_`); any other rule is escaped text.
 */
function rule(text: string): string {
  const labelled = /^([a-zA-Z][\w ]*): (.+)$/.exec(text);
  if (labelled && /[\\`*_[\]<>|]/.test(labelled[2])) return `${labelled[1]}: ${codeSpan(labelled[2])}`;
  return escapeText(text);
}

/** Description, allowed values, rules and included schemas of a node, as lines. */
function facts(ctx: MarkdownContext, node: SchemaNode): string[] {
  const codes = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
  return [
    md(ctx, node.descriptionHtml),
    node.enum ? `${node.enum.length === 1 ? 'Always' : 'One of:'} ${codes(node.enum)}` : '',
    ...(node.constraints ?? []).map(rule),
    node.extends?.length ? `Includes ${node.extends.map((name) => schemaLink(ctx, name)).join(', ')}` : '',
  ].filter(Boolean);
}

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');

/** The properties or variants under a node, as a nested list (the HTML folds them in <details>). */
function nested(ctx: MarkdownContext, node: SchemaNode): string[] {
  const target = node.items ?? node.values;
  if (target) return target.children || target.variants ? nested(ctx, target) : [];
  return [
    ...(node.children ?? []).map((child) => property(ctx, child, false)),
    ...(node.variants ?? []).map((variant) => property(ctx, variant, true)),
  ];
}

function property(ctx: MarkdownContext, node: SchemaNode, variant: boolean): string {
  const name = variant ? `*${node.name ?? ''}*` : `\`${node.name ?? ''}\``;
  const head = `- ${name} ${typeLabel(ctx, node)}${node.required ? ' required' : ''}`;
  const inner = node.items ?? node.values ?? node;
  const children = inner.children?.length || inner.variants?.length ? nested(ctx, node) : [];
  const body = [...facts(ctx, node), ...(children.length ? [`${nestedLabel(node)}:`, children.join('\n')] : [])];
  return body.length ? `${head}\n\n${indent(body.join('\n\n'), '  ')}` : head;
}

/** A schema tree: its root type and facts, then its fields as a nested list. */
export function schemaTreeMarkdown(ctx: MarkdownContext, node: SchemaNode): string {
  return join([`Type: ${typeLabel(ctx, node)}`, ...facts(ctx, node), nested(ctx, node).join('\n')]);
}

const cell = (text: string) => text.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();

function parametersTable(ctx: MarkdownContext, parameters: readonly ParameterModel[]): string {
  const rows = parameters.map((p) => {
    const type = [
      typeLabel(ctx, p.schema),
      p.schema.enum ? `One of: ${p.schema.enum.map((v) => `\`${v}\``).join(', ')}` : '',
      ...(p.schema.constraints ?? []).map(rule),
    ]
      .filter(Boolean)
      .join('; ');
    const example = p.example === undefined ? '' : `\`${p.example}\``;
    return `| \`${p.name}\` | ${p.in} | ${cell(type)} | ${p.required ? 'yes' : 'no'} | ${cell(md(ctx, p.descriptionHtml))} | ${cell(example)} |`;
  });
  return [
    '| Name | In | Type | Required | Description | Example |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function responseCaption(r: ResponseModel): string {
  const status = r.code === 'default' ? 'Any other status' : `${r.code} ${r.statusText}`;
  return /^[45]|default/.test(r.code) ? `${status}: an example error payload; messages vary` : status;
}

/** An operation page (../theme/OperationPage). */
export function operationMarkdown(ctx: MarkdownContext, page: OperationPageModel): string {
  const security = page.security
    .map((option) => (option.code ? `${option.label} \`${option.code}\`` : option.label))
    .join(' or ');
  const facts = [
    page.access && `- **${page.access.label}**: ${page.access.text}`,
    `- **Authentication**: ${security}`,
    `- **Operation ID**: \`${page.operationId}\``,
    `- **Tag**: [${page.tag.name}](${absolute(ctx, page.tag.permalink)})`,
  ].filter(Boolean);
  const body = page.requestBody;
  const withExamples = page.responses.filter((r) => r.example !== undefined);
  return join([
    `# ${page.summary}`,
    `\`${page.method.toUpperCase()} ${page.path}\`${page.deprecated ? ' **Deprecated**' : ''}`,
    md(ctx, page.descriptionHtml),
    facts.join('\n'),
    page.parameters.length > 0 && `## Parameters\n\n${parametersTable(ctx, page.parameters)}`,
    body &&
      join([
        '## Request body',
        `\`${body.contentType}\` · ${body.required ? 'required' : 'optional'}`,
        md(ctx, body.descriptionHtml),
        body.schema && schemaTreeMarkdown(ctx, body.schema),
        body.example && `Example request body:\n\n${fencedCode(body.example, 'json')}`,
      ]),
    '## Responses',
    ...page.responses.map((r) =>
      join([
        `### ${r.code} ${r.statusText}`,
        md(ctx, r.descriptionHtml),
        r.contentType && r.schema && `\`${r.contentType}\``,
        r.schema && schemaTreeMarkdown(ctx, r.schema),
      ]),
    ),
    '## Request sample',
    `Your Lightdash URL: \`${page.defaultServer}\` (the samples call it: use your own instance's address). Each sample reads the API key from \`LIGHTDASH_API_KEY\`.`,
    ...page.codeSamples.map((s) => `**${s.label}**\n\n${fencedCode(s.code, s.language)}`),
    withExamples.length > 0 && '## Response examples',
    ...withExamples.map((r) => `**${responseCaption(r)}**\n\n${fencedCode(r.example ?? '', 'json')}`),
  ]);
}

/** A tag page (../theme/TagPage): its description and its operations. */
export function tagMarkdown(ctx: MarkdownContext, page: TagPageModel): string {
  return join([
    `# ${page.name}`,
    md(ctx, page.descriptionHtml),
    '## Operations',
    page.operations.map((op) => operationLine(ctx, op)).join('\n'),
  ]);
}

/** A schema page (../theme/SchemaPage). */
export function schemaMarkdown(ctx: MarkdownContext, page: SchemaPageModel): string {
  return join([
    `# ${page.name}`,
    '## Schema',
    schemaTreeMarkdown(ctx, page.schema),
    page.example && `## Example\n\n${fencedCode(page.example, 'json')}`,
    '## Used by',
    page.usedBy.length > 0
      ? page.usedBy.map((op) => operationLine(ctx, op)).join('\n')
      : 'No operation uses this schema directly or through another schema.',
  ]);
}

/**
 * The schema index (../theme/SchemaIndexPage). The names are not linked one by one: 331 links would take this page
 * past the 50,000 characters an agent reads in one fetch. Every schema page is linked from the reference's llms.txt,
 * and its address follows from its name.
 */
export function schemaIndexMarkdown(ctx: MarkdownContext, page: SchemaIndexModel): string {
  const first = page.schemas[0];
  const pattern = first ? absolute(ctx, first.permalink).replace(/[^/]+$/, '') : '';
  return join([
    '# Schemas',
    'The entities that requests and responses are made of. Each operation page links to the ones it uses.',
    first &&
      `Each schema has a page at \`${pattern}<Name>\` and its Markdown at \`${pattern}<Name>.md\`, for example [${first.name}](${absolute(ctx, first.permalink)}).`,
    page.schemas.map((s) => `- \`${s.name}\`${s.summary ? ` ${s.summary}` : ''}`).join('\n'),
  ]);
}

/** The overview (../theme/OverviewPage). */
export function overviewMarkdown(ctx: MarkdownContext, page: OverviewPageModel): string {
  return join([
    `# ${page.title} reference`,
    md(ctx, page.introHtml),
    ...page.sections.map((section) => `## ${section.title}\n\n${md(ctx, section.html)}`),
    '## Versioning',
    `This reference is generated from version **${page.version}** of the API specification, the release of Lightdash it documents. Every path starts with \`${page.basePath || '/api/v1'}\`, the version of the API itself, and is called on your instance's address, such as \`${page.defaultServer}\`. The \`info.version\` field of the downloaded specification tells which release a copy belongs to.`,
    '## Download the specification',
    'The OpenAPI 3.1 document this reference is generated from, for code generators and API clients:',
    `- [openapi.json](${absolute(ctx, page.downloads.json)}) (JSON)\n- [openapi.yaml](${absolute(ctx, page.downloads.yaml)}) (YAML)`,
    page.firstCall &&
      join([
        '## Your first call',
        `With a personal access token in the \`LIGHTDASH_API_KEY\` environment variable, this asks your instance for [${page.firstCall.summary.toLowerCase()}](${absolute(ctx, page.firstCall.permalink)}):`,
        `Your Lightdash URL: \`${page.defaultServer}\` (use your own instance's address).`,
        fencedCode(page.firstCall.code, 'bash'),
      ]),
    '## Operations by tag',
    ...page.tags.map((tag) =>
      join([
        `### [${tag.name}](${absolute(ctx, tag.permalink)})`,
        md(ctx, tag.descriptionHtml),
        tag.operations.map((op) => operationLine(ctx, op)).join('\n'),
      ]),
    ),
  ]);
}

/** One API page's Markdown twin, with what llms.txt lists of it. */
export interface ApiMarkdownPage {
  readonly title: string;
  readonly description: string;
  readonly permalink: string;
  readonly markdown: string;
  readonly kind: 'overview' | 'tag' | 'operation' | 'schema-index' | 'schema';
}

/** Every API page's twin, in the sidebar's order: overview, then each tag and its operations, then the schemas. */
export function apiMarkdownPages(content: ApiReference, siteUrl: string): ApiMarkdownPage[] {
  const ctx: MarkdownContext = {siteUrl: siteUrl.replace(/\/+$/, ''), schemasPath: content.sidebar.schemas};
  const {overview, schemaIndex} = content;
  const operationsOf = new Map<string, OperationPageModel[]>();
  for (const op of content.operations) operationsOf.set(op.tag.slug, [...(operationsOf.get(op.tag.slug) ?? []), op]);
  return [
    {
      kind: 'overview',
      title: `${overview.title} reference`,
      description: `Reference of every endpoint of the ${overview.title}, version ${overview.version}.`,
      permalink: overview.permalink,
      markdown: overviewMarkdown(ctx, overview),
    },
    ...content.tags.flatMap((tag): ApiMarkdownPage[] => [
      {
        kind: 'tag',
        title: tag.name,
        description: tag.descriptionText,
        permalink: tag.permalink,
        markdown: tagMarkdown(ctx, tag),
      },
      ...(operationsOf.get(tag.slug) ?? []).map((op): ApiMarkdownPage => ({
        kind: 'operation',
        title: op.summary,
        description: `${op.method.toUpperCase()} ${op.path}`,
        permalink: op.permalink,
        markdown: operationMarkdown(ctx, op),
      })),
    ]),
    {
      kind: 'schema-index',
      title: 'Schemas',
      description: 'The shared schemas of the Lightdash API: the entities that requests and responses are made of.',
      permalink: schemaIndex.permalink,
      markdown: schemaIndexMarkdown(ctx, schemaIndex),
    },
    ...content.schemas.map((schema): ApiMarkdownPage => ({
      kind: 'schema',
      title: schema.name,
      description: schema.descriptionText,
      permalink: schema.permalink,
      markdown: schemaMarkdown(ctx, schema),
    })),
  ];
}
