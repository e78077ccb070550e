/**
 * The released Lightdash version that the site's root docs, the API reference, the YAML checker, the admin tools,
 * the MCP server and the tests describe: the one place code reads it from (issue 47). Plain JavaScript reading
 * versions.json, so that the site (Rspack), the tests (vitest, Playwright) and the MCP server and scripts (plain
 * Node) all import it as it is. tests/unit/releasedVersion.test.ts fails when another source file types it.
 *
 * `npm run version:cut -- <version>` (scripts/cut-version.mjs) writes versions.json; the facts below that
 * versions.json cannot hold are a human's to update with it (README, "Cut a docs version").
 */
import versions from '../../versions.json' with {type: 'json'};

/** The released docs version, served at the site root: the first entry of versions.json (`docusaurus docs:version`). */
export const RELEASED_VERSION = versions[0];

/** Its docs folder and sidebar file, as `docusaurus docs:version` names them. */
export const RELEASED_DOCS_DIR = `versioned_docs/version-${RELEASED_VERSION}`;
export const RELEASED_SIDEBAR_FILE = `versioned_sidebars/version-${RELEASED_VERSION}-sidebars.json`;

/**
 * Not in versions.json (Docusaurus keeps labels only): the patch release the docs describe, the day it was released
 * and its commit. Checked in the full-history fork houserx/lightdash-hrx of lightdash/lightdash: commit
 * 0b7563df2a95ac3811b8e48bcce0f502dc90e475 is "chore(release): 0.1410.1", 2024-12-11 09:12 UTC, and its
 * packages/backend/package.json says version 0.1410.1. The API contract (contract/main.tsp) carries the same patch.
 */
export const RELEASED_PATCH = '0.1410.1';
export const RELEASE_DATE = '2024-12-11';
export const RELEASE_COMMIT = '0b7563df2a95ac3811b8e48bcce0f502dc90e475';

/** The OpenAPI spec that release's server publishes, kept next to the repository (../shared/reference/). */
export const RELEASED_OPENAPI_FILE_NAME = `lightdash-openapi-${RELEASED_PATCH}.json`;

/**
 * The YAML checker's copy of that release's own two schemas (src/lib/yamlCheck/lightdash-<version>/), and the part of
 * the names of the validators scripts/build-yaml-validator.mjs compiles from them (`generated/lightdash0_1410Cli.mjs`).
 */
export const RELEASED_SCHEMA_DIR = `src/lib/yamlCheck/lightdash-${RELEASED_VERSION}`;
export const RELEASED_FILE_PART = RELEASED_VERSION.replaceAll('.', '_');
