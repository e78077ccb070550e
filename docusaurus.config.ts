import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {RELEASED_VERSION as releasedVersion} from './src/lib/releasedVersion.mjs';
import searchContextByPaths from './src/searchContexts.json';
import remarkDiagrams from './plugins/remark-diagrams';
import remarkEnvVarAnchors from './plugins/env-var-anchors';
import remarkWarehouseSql from './plugins/warehouse-sql/remark';
import {ssrTemplate} from './ssrTemplate';
import {codeThemeDark, codeThemeLight} from './src/lib/prism/themes';

// ---- Switches set at build time -------------------------------------------------------------
/** Page-view and feedback events are posted here; unset means nothing is ever sent. */
const analyticsUrl = process.env.ANALYTICS_URL ?? '';
/**
 * The browser tests' fixture site (`npm run build:e2e`, see plugins/e2e-fixtures): the test-only pages added,
 * and the API reference left out. Never set for the production build.
 */
const e2eFixtures = process.env.E2E_FIXTURES === '1';
/**
 * The fixture site is built for the specs of analytics, page feedback, the crash page and diagrams, which read docs
 * pages only. It leaves out the API reference (535 of the 791 pages) and the 187 old-URL redirect pages, many of them
 * to API pages: 258 HTML files instead of 980, and 29 CPU-seconds instead of 48 (bench-results/HISTORY.md, "Where
 * the test time goes"). Its links into /api/v1/ then lead nowhere, so the fixture build does not fail on broken
 * links: the production build, from the same docs, does.
 */
const fullSite = !e2eFixtures;
/** Base of the "Edit this page" links; the source repository of this site. */
const editUrlBase = process.env.EDIT_URL_BASE ?? 'https://github.com/lightdash/lightdash-docs/edit/main/';
// ----------------------------------------------------------------------------------------------

