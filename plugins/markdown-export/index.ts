import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {agentInstructions, pageDirective, skillMd, withDirective, type AgentVersion} from './agents';
import {pageToMarkdown} from './convert';
import {
  generatedIndexMarkdown,
  llmsFullTxt,
  llmsTxt,
  OVERVIEW,
  sidebarSections,
  UNLISTED,
  type CategoryItem,
  type ExportedPage,
  type LinkLine,
  type PageLookup,
  type Section,
  type SidebarItem,
} from './llms';
import {markdownPathFor} from './markdownPath';
import {apiMarkdownPages, type ApiMarkdownPage, type ApiReference} from '../api-reference';

/** One docs version, exported. */
interface VersionExport {
  readonly version: LoadedVersion;
  readonly pages: readonly ExportedPage[];
  readonly sections: readonly Section[];
}

const TITLE = 'Lightdash documentation';

/**
 * AI-ready Markdown (issue 11): after the build, a `.md` next to every docs page of every version
 * (converted from its MDX source, see convert.ts), plus `llms.txt` and `llms-full.txt` for the
 * released version at the root and for every other version under its path. See README.md.
 */
export default function markdownExportPlugin(context: LoadContext): Plugin {
  let versions: readonly LoadedVersion[] = [];
  let apiOverview: string | undefined;
  let api: ApiReference | undefined;

  return {
    name: 'markdown-export',

    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      versions = docs?.loadedVersions ?? [];
      api = allContent['api-reference']?.default as ApiReference | undefined;
      apiOverview = api?.overview?.permalink;
    },

    async postBuild({outDir, siteConfig}) {
      const siteUrl = siteConfig.url.replace(/\/+$/, '');
      const exported = versions.map((version) => exportVersion(version, context.siteDir, siteUrl));
      const target = (permalink: string) => path.join(outDir, permalink.slice(siteConfig.baseUrl.length));
      // Every .md starts with the directive for agents (issue 36); llms-full.txt carries the same
      // instructions once, at its top, and the pages without it.
      const writes: [string, string][] = exported.flatMap((v) => {
        const directive = pageDirective(agentVersion(v.version, siteUrl), siteUrl);
        return v.pages.map((page): [string, string] => [
          target(markdownPathFor(page.permalink)),
          withDirective(page.markdown, directive),
        ]);
      });
      // The API reference's pages get twins too (issue 48), with the released version's directive, and their own
      // llms.txt under the reference, which the root llms.txt links (a nested index, as llmstxt.org allows).
      const released = exported.find((v) => v.version.isLast);
      const apiPages = api ? apiMarkdownPages(api, siteUrl) : [];
      if (released && apiOverview) {
        const directive = pageDirective(agentVersion(released.version, siteUrl), siteUrl);
        for (const page of apiPages)
          writes.push([target(markdownPathFor(page.permalink)), withDirective(page.markdown, directive)]);
        writes.push([target(`${apiOverview}llms.txt`), apiLlmsTxt(apiPages, siteUrl, apiOverview)]);
      }
      for (const v of exported) {
        // The released llms.txt points to the other versions' files; theirs stand alone.
        const others = v.version.isLast ? exported.filter((o) => o !== v) : [];
        const files = llmsFiles(v, others, siteUrl, siteConfig.tagline, apiOverview, v.version.isLast ? apiPages : []);
        const root = v.version.path.replace(/\/?$/, '/');
        writes.push([target(`${root}llms.txt`), files.index], [target(`${root}llms-full.txt`), files.full]);
      }
      if (released) {
        const skill = skillMd({
          siteUrl,
          versions: [released, ...exported.filter((v) => v !== released)].map((v) => agentVersion(v.version, siteUrl)),
          sections: released.sections.map((s) => s.title).filter((t) => t !== OVERVIEW && t !== UNLISTED && t !== TAGS),
          apiOverview,
        });
        writes.push([target(`${siteConfig.baseUrl}skill.md`), skill]);
      }
      await Promise.all(
        writes.map(async ([file, text]) => {
          await fs.promises.mkdir(path.dirname(file), {recursive: true});
          await fs.promises.writeFile(file, text);
        }),
      );
    },
  };
}

function agentVersion(version: LoadedVersion, siteUrl: string): AgentVersion {
  return {label: version.label, released: version.isLast, root: `${siteUrl}${version.path.replace(/\/?$/, '/')}`};
}

