import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Page} from '@playwright/test';
import {BUILD_DIR} from '../support/build';

const build = BUILD_DIR;

export interface FirstLoadKind {
  /** gzip bytes (level 9) of all the files together. */
  total: number;
  /** The files' paths under the site root, in the order the browser asked for them. */
  files: string[];
}

export interface FirstLoad {
  js: FirstLoadKind;
  css: FirstLoadKind;
}

/** gzip size of a built file at level 9: the same for a given build, whatever the server does. */
export function gzipSize(urlPath: string) {
  return zlib.gzipSync(fs.readFileSync(path.join(build, decodeURIComponent(urlPath))), {level: 9}).length;
}

function kind(paths: string[], extension: string): FirstLoadKind {
  const files = paths.filter((p) => p.endsWith(extension));
  return {files, total: files.reduce((sum, f) => sum + gzipSize(f), 0)};
}

/**
 * The JavaScript and CSS a page needs before React has hydrated it, measured on the production build.
 * Docusaurus 3.10's HTML names only the runtime and main bundles and the main stylesheet; the route's
 * chunks are added by the runtime before hydration. An observer set up before the page's first byte
 * records, in order, every `<script src>` and `<link rel=stylesheet>` put into the document until
 * `<html data-has-hydrated>` appears. Counting insertions rather than finished downloads or request
 * events makes the figure the same on every run: prefetches of other pages (`<link rel=prefetch>`)
 * and chunks loaded lazily after hydration are left out however fast the network is.
 */
export async function measureFirstLoad(page: Page, url: string): Promise<FirstLoad> {
  await page.addInitScript(() => {
    const inserted: string[] = [];
    const w = window as unknown as {__firstLoad?: string[]};
    new MutationObserver((records, observer) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (document.documentElement.dataset.hasHydrated !== 'true') continue;
          observer.disconnect();
          w.__firstLoad = inserted;
          return;
        }
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLScriptElement && node.src) inserted.push(node.src);
          if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') inserted.push(node.href);
        });
      }
      // The init script runs before <html> exists, so the whole document is observed.
    }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
  });
  await page.goto(url);
  const handle = await page.waitForFunction(() => (window as unknown as {__firstLoad?: string[]}).__firstLoad);
  const origin = new URL(page.url()).origin;
  const paths = ((await handle.jsonValue()) as string[])
    .map((address) => new URL(address))
    .filter((address) => address.origin === origin)
    .map((address) => address.pathname);
  return {js: kind([...new Set(paths)], '.js'), css: kind([...new Set(paths)], '.css')};
}
