import fs from 'node:fs';
import path from 'node:path';
import {RELEASED_VERSION} from '../src/lib/releasedVersion.mjs';

/**
 * The routes the site must serve, read from tests/fixtures/routes.md (a copy of
 * shared/facts/routes.md, the project's route list; refresh the copy when that file changes).
 */
export interface RouteRow {
  readonly route: string;
  readonly kind: string;
  readonly released: boolean;
  readonly next: boolean;
}

const file = path.join(__dirname, 'fixtures/routes.md');

export function routeRows(): RouteRow[] {
  const rows: RouteRow[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const route = /^`(\/[^`]*)`$/.exec(cells[1] ?? '')?.[1];
    if (!route) continue;
    const versions = cells[5] ?? '';
    rows.push({
      route,
      kind: cells[2],
      released: versions.includes(RELEASED_VERSION),
      next: versions.includes('Next'),
    });
  }
  return rows;
}

/** Old path → new path, from the "Client redirects" list. */
export function oldRedirects(): [string, string][] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^- `(\/[^`]+)` → `(\/[^`]+)`$/gm)].map((m) => [m[1], m[2]]);
}