function exportVersion(version: LoadedVersion, siteDir: string, siteUrl: string): VersionExport {
  // The API reference plugin lists its routes among the released docs (for search) with a
  // permalink only; those are not docs and have no source.
  const docs = version.docs.filter((doc) => typeof doc.source === 'string');
  const fileOf = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));
  const permalinkByFile = new Map(docs.map((doc) => [fileOf(doc.source), doc.permalink]));
  const readFile = (file: string) => fs.readFileSync(file, 'utf8');

  const docPages = new Map<string, ExportedPage>();
  for (const doc of docs) {
    const file = fileOf(doc.source);
    const ctx = {
      siteUrl,
      siteDir,
      permalink: doc.permalink,
      versionPath: version.path,
      permalinkOf: (f: string) => permalinkByFile.get(f),
      readFile,
    };
    let markdown: string;
    try {
      markdown = pageToMarkdown({file, source: readFile(file), title: doc.title, description: doc.description}, ctx);
    } catch (error) {
      throw new Error(`markdown-export: ${path.relative(siteDir, file)}: ${(error as Error).message}`);
    }
    docPages.set(doc.id, {title: doc.title, description: doc.description, permalink: doc.permalink, markdown});
  }

  const sidebar = Object.values(version.sidebars).flat() as unknown as SidebarItem[];
  const categories = generatedIndexCategories(sidebar);
  // Titles first, so an index can describe a child category whose own index is not written yet.
  const indexMeta = new Map(
    categories.map(({category, permalink, title, description}) => [
      permalink,
      {title: title ?? category.label, description: description ?? '', permalink, markdown: ''},
    ]),
  );
  const metaLookup: PageLookup = {doc: (id) => docPages.get(id), index: (p) => indexMeta.get(p)};
  const indexPages = new Map(
    categories.map(({category, permalink}): [string, ExportedPage] => {
      const meta = indexMeta.get(permalink) as ExportedPage;
      return [permalink, {...meta, markdown: generatedIndexMarkdown(meta, category, metaLookup, siteUrl)}];
    }),
  );
  const lookup: PageLookup = {doc: (id) => docPages.get(id), index: (p) => indexPages.get(p)};

  const listedDocs = docs.filter((doc) => !doc.unlisted).map((doc) => docPages.get(doc.id) as ExportedPage);
  const tags = tagPages(version, docs, siteUrl);
  const pages = [...docPages.values(), ...indexPages.values(), ...tags];
  const sections = sidebarSections(sidebar, lookup, listedDocs);
  return {version, pages, sections: tags.length > 0 ? [...sections, {title: TAGS, pages: tags}] : sections};
}

/** The llms.txt section of the tag pages. */
const TAGS = 'Tags';

/**
 * The twins of the tag pages Docusaurus writes (issue 48): the list of tags (`/tags`) and, for each tag, the docs
 * that carry it (`/tags/role-admin`), with the same headings and descriptions as the HTML.
 */
function tagPages(version: LoadedVersion, docs: LoadedVersion['docs'], siteUrl: string): ExportedPage[] {
  const byTag = new Map<string, {label: string; description?: string; docs: LoadedVersion['docs']}>();
  for (const doc of docs.filter((d) => !d.unlisted)) {
    for (const tag of doc.tags) {
      const entry = byTag.get(tag.permalink) ?? {label: tag.label, description: tag.description, docs: []};
      entry.docs.push(doc);
      byTag.set(tag.permalink, entry);
    }
  }
  if (byTag.size === 0) return [];
  const tags = [...byTag].sort(([, a], [, b]) => a.label.localeCompare(b.label));
  const line = (title: string, permalink: string, description?: string) =>
    `- [${title}](${siteUrl}${permalink})${description ? `: ${description.replace(/\s+/g, ' ').trim()}` : ''}`;
  const perTag = tags.map(([permalink, tag]): ExportedPage => {
    const count = tag.docs.length;
    const title = count === 1 ? `One doc tagged with "${tag.label}"` : `${count} docs tagged with "${tag.label}"`;
    const list = tag.docs.map((doc) => line(doc.title, doc.permalink, doc.description)).join('\n');
    const markdown = [`# ${title}`, tag.description, `[View all tags](${siteUrl}${version.tagsPath})`, list]
      .filter(Boolean)
      .join('\n\n');
    return {title, description: tag.description ?? '', permalink, markdown: `${markdown}\n`};
  });
  const index: ExportedPage = {
    title: 'Tags',
    description: `Every tag of the ${version.label} docs, with the pages that carry it.`,
    permalink: version.tagsPath,
    markdown: `# Tags\n\n${tags.map(([permalink, tag]) => line(`${tag.label} (${tag.docs.length})`, permalink, tag.description)).join('\n')}\n`,
  };
  return [index, ...perTag];
}

interface GeneratedIndex {
  readonly category: CategoryItem;
  readonly permalink: string;
  readonly title?: string;
  readonly description?: string;
}

function generatedIndexCategories(items: readonly SidebarItem[]): GeneratedIndex[] {
  return items.flatMap((item): GeneratedIndex[] => {
    if (item.type !== 'category') return [];
    const link = item.link as {type: string; permalink?: string; title?: string; description?: string} | undefined;
    const own =
      link?.type === 'generated-index' && link.permalink
        ? [{category: item, permalink: link.permalink, title: link.title, description: link.description}]
        : [];
    return [...own, ...generatedIndexCategories(item.items)];
  });
}

