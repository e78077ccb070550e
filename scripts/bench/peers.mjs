// The peers the site is compared with, installed and built in temporary folders (nothing of them is
// committed):
//  - classic: a default Docusaurus 3.10.2 site as the create-docusaurus "classic" template makes it
//    (future.v4, which in 3.10 turns on Docusaurus Faster/Rspack; template styles; no blog), with our
//    docs, released version and sidebars copied in;
//  - openapi-docs: the same site plus docusaurus-plugin-openapi-docs/-theme-openapi-docs rendering our
//    contract (generated/openapi/openapi.json) in a docs instance of its own at /api/v1/.
// Both use the local search plugin with our options, so search figures compare. Only what our content
// needs to build is added to the template: docs at the site root with our two versions, MDX 1 heading
// ids ({#id}), Mermaid, and the HomeTiles and Availability components our pages use.
import fs from 'node:fs';
import path from 'node:path';
import {loadFreshModule} from '@docusaurus/utils';
import {BenchError, WORK_ROOT, log, run} from './process.mjs';
import {commitAll} from './workspace.mjs';

export const PEERS_DIR = path.join(WORK_ROOT, 'peers');

/** Exact versions installed for the peers (stated in bench-results/HISTORY.md, "Benchmark"). */
export const PEER_VERSIONS = {
  '@docusaurus/core': '3.10.2',
  '@docusaurus/faster': '3.10.2',
  '@docusaurus/preset-classic': '3.10.2',
  '@docusaurus/theme-mermaid': '3.10.2',
  '@easyops-cn/docusaurus-search-local': '0.55.3',
  '@mdx-js/react': '3.1.1',
  clsx: '2.1.1',
  'prism-react-renderer': '2.4.1',
  react: '19.3.1',
  'react-dom': '19.3.1',
};
export const OPENAPI_VERSIONS = {
  'docusaurus-plugin-openapi-docs': '5.2.0',
  'docusaurus-theme-openapi-docs': '5.2.0',
  'docusaurus-plugin-sass': '0.2.7',
  sass: '1.108.2',
};

/** The operation whose page is compared (the browser tests use it too). */
export const SAMPLE_OPERATION = 'CreateSpaceInProject';

/**
 * The URL segment of an operation page: the operationId in kebab case, as operationSlug() in
 * plugins/api-reference/model/slug.ts makes it (`CreateSpaceInProject` → `create-space-in-project`).
 * A copy, because the bench runs as plain Node; a wrong one fails the bench with a 404 on the page.
 */
export function operationSegment(operationId) {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The template the classic peer follows; installed with the peer, its stylesheet is copied from it. */
export const TEMPLATE = {'create-docusaurus': '3.10.2'};

/** JavaScript source for a JSON-like value that may hold regular expressions (search options do). */
export function toSource(value) {
  if (value instanceof RegExp) return value.toString();
  if (Array.isArray(value)) return `[${value.map(toSource).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${toSource(v)}`)
      .join(', ')}}`;
  }
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}

/** Our search plugin's options, read from our own config so the peers never drift from it. */
export async function ourSearchOptions(siteDir) {
  const config = /** @type {any} */ (await loadFreshModule(path.join(siteDir, 'docusaurus.config.ts')));
  const entry = config.themes.find((t) => Array.isArray(t) && t[0] === '@easyops-cn/docusaurus-search-local');
  if (!entry) throw new BenchError('docusaurus.config.ts has no @easyops-cn/docusaurus-search-local theme to copy.');
  return entry[1];
}

function peerConfig({releasedVersion, searchOptions, openapi}) {
  const apiPlugins = openapi
    ? `
    ['docusaurus-plugin-openapi-docs', {
      id: 'openapi',
      docsPluginId: 'api',
      config: {lightdash: {specPath: 'openapi.json', outputDir: 'api', sidebarOptions: {groupPathsBy: 'tag'}}},
    }],
    ['@docusaurus/plugin-content-docs', {
      id: 'api', path: 'api', routeBasePath: 'api/v1', sidebarPath: './sidebars-api.js', docItemComponent: '@theme/ApiItem',
    }],`
    : '';
  return `import {themes as prismThemes} from 'prism-react-renderer';

