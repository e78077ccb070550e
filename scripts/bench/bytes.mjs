// First-load JavaScript and CSS of a page: every script and stylesheet the browser requests until
// React has hydrated it. Docusaurus 3.10's HTML names only runtime~main and main; the runtime requests
// the route's chunks before hydration, so they are read from the browser's requests, not the HTML.
// Each file is then sized from the build folder, raw and gzip level 9, which makes the figure the
// same for a given build whatever the server does.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {openHydrated} from './browser.mjs';

const gzipCache = new Map();

/** Raw and gzip-9 size of a file of the build. */
export function fileSizes(file) {
  if (!gzipCache.has(file)) {
    const body = fs.readFileSync(file);
    gzipCache.set(file, {raw: body.length, gzip: zlib.gzipSync(body, {level: 9}).length});
  }
  return gzipCache.get(file);
}

/** Sums sizes of URL paths (same-origin requests) found in buildDir; unknown files are listed apart. */
export function sumFiles(buildDir, urlPaths) {
  /** @type {{raw: number, gzip: number, files: string[], missing: string[]}} */
  const total = {raw: 0, gzip: 0, files: [], missing: []};
  for (const urlPath of [...new Set(urlPaths)]) {
    const file = path.join(buildDir, decodeURIComponent(urlPath));
    if (!file.startsWith(buildDir) || !fs.existsSync(file)) {
      total.missing.push(urlPath);
      continue;
    }
    const {raw, gzip} = fileSizes(file);
    total.raw += raw;
    total.gzip += gzip;
    total.files.push(urlPath);
  }
  return total;
}

/** Loads origin+urlPath in a fresh context and returns {js, css} first-load sizes. */
async function firstLoadBytes(browser, origin, buildDir, urlPath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested = {script: [], stylesheet: []};
  const external = []; // other hosts: not in the build, listed so they are not missed silently
  page.on('request', (request) => {
    const type = request.resourceType();
    const url = new URL(request.url());
    if (url.origin === origin) {
      if (type in requested) requested[type].push(url.pathname);
    } else if (/^https?:$/.test(url.protocol)) external.push(url.href);
  });
  try {
    await openHydrated(page, origin + urlPath);
    const root = path.resolve(buildDir);
    return {js: sumFiles(root, requested.script), css: sumFiles(root, requested.stylesheet), external};
  } finally {
    await context.close();
  }
}

/** First-load sizes of every page of a target: {pageType: {js, css}}. */
export async function measureBytes(browser, target) {
  const result = {};
  for (const [pageType, urlPath] of Object.entries(target.pages)) {
    if (!urlPath) continue; // a page type this target does not have
    result[pageType] = await firstLoadBytes(browser, target.origin, target.buildDir, urlPath);
  }
  return result;
}
