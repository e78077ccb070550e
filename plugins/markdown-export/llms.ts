import {markdownPathFor} from './markdownPath';

/** One page of a docs version, with its Markdown. */
export interface ExportedPage {
  readonly title: string;
  readonly description: string;
  readonly permalink: string;
  readonly markdown: string;
}

/** The parts of a loaded sidebar item that matter here (see @docusaurus/plugin-content-docs' sidebar types). */
export type SidebarItem =
  | {readonly type: 'doc' | 'ref'; readonly id: string; readonly label?: string}
  | {readonly type: 'link'; readonly href: string; readonly label: string}
  | {readonly type: 'html'}
  | {
      readonly type: 'category';
      readonly label: string;
      readonly items: readonly SidebarItem[];
      readonly link?:
        {readonly type: 'doc'; readonly id: string} | {readonly type: 'generated-index'; readonly permalink: string};
    };
export type CategoryItem = Extract<SidebarItem, {type: 'category'}>;

/** Finds the exported page of a doc id or of a generated index's permalink. */
export interface PageLookup {
  readonly doc: (id: string) => ExportedPage | undefined;
  readonly index: (permalink: string) => ExportedPage | undefined;
}

export interface Section {
  readonly title: string;
  readonly pages: readonly ExportedPage[];
}

/** A link line of llms.txt and of generated index pages: `- [Title](url): description`. */
export interface LinkLine {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
}

/** Titles of the llms.txt sections that are not sidebar categories. */
export const OVERVIEW = 'Overview';
export const UNLISTED = 'More pages';

/** The page a sidebar item opens (a doc, or a category's landing doc or generated index). */
function pageOf(item: SidebarItem, lookup: PageLookup): ExportedPage | undefined {
  if (item.type === 'doc' || item.type === 'ref') return lookup.doc(item.id);
  if (item.type !== 'category' || !item.link) return undefined;
  return item.link.type === 'doc' ? lookup.doc(item.link.id) : lookup.index(item.link.permalink);
}

/** Every page under a sidebar item, in sidebar order. */
function pagesUnder(item: SidebarItem, lookup: PageLookup): ExportedPage[] {
  const own = pageOf(item, lookup);
  const children = item.type === 'category' ? item.items.flatMap((child) => pagesUnder(child, lookup)) : [];
  return [...(own ? [own] : []), ...children];
}

/**
 * The sidebar's top categories as sections, in order. Top-level docs (the home page, contact) open
 * the list as "Overview"; pages no sidebar lists (but that are not unlisted) close it as "More pages".
 */
export function sidebarSections(
  sidebar: readonly SidebarItem[],
  lookup: PageLookup,
  allPages: readonly ExportedPage[],
): Section[] {
  const overview: ExportedPage[] = [];
  const sections: Section[] = [];
  for (const item of sidebar) {
    if (item.type === 'category') sections.push({title: item.label, pages: pagesUnder(item, lookup)});
    else overview.push(...pagesUnder(item, lookup));
  }
  const listed = new Set([...overview, ...sections.flatMap((s) => s.pages)].map((p) => p.permalink));
  const unlisted = allPages.filter((p) => !listed.has(p.permalink));
  return [{title: OVERVIEW, pages: overview}, ...sections, {title: UNLISTED, pages: unlisted}].filter(
    (s) => s.pages.length > 0,
  );
}

function linkLine({title, url, description}: LinkLine): string {
  const text = description?.replace(/\s+/g, ' ').trim();
  return `- [${title.replace(/\s+/g, ' ').trim()}](${url})${text ? `: ${text}` : ''}`;
}

/** The Markdown of a generated index (category landing page): its title, description and children. */
export function generatedIndexMarkdown(
  page: {readonly title: string; readonly description: string},
  category: CategoryItem,
  lookup: PageLookup,
  siteUrl: string,
): string {
  const lines = (items: readonly SidebarItem[], depth: number): string[] =>
    items.flatMap((item) => {
      const pad = '  '.repeat(depth);
      if (item.type === 'link') return [pad + linkLine({title: item.label, url: item.href})];
      if (item.type === 'html') return [];
      const target = pageOf(item, lookup);
      if (target) {
        const title = item.type === 'category' ? item.label : target.title;
        return [pad + linkLine({title, url: siteUrl + target.permalink, description: target.description})];
      }
      // A category without a page of its own: its label, then its children one level deeper.
      return item.type === 'category' ? [`${pad}- ${item.label}`, ...lines(item.items, depth + 1)] : [];
    });
  const head = [`# ${page.title}`, page.description ? `> ${page.description.replace(/\s+/g, ' ').trim()}` : ''];
  return `${[...head, lines(category.items, 0).join('\n')].filter(Boolean).join('\n\n')}\n`;
}

interface LlmsTxt {
  readonly title: string;
  readonly summary: string;
  readonly details: string;
  readonly sections: readonly Section[];
  /** Extra sections after the pages, such as API and Optional. */
  readonly extra: readonly {readonly title: string; readonly links: readonly LinkLine[]}[];
  readonly siteUrl: string;
}

/** llms.txt as llmstxt.org describes it: H1, blockquote summary, details, then H2 sections of link lists. */
export function llmsTxt(input: LlmsTxt): string {
  const sections = input.sections.map((section) => ({
    title: section.title,
    links: section.pages.map((p) => ({
      title: p.title,
      url: input.siteUrl + markdownPathFor(p.permalink),
      description: p.description,
    })),
  }));
  const body = [...sections, ...input.extra]
    .filter((s) => s.links.length > 0)
    .map((s) => `## ${s.title}\n\n${s.links.map(linkLine).join('\n')}`);
  return `${[`# ${input.title}`, `> ${input.summary}`, input.details, ...body].join('\n\n')}\n`;
}

/**
 * llms-full.txt: every page's Markdown in sidebar order. Each page starts with its own `# Title`,
 * followed by a `Source:` line with the page's URL, so a reader (or model) can cite it. `details`
 * (the instructions for agents) comes once, after the summary.
 */
export function llmsFullTxt(
  input: Pick<LlmsTxt, 'title' | 'summary' | 'sections' | 'siteUrl'> & {readonly details?: string},
): string {
  const seen = new Set<string>();
  const pages = input.sections.flatMap((s) => s.pages).filter((p) => !seen.has(p.permalink) && seen.add(p.permalink));
  const parts = pages.map((p) => {
    const [heading, ...rest] = p.markdown.trimEnd().split('\n');
    return [heading, `Source: ${input.siteUrl}${p.permalink}`, ...rest].join('\n');
  });
  const head = [`# ${input.title}`, `> ${input.summary}`, ...(input.details ? [input.details] : [])];
  return `${[...head, ...parts].join('\n\n')}\n`;
}
