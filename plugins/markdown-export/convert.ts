import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type {Nodes, Root, RootContent} from 'mdast';
import type {ContainerDirective} from 'mdast-util-directive';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {AVAILABILITY, type AvailabilityKey} from '../../src/components/Availability/availability';
import {ROLES_PAGE_TABLES, rolesTableMarkdown, type RolesTableName} from '../../src/lib/adminTools/rolesTables';
import {permissionsMarkdown} from '../../src/lib/adminTools/permissions';
import {needsMarkdown} from '../../src/lib/adminTools/selfHostConfig';
import {variantLabel} from '../warehouse-sql/markdown';
import {sqlRole} from '../warehouse-sql/warehouses';
import {mapLines} from './fences';
import {attribute, propLinks, stringOf} from './jsx';
import {resolveHref, type LinkContext} from './links';

/**
 * MDX source → clean Markdown (issue 11). The MDX is parsed as Docusaurus parses it (remark-mdx,
 * front matter, directives, GFM), then the output is the SOURCE TEXT with only the MDX-specific
 * nodes replaced: prose, tables and code blocks are copied from the file as written, so code stays
 * byte for byte and nothing is re-escaped. Replaced: imports/exports (dropped), partials (inlined),
 * `<Tabs>` (one bold label per tab), admonitions (a blockquote naming the kind), `<details>` (bold
 * summary + content), other components (their links as a list, else dropped), heading ids, links.
 */
export interface ConvertContext extends LinkContext {
  /** Root of the site, for `@site/…` imports. */
  readonly siteDir: string;
  /** Path of the docs version being exported (`/`, `/next`): bare links in component props resolve against it. */
  readonly versionPath: string;
  /** Reads a partial; the plugin passes the file system, tests pass a map. */
  readonly readFile: (file: string) => string;
}

interface PageSource {
  readonly file: string;
  readonly source: string;
  readonly title: string;
  readonly description?: string;
}

const ADMONITIONS = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
]);
/**
 * `## Title {#id}` is not valid MDX (`{` opens an expression); Docusaurus escapes it before parsing
 * (mdx1Compat.headingIds). This private-use character takes the place of that `{` so offsets are
 * unchanged; it is removed with the id from headings and turned back into `{` everywhere else.
 */
const HEADING_ID_MARK = '\uE000';
const HEADING_ID = new RegExp(`[ \\t]*${HEADING_ID_MARK}#[^}]*\\}[ \\t]*$`);
/**
 * `:::info Title`, the MDX 1 way of titling an admonition. Docusaurus rewrites it to
 * `:::info[Title]` only when `markdown.mdx1Compat.admonitions` is on (off under future.v4), else the
 * page shows the raw `:::info Title` line. The intent is plain either way, so it is always read as a
 * title here (outside code blocks, unlike Docusaurus' rewrite).
 */
const LEGACY_ADMONITION_TITLE = new RegExp(`^((?:> ?)*(?: +|\\t+)?:{3,}(?:${[...ADMONITIONS].join('|')})) +(\\S.*)$`);

const parser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkDirective)
  .use(remarkGfm);

/** The Markdown of one page: `# Title`, the description as a blockquote, then the body. */
export function pageToMarkdown(page: PageSource, ctx: ConvertContext): string {
  const body = renderFile(page.source, page.file, ctx, [page.file], true);
  const head = [`# ${oneLine(page.title)}`, page.description?.trim() ? `> ${oneLine(page.description)}` : ''];
  return `${[...head, body].filter(Boolean).join('\n\n').replaceAll(HEADING_ID_MARK, '{').trimEnd()}\n`;
}

/** One file being rendered: its text (with heading ids marked), its partial imports, the chain that included it. */
interface Source {
  readonly text: string;
  readonly file: string;
  readonly partials: ReadonlyMap<string, string>;
  readonly chain: readonly string[];
  readonly ctx: ConvertContext;
}

