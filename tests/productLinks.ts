import fs from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {readPage} from './support/mdx';
import {RELEASED_DOCS_DIR} from '../src/lib/releasedVersion.mjs';

/**
 * The docs URLs the released Lightdash prints (tests/fixtures/product-links.yaml) and the two ways of following one: in
 * the production build (HTML files, redirect pages, element ids) and in the sources (MDX pages,
 * plugins/redirects/rules.ts), so the sources can be checked before a rebuild.
 */
export interface ProductLink {
  readonly url: string;
  readonly from: readonly {repo: string; path: string; line: number; note?: string; commit?: string}[];
  readonly oldSection?: string;
  /** Route the reader must end on. */
  readonly page?: string;
  /** Id of our section the fragment must land in. */
  readonly section?: string;
  /** A static file instead of a page, relative to the site folder (static/…). */
  readonly file?: string;
  /** Set when only versions after the released one print the URL: the evidence. */
  readonly later?: string;
}

const siteDir = path.resolve(__dirname, '..');

export function productLinks(): ProductLink[] {
  const fixture = parseYaml(fs.readFileSync(path.join(__dirname, 'fixtures/product-links.yaml'), 'utf8')) as {
    links: ProductLink[];
  };
  return fixture.links;
}

/** Path (without trailing slash, except the root) and decoded fragment of a docs.lightdash.com URL. */
export function urlParts(url: string): {path: string; hash: string | undefined} {
  const parsed = new URL(url);
  if (parsed.host !== 'docs.lightdash.com') throw new Error(`${url}: not a docs.lightdash.com URL`);
  const trimmed = parsed.pathname.replace(/\/+$/, '');
  const hash = parsed.hash ? decodeURIComponent(parsed.hash.slice(1)) : undefined;
  return {path: trimmed === '' ? '/' : trimmed, hash: hash === '' ? undefined : hash};
}

/** A heading, or an element carrying an id, in document order. */
interface Mark {
  readonly kind: 'heading' | 'anchor';
  readonly id: string;
  /** Heading level (1–6); 0 for an anchor. */
  readonly level: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The section ids an element with `id` lies in, innermost first (its heading, then the headings above it), or
 * undefined when no element has the id. An id placed just before a heading, with no text in between, belongs to
 * that heading's section: that is where `<Anchor id="old-id" />` goes when an old id names a whole section.
 * `[]` means the top of the page, above the first heading.
 */
export function sectionsOf(marks: readonly Mark[], textBetween: (from: number, to: number) => string, id: string) {
  const index = marks.findIndex((m) => m.id === id);
  if (index === -1) return undefined;
  let current = index;
  if (marks[index].kind === 'anchor') {
    const next = marks.findIndex((m, i) => i > index && m.kind === 'heading');
    let previous = index - 1;
    while (previous >= 0 && marks[previous].kind !== 'heading') previous--;
    if (next !== -1 && textBetween(marks[index].end, marks[next].start).trim() === '') current = next;
    else current = previous;
  }
  const chain: string[] = [];
  let level = 7;
  for (let i = current; i >= 0; i--) {
    const mark = marks[i];
    if (mark.kind === 'heading' && mark.level < level) {
      chain.push(mark.id);
      level = mark.level;
    }
  }
  return chain;
}

// ---------------------------------------------------------------------------------------------------------------
// The production build

const ID_ATTRIBUTE = /\sid=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/;

/** Headings with ids and other elements with ids, from a built page. */
export function htmlMarks(html: string): Mark[] {
  const marks: Mark[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)(\s[^>]*)?>/g)) {
    const idMatch = ID_ATTRIBUTE.exec(tag[2] ?? '');
    if (!idMatch) continue;
    const id = idMatch[1] ?? idMatch[2] ?? idMatch[3];
    const heading = /^h([1-6])$/i.exec(tag[1]);
    marks.push({
      kind: heading ? 'heading' : 'anchor',
      id,
      level: heading ? Number(heading[1]) : 0,
      start: tag.index,
      // An empty element ends at its closing tag; the text check after it must not see the tag itself.
      end:
        tag.index +
        tag[0].length +
        (html.startsWith(`</${tag[1]}>`, tag.index + tag[0].length) ? tag[1].length + 3 : 0),
    });
  }
  return marks;
}

const htmlText = (html: string) => (from: number, to: number) => html.slice(from, to).replace(/<[^>]*>/g, '');

export type BuildLanding =
  | {kind: 'page'; route: string; html: string; hops: string[]}
  | {kind: 'file'; file: string}
  | {kind: 'missing'; tried: string};

/** Follows a path through the build as a static host and the redirect pages would, up to five redirects. */
export function landInBuild(buildDir: string, urlPath: string): BuildLanding {
  const hops: string[] = [];
  let route = urlPath;
  for (let hop = 0; hop < 6; hop++) {
    const relative = route === '/' ? '' : route.slice(1);
    const candidates = [path.join(relative, 'index.html'), `${relative}.html`];
    const htmlFile = candidates.map((c) => path.join(buildDir, c)).find((f) => fs.existsSync(f));
    if (!htmlFile) {
      const file = path.join(buildDir, relative);
      if (relative && fs.existsSync(file) && fs.statSync(file).isFile()) return {kind: 'file', file};
      return {kind: 'missing', tried: route};
    }
    const html = fs.readFileSync(htmlFile, 'utf8');
    // plugin-client-redirects writes a page with a meta refresh; its script keeps the #fragment.
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(html);
    if (!refresh) return {kind: 'page', route, html, hops};
    hops.push(route);
    route = new URL(refresh[1], `https://docs.lightdash.com${route}`).pathname.replace(/(.)\/+$/, '$1');
  }
  throw new Error(`${urlPath}: more than five redirects`);
}

