/**
 * A docs page as Markdown: the build writes `<page>.md` next to every page (plugins/markdown-export),
 * and the docs home of each version is `index.md`.
 */
import {DocsError, NotFoundError, safeSitePath} from './source.mjs';
import {markdownPathOfPage} from '../../plugins/markdown-export/entry.ts';

/**
 * The site path of a page's Markdown file, from what a reader or an assistant may paste: a path
 * (`/guides/pinning`, `guides/pinning.md`, `/next/`), or a full URL of these docs (the deployed site
 * or the source's own address). Query strings and anchors are dropped.
 */
function markdownPathOfInput(page, siteUrls) {
  const input = page.trim();
  let pathname;
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) {
    pathname = pathOfDocsUrl(input, siteUrls);
  } else {
    pathname = (input.startsWith('/') ? input : `/${input}`).replace(/[?#].*$/, '');
  }
  const decoded = safeSitePath(pathname);
  const page_ = decoded
    .replace(/\/+$/, '')
    .replace(/\.(md|html)$/, '')
    .replace(/\/index$/, '');
  // Only a version's home has a page path ending in `/`; any other page is named without one.
  const isVersionHome = page_ === '' || page_ === '/next';
  return markdownPathOfPage(isVersionHome ? `${page_}/` : page_);
}

/** The path of a URL on one of these docs' sites; any other address is refused. */
function pathOfDocsUrl(input, siteUrls) {
  let url;
  try {
    url = new URL(input);
  } catch {
    throw new DocsError(`"${input}" is not a valid URL.`);
  }
  const site = siteUrls.find((s) => s.origin === url.origin && url.pathname.startsWith(s.pathname));
  if (!site) {
    const origins = [...new Set(siteUrls.map((s) => s.origin))].join(' or ');
    throw new DocsError(
      `"${input}" is not a page of these docs: give a path like /guides/pinning or a URL on ${origins}.`,
    );
  }
  // A site served under a sub-path (https://host/docs/): page paths are relative to it.
  return `/${url.pathname.slice(site.pathname.length).replace(/^\/+/, '')}`;
}

/** Whether a Markdown path is a page of the Next docs (`/next/...`). */
export const isNextPath = (markdownPath) => markdownPath.startsWith('/next/');

/**
 * The Markdown path of `markdownPath` in a docs version: 'next' puts a released path under /next/;
 * 'released' refuses a /next/ path (the two disagree, and guessing would answer the wrong version).
 * Without a version, the path says which version it is.
 */
function inVersion(markdownPath, version) {
  if (version === 'next' && !isNextPath(markdownPath)) return `/next${markdownPath}`;
  if (version === 'released' && isNextPath(markdownPath)) {
    throw new DocsError(
      `${markdownPath.replace(/\.md$/, '')} is a page of the Next docs, but the released version was asked for: ` +
        'drop /next/ from the path, or ask for version "next".',
    );
  }
  return markdownPath;
}

/**
 * The page's Markdown, or a DocsError saying that it is not a page of these docs.
 * @param {import('./source.mjs').DocsSource} source
 * @param {string} page
 * @param siteUrls
 * @param {{version?: 'released' | 'next'}} [options]  the docs version to read the page from
 */
export async function readPage(source, page, siteUrls, {version} = {}) {
  const markdownPath = inVersion(markdownPathOfInput(page, siteUrls), version);
  try {
    return {markdownPath, markdown: await source.readText(markdownPath)};
  } catch (error) {
    // A page whose URL ends in `/` other than a version home (the API reference's /api/v1/) has an index.md.
    const folderIndex = markdownPath.replace(/\.md$/, '/index.md');
    if (error instanceof NotFoundError) {
      try {
        return {markdownPath: folderIndex, markdown: await source.readText(folderIndex)};
      } catch {
        // Not that either: report the page as asked.
      }
    }
    if (error instanceof NotFoundError) {
      throw new NotFoundError(
        `There is no docs page at ${markdownPath.replace(/\.md$/, '')}. ${error.message} ` +
          'Find the right path with search_docs ' +
          '(released pages are at /..., Next pages at /next/...).',
      );
    }
    throw error;
  }
}
