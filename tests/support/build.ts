/**
 * Where the tests find the site's builds, and the one way a test that reads a build says it cannot
 * run: it fails with the command to run, never skips. A suite that skipped when `build/` was missing
 * passed silently on a fresh clone that had not built.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/** The production build (`npm run build`). */
export const BUILD_DIR = path.join(ROOT, 'build');
/** The browser tests' fixture build (`npm run build:e2e`: test-only pages, no API reference). */
export const E2E_BUILD_DIR = path.join(ROOT, 'build-e2e');

/**
 * The production build's folder, after checking that it holds each of `files` (paths inside the
 * build). Call it where a suite is declared, so a missing build fails that suite with its reason.
 */
export function requireBuild(...files: string[]): string {
  for (const file of files.length > 0 ? files : ['index.html']) {
    if (!existsSync(path.join(BUILD_DIR, file))) {
      throw new Error(`This test reads the production build, but build/${file} is missing: run \`npm run build\`.`);
    }
  }
  return BUILD_DIR;
}