/** Where a product link lands in the build, and whether that is the page and section the fixture names. */
export function checkInBuild(buildDir: string, link: ProductLink): string[] {
  const {path: urlPath, hash} = urlParts(link.url);
  const landing = landInBuild(buildDir, urlPath);
  if (link.file) return landing.kind === 'file' ? [] : [`${link.url}: no file ${urlPath} in the build`];
  if (landing.kind !== 'page') return [`${link.url}: 404 (no page or redirect at ${urlPath})`];
  const problems: string[] = [];
  if (landing.route !== link.page) problems.push(`${link.url}: lands on ${landing.route}, not ${link.page}`);
  if (!/<h1[\s>]/.test(landing.html)) problems.push(`${link.url}: ${landing.route} has no h1 (not a docs page)`);
  if (hash) {
    const marks = htmlMarks(landing.html);
    const chain = sectionsOf(marks, htmlText(landing.html), hash);
    if (!chain) problems.push(`${link.url}: ${landing.route} has no element with id "${hash}"`);
    // Two elements with one id: invalid HTML (axe's duplicate-id) and the browser picks the first.
    else if (marks.filter((m) => m.id === hash).length > 1) problems.push(`${link.url}: id "${hash}" is not unique`);
    else if (link.section && !chain.includes(link.section))
      problems.push(`${link.url}: #${hash} is in section ${chain[0] ?? '(page top)'}, not ${link.section}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The sources

/** The MDX file of a route in the released version (or in Next for /next/…), if the route is a page of its own. */
export function mdxFileOf(route: string): string | undefined {
  const [dir, rest] = route.startsWith('/next/') ? ['docs', route.slice('/next'.length)] : [RELEASED_DOCS_DIR, route];
  const base = path.join(siteDir, dir, rest === '/' ? 'index' : rest);
  return [`${base}.mdx`, `${base}.md`, path.join(base, 'index.mdx')].find((f) => fs.existsSync(f));
}

/** Headings with `{#id}` and `<Anchor id="…" />` (or any JSX/HTML element with an id) of an MDX body. */
export function mdxMarks(body: string): Mark[] {
  // Code blocks hold `#` comments and example ids that are not on the page as elements.
  const text = body.replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, (block) =>
    ' '.repeat(block.length),
  );
  const marks: Mark[] = [];
  for (const m of text.matchAll(/^(#{1,6})[ \t]+.*?\{#([\w-]+)\}[ \t]*$/gm)) {
    marks.push({kind: 'heading', id: m[2], level: m[1].length, start: m.index, end: m.index + m[0].length});
  }
  for (const m of text.matchAll(/<[A-Za-z][\w.]*\s[^>]*?\bid=["']([^"']+)["'][^>]*>/g)) {
    marks.push({kind: 'anchor', id: m[1], level: 0, start: m.index, end: m.index + m[0].length});
  }
  return marks.sort((a, b) => a.start - b.start);
}

/** Text between two places of an MDX body, without JSX tags (other anchors next to one are not text). */
const mdxText = (body: string) => (from: number, to: number) => body.slice(from, to).replace(/<[^>]*>/g, '');

/** Old path → new path of plugins/redirects/rules.ts, followed to the end. */
export function followRedirects(table: readonly {from: string; to: string}[], route: string): string {
  const map = new Map(table.map((r) => [r.from, r.to]));
  let current = route;
  for (let hop = 0; hop < 6 && map.has(current); hop++) current = map.get(current)!;
  return current;
}

/**
 * The same check on the sources: the URL's path is the page or redirects to it (plugins/redirects/rules.ts), the page
 * has a source (or is a generated category page), and the fragment is an id in its MDX, inside the expected section.
 */
export function checkInSources(
  link: ProductLink,
  redirectTable: readonly {from: string; to: string}[],
  generatedRoutes: ReadonlySet<string>,
): string[] {
  const {path: urlPath, hash} = urlParts(link.url);
  if (link.file) {
    return fs.existsSync(path.join(siteDir, link.file)) && `/${link.file.replace(/^static\//, '')}` === urlPath
      ? []
      : [`${link.url}: ${link.file} is missing or is not the file at ${urlPath}`];
  }
  const route = followRedirects(redirectTable, urlPath);
  if (route !== link.page) return [`${link.url}: the sources lead to ${route}, not ${link.page}`];
  const file = mdxFileOf(route);
  if (!file) return generatedRoutes.has(route) && !hash ? [] : [`${link.url}: no MDX page for ${route}`];
  if (!hash) return [];
  const {body} = readPage(file);
  const marks = mdxMarks(body);
  if (marks.filter((m) => m.id === hash).length > 1) return [`${link.url}: id "${hash}" is given twice in ${file}`];
  const chain = sectionsOf(marks, mdxText(body), hash);
  if (!chain)
    return [`${link.url}: ${path.relative(siteDir, file)} has no heading {#${hash}} or <Anchor id="${hash}" />`];
  if (link.section && !chain.includes(link.section))
    return [
      `${link.url}: #${hash} is in section ${chain[0] ?? '(page top)'} of ${path.relative(siteDir, file)}, not ${link.section}`,
    ];
  return [];
}
