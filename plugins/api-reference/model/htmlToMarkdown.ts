/**
 * The page models carry descriptions as HTML (micromark's output, see ./markdown.ts); the Markdown twins of the API
 * pages (./markdownPages.ts) turn that HTML back into Markdown. micromark writes a small, regular set of elements
 * (raw HTML in the contract is escaped, so no other tag can appear), which is all this reads: paragraphs, headings,
 * emphasis, code, links, images, lists, block quotes, rules, line breaks and GFM tables, strikethrough and task items.
 */

interface Element {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br', 'hr', 'img', 'input']);

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
    attributes[name.toLowerCase()] = decodeEntities(value ?? '');
  }
  return attributes;
}

/** A tree of the HTML: elements and text (entities decoded). */
function parse(html: string): Element {
  const root: Element = {tag: '#root', attributes: {}, children: []};
  const stack: Element[] = [root];
  const top = () => stack[stack.length - 1];
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)(\/?)>/g;
  let last = 0;
  for (const match of html.matchAll(tagPattern)) {
    if (match.index > last) top().children.push(decodeEntities(html.slice(last, match.index)));
    last = match.index + match[0].length;
    const [, closing, rawTag, attributeText] = match;
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const element: Element = {tag, attributes: parseAttributes(attributeText), children: []};
    top().children.push(element);
    if (!VOID.has(tag) && !match[4]) stack.push(element);
  }
  if (last < html.length) top().children.push(decodeEntities(html.slice(last)));
  return root;
}

const textOf = (node: Node): string => (typeof node === 'string' ? node : node.children.map(textOf).join(''));

/** Text in Markdown prose: the characters that would start markup are escaped. */
export const escapeText = (text: string) => text.replace(/([\\`*_[\]<])/g, '\\$1');

/** An inline code span whose fence is longer than any run of backticks inside. */
export function codeSpan(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

export interface HtmlToMarkdownOptions {
  /** Makes a link or image address absolute (the twins' links must resolve from anywhere). */
  readonly resolveUrl?: (url: string) => string;
}

function inline(nodes: readonly Node[], options: HtmlToMarkdownOptions): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeText(node.replace(/\s+/g, ' '));
      const inner = () => inline(node.children, options);
      const url = (value: string | undefined) =>
        (value && options.resolveUrl ? options.resolveUrl(value) : value) ?? '';
      switch (node.tag) {
        case 'strong':
        case 'b':
          return `**${inner()}**`;
        case 'em':
        case 'i':
          return `*${inner()}*`;
        case 'del':
          return `~~${inner()}~~`;
        case 'code':
          return codeSpan(textOf(node));
        case 'a':
          return `[${inner()}](${url(node.attributes.href)})`;
        case 'img':
          return `![${escapeText(node.attributes.alt ?? '')}](${url(node.attributes.src)})`;
        case 'br':
          return '\\\n';
        case 'input':
          return node.attributes.checked !== undefined ? '[x] ' : '[ ] ';
        default:
          return inner();
      }
    })
    .join('');
}

const BLOCK = new Set(['p', 'ul', 'ol', 'pre', 'blockquote', 'table', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function table(node: Element, options: HtmlToMarkdownOptions): string {
  const rows: {cells: string[]; header: boolean; align: string[]}[] = [];
  const walk = (element: Element) => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.tag === 'tr') {
        const cells = child.children.filter((c): c is Element => typeof c !== 'string');
        rows.push({
          cells: cells.map((c) => inline(c.children, options).trim().replace(/\|/g, '\\|')),
          header: cells.some((c) => c.tag === 'th'),
          align: cells.map((c) => c.attributes.align ?? ''),
        });
      } else walk(child);
    }
  };
  walk(node);
  if (rows.length === 0) return '';
  const [head, ...body] = rows[0].header
    ? rows
    : [{cells: rows[0].cells.map(() => ''), header: true, align: []}, ...rows];
  const rule = head.cells.map((_, i) => {
    const align = head.align[i];
    return align === 'center' ? ':---:' : align === 'right' ? '---:' : align === 'left' ? ':---' : '---';
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head.cells), line(rule), ...body.map((row) => line(row.cells))].join('\n');
}

function blocks(nodes: readonly Node[], options: HtmlToMarkdownOptions): string {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const text = inline(run, options).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCK.has(node.tag)) {
      run.push(node);
      continue;
    }
    flush();
    out.push(block(node, options));
  }
  flush();
  return out.filter(Boolean).join('\n\n');
}

function list(node: Element, options: HtmlToMarkdownOptions): string {
  const ordered = node.tag === 'ol';
  let number = Number(node.attributes.start ?? 1) || 1;
  return node.children
    .filter((c): c is Element => typeof c !== 'string' && c.tag === 'li')
    .map((item) => {
      const marker = ordered ? `${number++}. ` : '- ';
      const body = blocks(item.children, options);
      return (
        marker +
        body
          .split('\n')
          .join(`\n${' '.repeat(marker.length)}`)
          .replace(/\n +\n/g, '\n\n')
      );
    })
    .join('\n');
}

function block(node: Element, options: HtmlToMarkdownOptions): string {
  switch (node.tag) {
    case 'p':
      return inline(node.children, options).trim();
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `${'#'.repeat(Number(node.tag[1]))} ${inline(node.children, options).trim()}`;
    case 'hr':
      return '---';
    case 'ul':
    case 'ol':
      return list(node, options);
    case 'blockquote':
      return blocks(node.children, options)
        .split('\n')
        .map((l) => (l ? `> ${l}` : '>'))
        .join('\n');
    case 'pre': {
      const code = node.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
      const language = /language-(\S+)/.exec(code?.attributes.class ?? '')?.[1] ?? '';
      return fencedCode(textOf(code ?? node).replace(/\n$/, ''), language);
    }
    case 'table':
      return table(node, options);
    default:
      return blocks(node.children, options);
  }
}

/** A fenced code block whose fence is longer than any run of backticks in the code. */
export function fencedCode(code: string, language = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

/** Markdown for micromark's HTML (block content: paragraphs, lists...). */
export function htmlToMarkdown(html: string | undefined, options: HtmlToMarkdownOptions = {}): string {
  if (!html?.trim()) return '';
  return blocks(parse(html).children, options).trim();
}