function renderFile(
  text: string,
  file: string,
  ctx: ConvertContext,
  chain: readonly string[],
  isPage: boolean,
): string {
  const marked = mapLines(text.replace(/^(#{1,6}(?!#).*?)\{#/gm, `$1${HEADING_ID_MARK}#`), (line, inCode) =>
    inCode ? line : line.replace(LEGACY_ADMONITION_TITLE, '$1[$2]'),
  );
  let tree: Root;
  try {
    tree = parser.parse(marked);
  } catch (error) {
    throw new Error(`${file}: cannot parse the MDX (${(error as Error).message})`);
  }
  const src: Source = {text: marked, file, chain, ctx, partials: partialImports(tree, file, ctx.siteDir)};
  let children = tree.children.filter((node) => node.type !== 'yaml');
  // The title is written from the page's metadata; a leading `# Title` in the body would repeat it.
  const first = children.find((node) => node.type !== 'mdxjsEsm');
  if (isPage && first?.type === 'heading' && first.depth === 1) children = children.filter((node) => node !== first);
  return blocks(src, children);
}

/** `import Name from './_partial.mdx'` (relative or `@site/…`) → Name → absolute file. */
function partialImports(tree: Root, file: string, siteDir: string): Map<string, string> {
  const partials = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue;
      const from = statement.source.value;
      if (!/\.mdx?$/.test(from)) continue;
      const target = from.startsWith('@site/')
        ? path.join(siteDir, from.slice('@site/'.length))
        : path.resolve(path.dirname(file), from);
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportDefaultSpecifier') partials.set(specifier.local.name, target);
      }
    }
  }
  return partials;
}

