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

  return {
    name: 'markdown-export',

    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      versions = docs?.loadedVersions ?? [];
      const api = allContent['api-reference']?.default as {overview?: {permalink?: string}} | undefined;
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
      for (const v of exported) {
        // The released llms.txt points to the other versions' files; theirs stand alone.
        const others = v.version.isLast ? exported.filter((o) => o !== v) : [];
        const files = llmsFiles(v, others, siteUrl, siteConfig.tagline, apiOverview);
        const root = v.version.path.replace(/\/?$/, '/');
        writes.push([target(`${root}llms.txt`), files.index], [target(`${root}llms-full.txt`), files.full]);
      }
      const released = exported.find((v) => v.version.isLast);
      if (released) {
        const skill = skillMd({
          siteUrl,
          versions: [released, ...exported.filter((v) => v !== released)].map((v) => agentVersion(v.version, siteUrl)),
          sections: released.sections.map((s) => s.title).filter((t) => t !== OVERVIEW && t !== UNLISTED),
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
  const pages = [...docPages.values(), ...indexPages.values()];
  return {version, pages, sections: sidebarSections(sidebar, lookup, listedDocs)};
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
  const api: LinkLine[] = apiOverview
    ? [
        {title: 'API reference', url: siteUrl + apiOverview, description: 'every endpoint of the Lightdash API'},
        {
          title: 'OpenAPI document (JSON)',
          url: `${siteUrl}${apiOverview}openapi.json`,
          description: 'the API contract',
        },
        {
          title: 'OpenAPI document (YAML)',
          url: `${siteUrl}${apiOverview}openapi.yaml`,
          description: 'the same, in YAML',
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