function llmsFiles(
  v: VersionExport,
  otherVersions: readonly VersionExport[],
  siteUrl: string,
  summary: string,
  apiOverview: string | undefined,
  apiPages: readonly ApiMarkdownPage[],
): {index: string; full: string} {
  const {version} = v;
  const root = `${siteUrl}${version.path.replace(/\/?$/, '/')}`;
  const title = version.isLast ? TITLE : `${TITLE} (${version.label})`;
  const about = [
    version.isLast
      ? `The released documentation (version ${version.label}) of Lightdash.`
      : `The documentation of Lightdash's unreleased version (${version.label}): features may change before release.`,
    'Every page below is plain Markdown, written at build time from the page source.',
    `[llms-full.txt](${root}llms-full.txt) holds every page in one file.`,
  ].join(' ');
  // The first page that is not a version home shows the `.md` rule on a real address.
  const example = v.sections.flatMap((s) => s.pages).find((p) => !p.permalink.endsWith('/'))?.permalink ?? version.path;
  const agents = agentVersion(version, siteUrl);
  const details = `${about}\n\n${agentInstructions(agents, siteUrl, example)}`;
  const fullDetails = agentInstructions(agents, siteUrl, example, {full: true});
  // The API section: the overview, every tag's page (each lists its operations) and the reference's own llms.txt,
  // which lists every API page and, in its Optional section, the OpenAPI documents (data files, not pages).
  const api: LinkLine[] = apiOverview
    ? [
        ...apiPages
          .filter((p) => p.kind === 'overview' || p.kind === 'tag' || p.kind === 'schema-index')
          .map((p) => ({
            title: p.kind === 'overview' ? 'API reference' : p.kind === 'tag' ? `API: ${p.title}` : 'API schemas',
            url: siteUrl + markdownPathFor(p.permalink),
            description: p.kind === 'overview' ? 'every endpoint of the Lightdash API' : p.description,
          })),
        {
          title: 'API reference index',
          url: `${siteUrl}${apiOverview}llms.txt`,
          description: 'every operation and schema page of the API, and the OpenAPI documents',
        },
      ]
    : [];
  const optional = otherVersions.flatMap((o): LinkLine[] => {
    const base = `${siteUrl}${o.version.path.replace(/\/?$/, '/')}`;
    return [
      {
        title: `${o.version.label} docs`,
        url: `${base}llms.txt`,
        description: o.version.versionName === 'current' ? 'pages of the unreleased version' : undefined,
      },
      {title: `${o.version.label} docs, full text`, url: `${base}llms-full.txt`},
    ];
  });
  const extra = [
    {title: 'API', links: api},
    {title: 'Optional', links: optional},
  ];
  return {
    index: llmsTxt({title, summary, details, sections: v.sections, extra, siteUrl}),
    full: llmsFullTxt({title, summary, details: fullDetails, sections: v.sections, siteUrl}),
  };
}

/**
 * `/api/v1/llms.txt`: every page of the API reference as Markdown, a section per tag (its page, then its
 * operations), the schemas, and under `Optional` the OpenAPI documents: data files an agent fetches only when it
 * needs the whole contract.
 */
export function apiLlmsTxt(pages: readonly ApiMarkdownPage[], siteUrl: string, apiOverview: string): string {
  const line = (p: ApiMarkdownPage): LinkLine => ({
    title: p.title,
    url: siteUrl + markdownPathFor(p.permalink),
    description: p.description,
  });
  const sections: {title: string; links: LinkLine[]}[] = [];
  for (const page of pages) {
    if (page.kind === 'overview') sections.push({title: 'Overview', links: [line(page)]});
    else if (page.kind === 'tag') sections.push({title: page.title, links: [line(page)]});
    else if (page.kind === 'schema-index') sections.push({title: 'Schemas', links: [line(page)]});
    else sections[sections.length - 1]?.links.push(line(page));
  }
  const optional = [
    {title: 'OpenAPI document (JSON)', url: `${siteUrl}${apiOverview}openapi.json`, description: 'the API contract'},
    {title: 'OpenAPI document (YAML)', url: `${siteUrl}${apiOverview}openapi.yaml`, description: 'the same, in YAML'},
  ];
  return llmsTxt({
    title: 'Lightdash API reference',
    summary: 'Every endpoint and schema of the Lightdash API, one Markdown page each.',
    details: `Each operation page gives the method and path, authentication, parameters, request body, responses, code samples and response examples. The documentation itself is listed in ${siteUrl}/llms.txt.`,
    sections: [],
    extra: [...sections, {title: 'Optional', links: optional}],
    siteUrl,
  });
}