export default {
  title: 'Lightdash Docs',
  tagline: 'Benchmark peer',
  favicon: 'img/favicon.svg',
  future: {v4: true},
  url: 'https://docs.example.com',
  baseUrl: '/',
  // Our guides link to API operation pages (/api/v1/<tag>/<operationId>), which neither peer has.
  onBrokenLinks: 'warn',
  markdown: {mermaid: true, mdx1Compat: {headingIds: true}},
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    ['classic', {
      docs: {
        routeBasePath: '/',
        sidebarPath: './sidebars.json',
        lastVersion: ${JSON.stringify(releasedVersion)},
        versions: {current: {label: 'Next', path: 'next'}, ${JSON.stringify(releasedVersion)}: {path: ''}},
      },
      blog: false,
      theme: {customCss: './src/css/custom.css'},
    }],
  ],
  themes: [
    '@docusaurus/theme-mermaid',
    ['@easyops-cn/docusaurus-search-local', ${toSource(searchOptions)}],${openapi ? "\n    'docusaurus-theme-openapi-docs'," : ''}
  ],
  plugins: [${apiPlugins}
  ],
  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'Lightdash',
      logo: {alt: 'Lightdash logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs'},
        {to: '/api/v1/', label: 'API', position: 'left'},
        {href: 'https://github.com/lightdash/lightdash', label: 'GitHub', position: 'right'},
      ],
    },
    footer: {style: 'dark', copyright: 'Benchmark peer. Built with Docusaurus.'},
    prism: {theme: prismThemes.github, darkTheme: prismThemes.dracula},
  },
};
`;
}

/** A stand-in page for /api/v1/, which our docs link to, in the peer that has no API reference. */
const API_STUB = `---
title: API reference
---

# API reference