/** Block nodes, each starting at column 0, separated by one blank line; empty results disappear. */
function blocks(src: Source, nodes: readonly RootContent[]): string {
  return nodes
    .map((node) => block(src, node))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** Nodes whose Markdown is generated rather than copied from the source. */
function isGenerated(node: Nodes): boolean {
  return (
    node.type === 'mdxjsEsm' ||
    node.type === 'mdxFlowExpression' ||
    node.type === 'mdxJsxFlowElement' ||
    (node.type === 'containerDirective' && ADMONITIONS.has(node.name))
  );
}

/** One block node as Markdown starting at column 0 (indentation and quote markers of its container removed). */
function block(src: Source, node: Nodes): string {
  switch (node.type) {
    case 'mdxjsEsm':
      return '';
    case 'mdxFlowExpression':
      return stringOf(node.data?.estree) ?? '';
    case 'mdxJsxFlowElement':
      return jsxBlock(src, node);
    case 'containerDirective':
      if (ADMONITIONS.has(node.name)) return admonition(src, node);
  }
  return dedent(splice(src, node), continuationPrefix(src, node));
}

/** A node's source text with its descendants converted where they need it. */
function splice(src: Source, node: Nodes): string {
  const [start, end] = offsets(node);
  const raw = src.text.slice(start, end);
  switch (node.type) {
    case 'code': {
      // An SQL variant keeps its fence and gets a label naming its warehouses (plugins/warehouse-sql/markdown.ts).
      const role = node.lang?.toLowerCase() === 'sql' ? sqlRole(node.meta) : null;
      return role?.kind === 'variant'
        ? `${variantLabel(role.warehouses)}\n\n${continuationPrefix(src, node)}${raw}`
        : raw;
    }
    case 'inlineCode':
      return raw;
    case 'heading':
      return spliceChildren(src, node, start, end).replace(HEADING_ID, '');
    case 'link':
      return link(src, node, raw);
    case 'definition':
      return `${raw.slice(0, raw.indexOf(']:') + 2)} ${url(resolveHref(node.url, src.file, src.ctx))}${title(node.title)}`;
    case 'mdxTextExpression':
      return stringOf(node.data?.estree) ?? '';
    case 'mdxJsxTextElement':
      return inlineJsx(src, node);
  }
  return spliceChildren(src, node, start, end);
}

/** Source text from `start` to `end` with each child of `node` in that range replaced by its conversion. */
function spliceChildren(src: Source, node: Nodes, start: number, end: number): string {
  if (!('children' in node)) return src.text.slice(start, end);
  let out = '';
  let cursor = start;
  for (const child of node.children as Nodes[]) {
    const [childStart, childEnd] = offsets(child);
    if (childStart < start || childEnd > end) continue;
    out += src.text.slice(cursor, childStart);
    out += isGenerated(child) ? indent(block(src, child), continuationPrefix(src, child)) : splice(src, child);
    cursor = childEnd;
  }
  return out + src.text.slice(cursor, end);
}

function link(src: Source, node: Extract<Nodes, {type: 'link'}>, raw: string): string {
  const href = resolveHref(node.url, src.file, src.ctx);
  // A bare URL (GFM autolink literal) is already absolute; MDX has no `<https://…>` autolinks.
  if (!raw.startsWith('[')) return raw;
  const [start] = offsets(node);
  const last = node.children.at(-1);
  const labelEnd = src.text.indexOf(']', last ? offsets(last)[1] : start + 1);
  return `[${spliceChildren(src, node, start + 1, labelEnd)}](${url(href)}${title(node.title)})`;
}

function jsxBlock(src: Source, node: MdxJsxFlowElement): string {
  const partial = node.name ? src.partials.get(node.name) : undefined;
  if (partial) return inlinePartial(src, partial);
  switch (node.name) {
    case null:
    case 'Tabs':
      return blocks(src, node.children);
    case 'TabItem':
      return [
        `**${oneLine(attribute(node, 'label') ?? attribute(node, 'value') ?? 'Tab')}**`,
        blocks(src, node.children),
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'details':
      return details(src, node);
    case 'Availability':
      return availability(node);
    case 'RolesTable':
      return rolesTable(node);
    case 'PermissionExplorer':
      return permissionsMarkdown();
    case 'SelfHostBuilder':
      return needsMarkdown();
  }
  const html = htmlElement(src, node);
  if (html !== undefined) return html;
  if (/^[a-z]/.test(node.name)) return blocks(src, node.children);
  // A site component (HomeTiles…): what a reader can use without it is where it links to.
  const list = propLinks(node)
    .map(
      (l) =>
        `- [${oneLine(l.label)}](${url(componentHref(src, l.href))})${l.description ? `: ${oneLine(l.description)}` : ''}`,
    )
    .join('\n');
  return [list, blocks(src, node.children)].filter(Boolean).join('\n\n');
}

/** A permission table of the roles page, from the same data as the component (src/lib/adminTools/rolesTables.ts). */
function rolesTable(node: MdxJsxFlowElement): string {
  const name = attribute(node, 'table');
  if (!name || !(name in ROLES_PAGE_TABLES))
    throw new Error(`<RolesTable table="${name}"> names no table of rolesTables.ts`);
  return rolesTableMarkdown(name as RolesTableName);
}

/** The availability note, as the page shows it: a quoted line with its label. */
function availability(node: MdxJsxFlowElement): string {
  const key = attribute(node, 'of');
  if (!key || !(key in AVAILABILITY)) throw new Error(`<Availability of="${key}"> names no entry of availability.ts`);
  return `> **Available on** ${AVAILABILITY[key as AvailabilityKey]}`;
}

/** Links in component props follow `<Link to>` in a docs version: a bare path is relative to the version's root. */
function componentHref(src: Source, href: string): string {
  if (/^[\w-][^:]*$/.test(href) && !href.startsWith('.')) {
    return `${src.ctx.siteUrl}${src.ctx.versionPath.replace(/\/?$/, '/')}${href}`;
  }
  return resolveHref(href, src.file, src.ctx);
}

function inlineJsx(src: Source, node: MdxJsxTextElement): string {
  const html = htmlElement(src, node);
  if (html !== undefined) return html;
  return inlineChildren(src, node);
}

/** The converted text between a node's first and last child (a tag's or a label's content), trimmed. */
function inlineChildren(src: Source, node: Nodes): string {
  const children = 'children' in node ? (node.children as Nodes[]) : [];
  const first = children[0];
  const last = children.at(-1);
  if (!first || !last) return '';
  return spliceChildren(src, node, offsets(first)[0], offsets(last)[1]).trim();
}

/** HTML elements with a Markdown equivalent; undefined for the others. */
function htmlElement(src: Source, node: MdxJsxFlowElement | MdxJsxTextElement): string | undefined {
  const href = (name: string) => {
    const value = attribute(node, name);
    return value ? url(resolveHref(value, src.file, src.ctx)) : '';
  };
  switch (node.name) {
    case 'br':
      return ' ';
    case 'hr':
      return '---';
    case 'code':
    case 'kbd':
      return `\`${inlineChildren(src, node)}\``;
    case 'a':
      return `[${inlineChildren(src, node) || attribute(node, 'href')}](${href('href')})`;
    case 'img':
      return `![${attribute(node, 'alt') ?? ''}](${href('src')})`;
    case 'iframe':
      return `[${attribute(node, 'title') ?? 'Embedded content'}](${href('src')})`;
  }
  return undefined;
}

function details(src: Source, node: MdxJsxFlowElement): string {
  let summary = '';
  const rest: RootContent[] = [];
  for (const child of node.children) {
    const text = summary ? undefined : summaryText(src, child);
    if (text !== undefined) summary = text;
    else rest.push(child);
  }
  return [summary ? `**${oneLine(summary)}**` : '', blocks(src, rest)].filter(Boolean).join('\n\n');
}

/** `<summary>` on its own line, or alone in a paragraph (how MDX parses `<summary>X</summary>` in text). */
function summaryText(src: Source, node: RootContent): string | undefined {
  if (node.type === 'mdxJsxFlowElement' && node.name === 'summary') return inlineChildren(src, node);
  if (node.type !== 'paragraph') return undefined;
  const parts = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  const only = parts[0];
  if (parts.length === 1 && only.type === 'mdxJsxTextElement' && only.name === 'summary')
    return inlineChildren(src, only);
  return undefined;
}

function admonition(src: Source, node: ContainerDirective): string {
  const [first, ...rest] = node.children;
  const labelled = first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const label = labelled ? inlineChildren(src, first) : '';
  const kind = node.name.charAt(0).toUpperCase() + node.name.slice(1);
  const head = `**${label ? `${kind}: ${oneLine(label)}` : kind}**`;
  const body = blocks(src, labelled ? rest : node.children);
  return [head, body]
    .filter(Boolean)
    .join('\n\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function inlinePartial(src: Source, file: string): string {
  if (src.chain.includes(file)) throw new Error(`Partial import cycle: ${[...src.chain, file].join(' → ')}`);
  let text: string;
  try {
    text = src.ctx.readFile(file);
  } catch (error) {
    throw new Error(`${src.file}: cannot read the partial ${file} (${(error as Error).message})`);
  }
  return renderFile(text, file, src.ctx, [...src.chain, file], false);
}

// ---- Source positions and indentation -------------------------------------------------------

function offsets(node: Nodes): [number, number] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) throw new Error(`A ${node.type} node has no source position`);
  return [start, end];
}

/**
 * What the source puts before each continuation line of a block: the indentation of a list item
 * (its marker turned into spaces) and the `>` of enclosing blockquotes. Anything else before the
 * block on its first line (say a JSX tag) says nothing about the next lines: only leading spaces count.
 */
function continuationPrefix(src: Source, node: Nodes): string {
  const [start] = offsets(node);
  const before = src.text.slice(src.text.lastIndexOf('\n', start - 1) + 1, start);
  if (/^(?:[ \t>]|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))*$/.test(before)) return before.replace(/[^\s>]/g, ' ');
  return /^[ \t]*/.exec(before)?.[0] ?? '';
}

function dedent(text: string, prefix: string): string {
  if (!prefix) return text;
  const bare = prefix.trimEnd();
  return text
    .split('\n')
    .map((line, i) => {
      if (i === 0) return line;
      if (line.startsWith(prefix)) return line.slice(prefix.length);
      if (bare && line.trimEnd() === bare) return '';
      return line.replace(new RegExp(`^[ \\t]{0,${prefix.length}}`), '');
    })
    .join('\n');
}

function indent(text: string, prefix: string): string {
  if (!prefix) return text;
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : line ? prefix + line : prefix.trimEnd()))
    .join('\n');
}

// ---- Small text helpers -------------------------------------------------------------------

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A link destination, in angle brackets when it holds characters that would end it early. */
function url(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
}

function title(value: string | null | undefined): string {
  return value ? ` "${value.replace(/"/g, '\\"')}"` : '';
}
