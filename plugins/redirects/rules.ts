import fs from 'node:fs';
import path from 'node:path';
import {legacyOperationUrls, legacySchemaUrls, operationSlug} from '../api-reference';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

/**
 * Client-side redirects (old URL → page that replaced it), from tests/fixtures/routes.md ("Client redirects").
 *
 * Old-site paths exist only at the root (the released version). The `/snippets/*` pages were
 * published by accident on the old site; each now redirects to the main page that uses the
 * fragment, in both versions.
 */
const oldSiteRedirects: Record<string, string> = {
  '/getting-started/install-lightdash': '/self-host/self-host-lightdash',
  '/guides/enable-slack-selfhost': '/self-host/customize-deployment/configure-a-slack-app-for-lightdash',
  '/guides/enable-headless-browser-selfhost': '/self-host/customize-deployment/enable-headless-browser-for-lightdash',
  '/guides/how-to-deploy-to-kubernetes': '/self-host/self-host-lightdash',
  '/guides/how-to-update-docker-image': '/self-host/update-lightdash',
  '/guides/update-lightdash': '/self-host/update-lightdash',
  '/references/environmentVariables': '/self-host/customize-deployment/environment-variables',
  '/guides/enable-cloud-storage': '/self-host/customize-deployment/configure-lightdash-to-use-external-object-storage',
  '/self-host': '/self-host/self-host-lightdash',
  '/help-and-contact/contact/contact_info': '/contact/contact_info',
};

/**
 * Docs URLs that Lightdash versions after the released one print (tests/fixtures/product-links.yaml, `later: true`), at the root
 * like every product link. The SCIM discovery answer names /guides/scim (lightdash/lightdash#16862, 2025-09-12), which
 * never existed; the custom chart editor links /references/custom-charts (#14537, 2025-04-29), a page only Next has.
 */
const laterProductRedirects: Record<string, string> = {
  '/guides/scim': '/references/scim-integration',
  '/references/custom-charts': '/next/references/custom-charts',
};

/** Fragment name → the page that uses it (paths relative to a version root). */
const snippetRedirects: Record<string, string> = {
  'allowed-email-domains': '/get-started/setup-lightdash/invite-new-users',
  'automatically-deploy-your-changes-using-github-action': '/guides/cli/how-to-use-lightdash-deploy',
  'exploring-your-content': '/get-started/exploring-data/exploring-your-content',
  'format-expression-examples': '/guides/formatting-your-fields',
  'github-secrets': '/guides/cli/how-to-use-lightdash-deploy',
  'how-to-create-dimensions': '/guides/how-to-create-dimensions',
  'how-to-create-metrics': '/guides/how-to-create-metrics',
  'how-to-install-the-lightdash-cli': '/guides/cli/how-to-install-the-lightdash-cli',
  'intro-metrics-dimensions': '/get-started/exploring-data/intro-metrics-dimensions',
  'sharing-insights': '/get-started/exploring-data/sharing-insights',
  'using-explores': '/get-started/exploring-data/using-explores',
};

/** Snippets that were only published for Next (routes.md "Next only"). */
const nextOnlySnippets = new Set(['format-expression-examples']);

/** In Next, the released version's page `content-as-code` was renamed. */
const nextRenames: Record<string, string> = {
  '/references/content-as-code': '/references/dashboards-as-code',
};

interface Redirect {
  readonly from: string;
  readonly to: string;
}

const siteDir = path.resolve(__dirname, '../..');

/**
 * The docs folder of a version and its URL prefix. The released version is the first of versions.json, as in
 * docusaurus.config.ts, so cutting a new version moves the redirects with it.
 */
const docVersions = [
  {name: 'released', dir: path.join(siteDir, RELEASED_DOCS_DIR), prefix: ''},
  {name: 'next', dir: path.join(siteDir, 'docs'), prefix: '/next'},
] as const;

const docExists = (dir: string, route: string) =>
  ['.mdx', '.md'].some((ext) => fs.existsSync(path.join(dir, route + ext)));

function buildRedirects(): Redirect[] {
  const list: Redirect[] = [];
  const [released, next] = docVersions;
  for (const [from, to] of Object.entries(oldSiteRedirects)) {
    if (docExists(released.dir, to)) list.push({from, to});
  }
  for (const version of docVersions) {
    for (const [name, to] of Object.entries(snippetRedirects)) {
      if (version.name === 'released' && nextOnlySnippets.has(name)) continue;
      if (docExists(version.dir, to)) list.push({from: `${version.prefix}/snippets/${name}`, to: version.prefix + to});
    }
  }
  for (const [from, to] of Object.entries(laterProductRedirects)) {
    const [dir, route] = to.startsWith('/next/') ? [next.dir, to.slice('/next'.length)] : [released.dir, to];
    if (docExists(dir, route)) list.push({from, to});
  }
  for (const [from, to] of Object.entries(nextRenames)) {
    if (docExists(next.dir, to)) list.push({from: next.prefix + from, to: next.prefix + to});
  }
  list.push(...apiOperationRedirects(), ...apiSchemaRedirects());
  return list;
}

/**
 * API reference pages published before issue 18 (/api/v1/<tag>/<our old operationId>) → the page of the same
 * operation now (/api/v1/<tag>/<kebab-case real operationId>). The tag segment did not change.
 */
export function apiOperationRedirects(): Redirect[] {
  return Object.entries(legacyOperationUrls)
    .map(([from, operationId]) => ({from, to: `${from.slice(0, from.lastIndexOf('/'))}/${operationSlug(operationId)}`}))
    .filter(({from, to}) => from !== to);
}

/** Schema pages removed when the contract took the real API's models (issue 18) → the schema that replaced each. */
export function apiSchemaRedirects(): Redirect[] {
  return Object.entries(legacySchemaUrls).map(([from, to]) => ({
    from: `/api/v1/schemas/${from}`,
    to: `/api/v1/schemas/${to}`,
  }));
}

/**
 * Redirects whose target page exists. Content lands section by section; the browser test "old URLs redirect
 * client-side to their new page" (tests/e2e/routes.spec.ts) opens every old URL of tests/fixtures/routes.md in the
 * build, and tests/unit/api-reference.redirects.test.ts checks the API reference's.
 */
export const redirects = buildRedirects();