This benchmark peer has no API reference.
`;

function writeFile(file, text) {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
}

/** npm install of exact versions, skipped when the same package.json was installed before. */
async function installPeer(dir, packageJson, fresh) {
  const text = `${JSON.stringify(packageJson, null, 2)}\n`;
  const marker = path.join(dir, 'node_modules/.bench-installed');
  if (!fresh && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === text) return;
  fs.rmSync(dir, {recursive: true, force: true});
  writeFile(path.join(dir, 'package.json'), text);
  log(`${packageJson.name}: npm install (a few minutes, once)...`);
  try {
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {cwd: dir});
  } catch (error) {
    throw new BenchError(`Could not install the ${packageJson.name} peer.\n${/** @type {Error} */ (error).message}`);
  }
  fs.writeFileSync(marker, text);
}

/** `import Name from '@site/…'` or `import {A, B} from '@site/…'` in an MDX page. */
const SITE_IMPORT = /^import\s+(?:(\w+)|\{([^}]*)\})\s+from\s+'@site\/([^']+)';?\s*$/gm;

/**
 * Interactive pieces our pages import from `@site` (the YAML checker, the API recipes' instance setting, the
 * roles table, the permission explorer, the configuration builder, …) are wired to our own code, and none of the
 * pages the bench measures has one. The peer gets an empty stand-in for each module the docs import, found by
 * reading the docs, so that a component added to a page later cannot break the peer's build (a hand-kept list did,
 * when three arrived). The components the peer really renders (`copied`) are left alone.
 */
export function writeStandIns(siteDir, dir, copied) {
  /** @type {Map<string, Set<string>>} module path → exported names ('default' for a default import) */
  const modules = new Map();
  for (const root of ['docs', 'versioned_docs']) {
    for (const entry of fs.readdirSync(path.join(siteDir, root), {recursive: true, withFileTypes: true})) {
      if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
      const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      for (const [, defaultName, named, modulePath] of text.matchAll(SITE_IMPORT)) {
        if (copied.some((component) => modulePath === `src/components/${component}`)) continue;
        const names = modules.get(modulePath) ?? new Set();
        if (defaultName) names.add('default');
        for (const name of (named ?? '').split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
          if (name) names.add(name);
        }
        modules.set(modulePath, names);
      }
    }
  }
  for (const [modulePath, names] of modules) {
    const lines = [...names].map((name) =>
      name === 'default'
        ? 'export default function StandIn() {\n  return null;\n}'
        : `export function ${name}() {\n  return null;\n}`,
    );
    writeFile(path.join(dir, modulePath, 'index.js'), `${lines.join('\n')}\n`);
  }
}

/** Replaces the peer's content with a fresh copy of ours (node_modules and the install marker stay). */
function copyContent(siteDir, dir, {releasedVersion, searchOptions, nextSidebars, openapi}) {
  for (const entry of fs.readdirSync(dir)) {
    if (!['node_modules', 'package.json', 'package-lock.json'].includes(entry)) {
      fs.rmSync(path.join(dir, entry), {recursive: true, force: true});
    }
  }
  for (const entry of ['docs', 'versioned_docs', 'versioned_sidebars', 'versions.json', 'static']) {
    fs.cpSync(path.join(siteDir, entry), path.join(dir, entry), {recursive: true});
  }
  // Our MDXComponents registers these globally: the docs home uses <HomeTiles>, feature pages
  // <Availability>, pages with old section ids <Anchor>. The peer gets the same three, and nothing else of our theme.
  const copied = ['HomeTiles', 'Availability', 'Anchor'];
  for (const component of copied) {
    fs.cpSync(path.join(siteDir, `src/components/${component}`), path.join(dir, `src/components/${component}`), {
      recursive: true,
    });
  }
  writeStandIns(siteDir, dir, copied);
  // Not our MDXComponents: it also registers our pre-rendered <Diagram>, and the peer renders mermaid
  // blocks the default way (theme-mermaid in the browser).
  writeFile(
    path.join(dir, 'src/theme/MDXComponents.tsx'),
    [
      "import MDXComponents from '@theme-original/MDXComponents';",
      "import HomeTiles from '@site/src/components/HomeTiles';",
      "import Availability from '@site/src/components/Availability';",
      "import Anchor from '@site/src/components/Anchor';",
      'export default {...MDXComponents, HomeTiles, Availability, Anchor};',
      '',
    ].join('\n'),
  );
  fs.cpSync(
    path.join(dir, 'node_modules/create-docusaurus/templates/shared/src/css/custom.css'),
    path.join(dir, 'src/css/custom.css'),
  );
  writeFile(path.join(dir, 'sidebars.json'), JSON.stringify(nextSidebars));
  writeFile(path.join(dir, 'docusaurus.config.js'), peerConfig({releasedVersion, searchOptions, openapi}));
  writeFile(path.join(dir, '.gitignore'), 'node_modules/\nbuild/\n.docusaurus/\n');
  if (openapi) {
    fs.cpSync(path.join(siteDir, 'generated/openapi/openapi.json'), path.join(dir, 'openapi.json'));
    fs.mkdirSync(path.join(dir, 'api')); // the docs instance must exist before gen-api-docs fills it
    writeFile(path.join(dir, 'sidebars-api.js'), `import api from './api/sidebar.ts';\nexport default {api};\n`);
  } else {
    writeFile(path.join(dir, 'src/pages/api/v1/index.md'), API_STUB);
  }
}

/** URL path of a generated operation page: the plugin names files <kebab-case operationId>.api.mdx. */
function generatedOperationPath(apiDir, operationId) {
  const kebab = operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const file = path.join(apiDir, `${kebab}.api.mdx`);
  if (!fs.existsSync(file))
    throw new BenchError(`openapi-docs generated no ${path.relative(apiDir, file)} for ${operationId}.`);
  const id = /^id:\s*(\S+)\s*$/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? kebab;
  return `/api/v1/${id}`;
}

/**
 * The generated info page becomes /api/v1/ (our docs link there), as our own overview is. Returns
 * the seconds `gen-api-docs` took, reported apart from the build.
 */
async function generateApiDocs(dir) {
  const started = performance.now();
  await run(path.join(dir, 'node_modules/.bin/docusaurus'), ['gen-api-docs', 'all'], {cwd: dir});
  const seconds = (performance.now() - started) / 1000;
  const apiDir = path.join(dir, 'api');
  const info = fs.readdirSync(apiDir).find((f) => f.endsWith('.info.mdx'));
  if (!info) throw new BenchError('openapi-docs generated no .info.mdx overview page.');
  const file = path.join(apiDir, info);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^---\n/, '---\nslug: /\n'));
  return seconds;
}

/**
 * Installs (or reuses) and prepares a peer; returns {name, dir, buildDir, pages, lighthousePages,
 * searchPage, versions, generateSeconds}. Building is the caller's (measureBuilds or a plain build).
 */
export async function preparePeer(name, siteDir, {fresh = false} = {}) {
  const openapi = name === 'openapi-docs';
  const dir = path.join(PEERS_DIR, name);
  const ours = JSON.parse(fs.readFileSync(path.join(siteDir, 'package.json'), 'utf8'));
  const versions = {...PEER_VERSIONS, ...(openapi ? OPENAPI_VERSIONS : {})};
  // Our overrides work around gaps of this registry (see NOTES-stack), so the peers need them too.
  await installPeer(
    dir,
    {
      name: `bench-peer-${name}`,
      private: true,
      dependencies: versions,
      devDependencies: TEMPLATE,
      overrides: ours.overrides,
    },
    fresh,
  );
  const releasedVersion = JSON.parse(fs.readFileSync(path.join(siteDir, 'versions.json'), 'utf8'))[0];
  copyContent(siteDir, dir, {
    releasedVersion,
    searchOptions: await ourSearchOptions(siteDir),
    // Next's sidebar as ours computes it (the released one is copied from versioned_sidebars/).
    nextSidebars: await loadFreshModule(path.join(siteDir, 'sidebars.ts')),
    openapi,
  });
  const generateSeconds = openapi ? await generateApiDocs(dir) : null;
  await commitAll(dir);
  return {
    name,
    dir,
    buildDir: path.join(dir, 'build'),
    versions: {...versions, ...TEMPLATE},
    generateSeconds,
    pages: {
      home: '/',
      guide: GUIDE_PAGE,
      reference: REFERENCE_PAGE,
      apiOperation: openapi ? generatedOperationPath(path.join(dir, 'api'), SAMPLE_OPERATION) : null,
      search: '/search',
    },
    // Docs pages are compared with the classic peer; the operation page with openapi-docs.
    lighthousePages: openapi ? ['apiOperation'] : ['home', 'guide', 'reference', 'search'],
    searchPage: '/',
  };
}

export const GUIDE_PAGE = '/guides/how-to-create-metrics';
export const REFERENCE_PAGE = '/references/metrics';