const config: Config = {
  title: 'Lightdash Docs',
  tagline: 'Learn to use, script and self-host Lightdash, the open-source BI tool for your dbt project.',
  favicon: 'img/favicon.svg',
  url: 'https://docs.lightdash.com',
  baseUrl: '/',
  organizationName: 'lightdash',
  projectName: 'lightdash-docs',
  trailingSlash: undefined,

  future: {
    v4: true,
    faster: true,
  },
  // v4 namespaces localStorage keys; the spec stores the colour mode under exactly `theme`.
  storage: {namespace: false},

  onBrokenLinks: fullSite ? 'throw' : 'ignore',
  onBrokenAnchors: fullSite ? 'throw' : 'ignore',
  onDuplicateRoutes: 'warn',
  markdown: {
    // Reference pages use stable heading ids (`## Filters {#filters}`, shared/CONTENT.md), which
    // future.v4 turns off by default.
    mdx1Compat: {headingIds: true},
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  customFields: {analyticsUrl},

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          lastVersion: releasedVersion,
          versions: {
            current: {label: 'Next', path: 'next', banner: 'unreleased'},
            [releasedVersion]: {label: releasedVersion, path: '', banner: 'none'},
          },
          tags: 'tags.yml',
          onInlineTags: 'throw',
          editUrl: ({versionDocsDirPath, docPath}) => `${editUrlBase}${versionDocsDirPath}/${docPath}`,
          showLastUpdateTime: true,
          // ```mermaid blocks become the SVGs of `npm run diagrams` (diagrams/); no diagram code reaches readers.
          // ```sql warehouses="…" blocks become one <WarehouseSql> group per example (plugins/warehouse-sql).
          // Rows of the environment variables reference get their variable's name as id (plugins/env-var-anchors).
          beforeDefaultRemarkPlugins: [remarkDiagrams, remarkWarehouseSql, remarkEnvVarAnchors],
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null, ignorePatterns: ['/__e2e/**']},
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        indexDocs: true,
        indexBlog: false,
        indexPages: true,
        docsRouteBasePath: '/',
        docsDir: ['docs', 'versioned_docs'],
        language: ['en'],
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
        // On so that results pass the terms as `_highlight` parameters; src/search/pluginSwaps.ts turns the
        // highlighting itself off, as the spec asks.
        highlightSearchTermsOnTargetPage: true,
        searchBarShortcut: true,
        searchBarShortcutHint: true,
        searchBarPosition: 'right',
        explicitSearchResultPath: true,
        // Also read by scripts/search-indexes.mjs, which finishes the indexes after the build.
        searchContextByPaths,
        useAllContextsWithNoSearchContext: true,
        ignoreFiles: [/^__e2e/],
        // Schema trees, examples and code samples of the API reference are noise in results; so is
        // the "Was this page helpful?" widget (rendered only in the browser, excluded here all the same).
        // The same goes for a diagram's mermaid source (src/components/Diagram).
        // An SQL example is indexed once, as its default warehouse's variant, without the selector's names.
        ignoreCssSelectors: [
          '.api-search-skip',
          '.page-feedback',
          '.diagram-source',
          '[data-warehouse-variant]:not([data-warehouse-default])',
          '[data-warehouse-control]',
        ],
      },
    ],
  ],

  // Paint first, then start the app: see ssrTemplate.ts.
  ssrTemplate,

  // Links preload on hover and touch only; see the module for why viewport prefetching is off.
  clientModules: [
    './src/clientModules/malformedHash.ts',
    './src/search/earlySearchText.ts',
    './src/clientModules/linkPrefetch.ts',
  ],

  plugins: [
    // @docusaurus/plugin-client-redirects with the rules of plugins/redirects/rules.ts (kept out of the client
    // bundle; see the plugin).
    ...(fullSite ? ['./plugins/redirects/index.ts'] : []),
    './plugins/page-analytics/index.ts',
    './plugins/chunk-recovery/index.ts',
    './plugins/light-prism/index.ts',
    './plugins/staged-start/index.ts',
    './plugins/route-shards/index.ts',
    // Only with BUNDLE_STATS set (npm run bench -- --only bundle).
    './plugins/bundle-stats/index.ts',
    './plugins/storage-guard/index.ts',
    // Listed here, not further down, so its pre-paint script stays ahead of warehouse-sql's in every <head>.
    ...(fullSite ? ['./plugins/api-reference/index.ts'] : []),
    './plugins/warehouse-sql/index.ts',
    './src/search/pluginSwaps.ts',
    './plugins/markdown-export/index.ts',
    './plugins/precompress-early/index.ts',
    ...(e2eFixtures ? ['./plugins/e2e-fixtures/index.ts'] : []),
  ],

  themeConfig: {
    image: 'img/social-card.png',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'api-reference-2026-11',
      content:
        'The API reference is now generated from the Lightdash API contract. <a href="/api/v1/">Browse every endpoint</a>.',
      isCloseable: true,
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'Lightdash',
      hideOnScroll: true,
      logo: {alt: 'Lightdash logo', src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs'},
        {to: '/api/v1/', position: 'left', label: 'API', activeBaseRegex: '^/api/'},
        {href: 'https://demo.lightdash.com', position: 'left', label: 'Live demo'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {
          href: 'https://github.com/lightdash/lightdash',
          position: 'right',
          className: 'header-github-link',
          'aria-label': 'Lightdash source code on GitHub',
        },
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {label: 'Community', href: 'https://github.com/lightdash/lightdash/discussions'},
        {label: 'Blog', href: 'https://www.lightdash.com/blog'},
        {label: 'Company', href: 'https://www.lightdash.com/company'},
        {
          label: 'Careers',
          href: 'https://www.notion.so/lightdash/Lightdash-Job-Board-a2c7d872794b45deb7b76ad68701d750',
        },
        {
          label: 'Media kit',
          href: 'https://www.notion.so/lightdash/Lightdash-Media-kit-f4424136bb5a4c8891c0d535dd5e5911',
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} Lightdash. Documentation licensed under MIT.`,
    },
    prism: {
      theme: codeThemeLight,
      darkTheme: codeThemeDark,
      // The grammars are chosen in src/lib/prism/grammars.ts (plugins/light-prism), not here.
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
