import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import {preferenceHeadTags} from './headTags';
import {operationIndex} from './model/operationIndex';
import {buildApiReference, type ApiReference} from './model/pages';
import type {OpenApiDocument} from './model/openapi';

// What the rest of the repository (its tests and scripts) uses of the plugin's Node side, so nothing
// outside reaches into model/. The React side has its own entry, ./theme/index.ts.
export {HTTP_METHODS} from './httpMethods';
export {operationSlug, slugify} from './model/slug';
// The old URLs of the API reference, for plugins/redirects.
export {legacyOperationUrls} from './legacyOperationUrls';
export {legacySchemaUrls} from './legacySchemaUrls';
export {INSTANCE_KEY, LANGUAGE_KEY} from './storageKeys';
// The Markdown twins of the API pages, for plugins/markdown-export (issue 48).
export {apiMarkdownPages, type ApiMarkdownPage} from './model/markdownPages';
export type {ApiReference} from './model/pages';

export interface Options {
  /** The compiled contract, relative to the site. */
  readonly specDir?: string;
  /** Where the reference lives, without the site's baseUrl. */
  readonly routeBasePath?: string;
}

/** Written beside openapi.json: operationId → page URL, method, path and tag. */
const OPERATION_INDEX_FILE = 'operations.json';

const COMPONENTS = '@site/plugins/api-reference/theme';

/**
 * The API reference (issue 5): pages generated at build time from the compiled contract
 * (generated/openapi/openapi.json, written by `npm run contract:build`), rendered by the small
 * components in ./theme. See README.md.
 */
export default function apiReferencePlugin(context: LoadContext, options: Options = {}): Plugin<ApiReference> {
  const specDir = path.resolve(context.siteDir, options.specDir ?? 'generated/openapi');
  const specFile = path.join(specDir, 'openapi.json');
  const routeBasePath = options.routeBasePath ?? 'api/v1';
  const basePath = `${context.baseUrl.replace(/\/+$/, '')}/${routeBasePath}`;
  let loaded: ApiReference | undefined;

  return {
    name: 'api-reference',

    injectHtmlTags() {
      return {headTags: preferenceHeadTags()};
    },

    getPathsToWatch() {
      return [specFile];
    },

    async loadContent() {
      if (!fs.existsSync(specFile)) {
        throw new Error(`API reference: ${specFile} is missing. Run \`npm run contract:build\` first.`);
      }
      const doc = JSON.parse(await fs.promises.readFile(specFile, 'utf8')) as OpenApiDocument;
      return buildApiReference(doc, {basePath});
    },

    async contentLoaded({content, actions}) {
      loaded = content;
      const {createData, addRoute} = actions;
      const data = (name: string, value: unknown) => createData(name, JSON.stringify(value));
      // The sidebar module sits on the parent route (ApiRoot), which hands it to every page.
      const sidebar = await data('sidebar.json', content.sidebar);
      const routes: RouteConfig[] = [];
      const route = async (routePath: string, component: string, file: string, page: unknown) => {
        routes.push({
          path: routePath,
          component: `${COMPONENTS}/${component}`,
          exact: true,
          modules: {page: await data(file, page)},
        });
      };

      await route(content.overview.permalink, 'OverviewPage', 'overview.json', content.overview);
      await route(content.schemaIndex.permalink, 'SchemaIndexPage', 'schemas.json', content.schemaIndex);
      for (const tag of content.tags) await route(tag.permalink, 'TagPage', `tag-${tag.slug}.json`, tag);
      for (const op of content.operations) {
        await route(op.permalink, 'OperationPage', `operation-${op.operationId}.json`, op);
      }
      for (const schema of content.schemas) {
        await route(schema.permalink, 'SchemaPage', `schema-${schema.name}.json`, schema);
      }
      addRoute({path: basePath, component: `${COMPONENTS}/ApiRoot`, exact: false, routes, modules: {sidebar}});
    },

    async allContentLoaded({allContent}) {
      if (loaded) registerWithLocalSearch(allContent, allPermalinks(loaded));
    },

    async postBuild({content, outDir}) {
      const target = path.join(outDir, routeBasePath);
      await fs.promises.mkdir(target, {recursive: true});
      // Write then rename: readers (and any other plugin writing the same file) never see half a file.
      const writeAtomically = async (file: string, write: (temporary: string) => Promise<void>) => {
        const temporary = path.join(target, `.${file}.${process.pid}.tmp`);
        await write(temporary);
        await fs.promises.rename(temporary, path.join(target, file));
      };
      // The downloads linked from the overview: the compiled contract, byte for byte.
      for (const file of ['openapi.json', 'openapi.yaml']) {
        await writeAtomically(file, (temporary) => fs.promises.copyFile(path.join(specDir, file), temporary));
      }
      // Each operation's page, for the MCP server (see model/operationIndex.ts).
      const index = JSON.stringify(operationIndex(content.operations));
      await writeAtomically(OPERATION_INDEX_FILE, (temporary) => fs.promises.writeFile(temporary, index));
    },
  };
}

function allPermalinks(content: ApiReference): string[] {
  return [
    content.overview.permalink,
    content.schemaIndex.permalink,
    ...content.tags.map((t) => t.permalink),
    ...content.operations.map((o) => o.permalink),
    ...content.schemas.map((s) => s.permalink),
  ];
}

interface DocsContent {
  loadedVersions?: {isLast: boolean; docs: {permalink: string}[]}[];
}

/**
 * @easyops-cn/docusaurus-search-local with `docsRouteBasePath: '/'` indexes a route only if it is a
 * doc of a docs plugin; every other route is skipped (its page mode is never reached). Listing the
 * API permalinks among the released docs' permalinks, after every plugin has created its routes,
 * makes the search index them as docs: headings, sections and the "API › Tag" breadcrumb. Nothing
 * else reads that list after contentLoaded. tests/e2e/api-reference.spec.ts checks the index.
 */
export function registerWithLocalSearch(allContent: unknown, permalinks: readonly string[]): void {
  const docs = (allContent as Record<string, Record<string, DocsContent> | undefined>)['docusaurus-plugin-content-docs']
    ?.default;
  const released = docs?.loadedVersions?.find((v) => v.isLast);
  if (!released) return;
  const known = new Set(released.docs.map((d) => d.permalink));
  for (const permalink of permalinks) {
    if (!known.has(permalink)) released.docs.push({permalink});
  }
}
