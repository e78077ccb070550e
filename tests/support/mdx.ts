/**
 * The docs pages as the tests read them: the docs walker (both versions, or one), a page's source with its
 * partials inlined (`readPage`), its code blocks, prose and headings, and the one MDX parse (`parseMdx`) for
 * tests that need the syntax tree Docusaurus builds from.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {parse as parseYaml} from 'yaml';
import {RELEASED_DOCS_DIR as RELEASED_DOCS_FOLDER} from '../../src/lib/releasedVersion.mjs';
import {filesUnder} from './files';
import {ROOT} from './build';

/** The Next docs' folder (`/next/`). */
export const NEXT_DOCS_DIR = path.join(ROOT, 'docs');
/** The released version's docs folder (served at the root). */
export const RELEASED_DOCS_DIR = path.join(ROOT, RELEASED_DOCS_FOLDER);

/** One docs page, read from its MDX source with its imported partials inlined. */
export interface Page {
  readonly file: string;
  readonly frontMatter: Record<string, unknown>;
  /** Body with imports removed and `<Partial />` replaced by the partial's body. */
  readonly body: string;
}

export interface CodeBlock {
  readonly lang: string;
  readonly meta: string;
  readonly code: string;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const IMPORT = /^import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"];?\s*$/gm;

export function readPage(file: string, seen: ReadonlySet<string> = new Set()): Page {
  const source = fs.readFileSync(file, 'utf8');
  const fm = FRONT_MATTER.exec(source);
  let body = fm ? source.slice(fm[0].length) : source;
  const partials = new Map<string, string>();
  for (const [, name, rel] of body.matchAll(IMPORT)) partials.set(name, path.resolve(path.dirname(file), rel));
  body = body.replace(/^import\s.+$/gm, '');
  for (const [name, partialFile] of partials) {
    if (seen.has(partialFile)) throw new Error(`${file}: partial import cycle through ${partialFile}`);
    const partial = readPage(partialFile, new Set([...seen, file])).body;
    body = body.replace(new RegExp(`<${name}\\s*/>`, 'g'), () => partial);
  }
  return {file, frontMatter: fm ? (parseYaml(fm[1]) ?? {}) : {}, body};
}

/** Fenced code blocks (``` or ~~~, any indentation, e.g. inside tabs or lists). */
export function codeBlocks(body: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const re = /^([ \t]*)(`{3,}|~{3,})([\w+-]*)([^\n]*)\n([\s\S]*?)\n\1\2[ \t]*$/gm;
  for (const m of body.matchAll(re)) {
    const indent = m[1];
    const code = m[5]
      .split('\n')
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n');
    blocks.push({lang: m[3].toLowerCase(), meta: m[4].trim(), code});
  }
  return blocks;
}

/** Words of prose: no code, no tables, no JSX/HTML tags, no link targets, no heading ids. */
export function proseWords(body: string): number {
  const text = body
    .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, ' ')
    .split('\n')
    .filter((line) => !/^\s*\|/.test(line))
    .join('\n')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\{#[\w-]+\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ');
  return (text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).length;
}

/** Every `.md`/`.mdx` file under `dir` (snippets included), absolute paths. */
export function listMdx(dir: string): string[] {
  return filesUnder(dir, (name) => /\.mdx?$/.test(name));
}

/** Every `.md`/`.mdx` file of the Next docs (`docs/`) and of every released version (`versioned_docs/`). */
export function docsFiles(): string[] {
  return [NEXT_DOCS_DIR, path.join(ROOT, 'versioned_docs')].flatMap((dir) => listMdx(dir));
}

const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkDirective).use(remarkGfm);

/**
 * A docs file parsed as Docusaurus parses it: front matter, MDX, directives (admonitions), GFM; heading ids
 * (`## A {#a}`) are taken out first, as Docusaurus's mdx1Compat does, since MDX would read them as expressions.
 * Lines keep their numbers.
 */
export function parseMdx(text: string): Root {
  return mdx.parse(text.replace(/^(#{1,6}(?!#).*?)\{#[^}]*\}/gm, '$1')) as Root;
}

/** Variables a reference page documents: the first cell of its table rows, such as "| `SITE_URL` | … |". */
export function documentedVariables(body: string): Set<string> {
  const names = new Set<string>();
  for (const m of body.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)) names.add(m[1]);
  return names;
}

export interface Heading {
  readonly level: number;
  readonly text: string;
  readonly id: string | undefined;
  /** Offsets in the source: where the heading line starts, and where its section ends. */
  readonly start: number;
  readonly end: number;
}

/** `##`–`######` headings outside code fences, each with the extent of its section. */
export function headings(source: string): Heading[] {
  const found: {level: number; text: string; id: string | undefined; start: number}[] = [];
  let fence: string | undefined;
  let offset = 0;
  for (const line of source.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    else if (!fence) {
      const m = /^(#{2,6})\s+(.+?)\s*$/.exec(line);
      if (m) {
        const id = /\s*\{#([\w-]+)\}$/.exec(m[2]);
        found.push({
          level: m[1].length,
          text: id ? m[2].slice(0, id.index) : m[2],
          id: id?.[1],
          start: offset,
        });
      }
    }
    offset += line.length + 1;
  }
  return found.map((h, i) => {
    const next = found.slice(i + 1).find((o) => o.level <= h.level);
    return {...h, end: next ? next.start : source.length};
  });
}
