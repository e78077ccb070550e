#!/usr/bin/env node
// Cuts a docs version: `npm run version:cut -- <version>`. Docusaurus snapshots docs/ (Next) into
// versioned_docs/version-<version>/ and versioned_sidebars/, and puts <version> first in versions.json. That is the
// one file of code or configuration that changes: the site, the MCP server, the scripts and the tests read the
// released version from src/lib/releasedVersion.mjs, which reads versions.json. What still describes the old release
// is for a person to review: README, "Cut a docs version", lists it.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Why `version` cannot be cut, or null. Lightdash versions are `<major>.<minor>`, such as the one released now. */
export function versionProblem(version, versions) {
  // No example number here: any number typed in code could be the next version (tests/unit/releasedVersion.test.ts).
  if (!version) return 'Give the version to cut: npm run version:cut -- <major>.<minor>, as versions.json names them.';
  if (!/^\d+\.\d+$/.test(version)) return `"${version}" is not a Lightdash minor version (<major>.<minor>).`;
  if (versions.includes(version)) return `${version} is already a docs version (versions.json).`;
  const newer = (a, b) => {
    const [aMajor, aMinor] = a.split('.').map(Number);
    const [bMajor, bMinor] = b.split('.').map(Number);
    return aMajor > bMajor || (aMajor === bMajor && aMinor > bMinor);
  };
  if (versions[0] && !newer(version, versions[0])) return `${version} is not newer than the released ${versions[0]}.`;
  return null;
}

function main() {
  const version = process.argv[2];
  const versions = JSON.parse(fs.readFileSync(path.join(siteDir, 'versions.json'), 'utf8'));
  const problem = versionProblem(version, versions);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const docusaurus = path.join(siteDir, 'node_modules/.bin/docusaurus');
  const result = spawnSync(docusaurus, ['docs:version', version], {cwd: siteDir, stdio: 'inherit'});
  if (result.status !== 0) {
    console.error(
      `docusaurus docs:version ${version} failed (see above); versions.json is unchanged unless it says so.`,
    );
    process.exit(result.status ?? 1);
  }
  console.log(
    `\n${version} is now the released version (versions.json). Review what still describes the old release: ` +
      'README.md, "Cut a docs version".',
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
