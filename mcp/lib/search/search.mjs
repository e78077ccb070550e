/**
 * Docs search with the site's own index and ranking: the site's search engine
 * (src/search/engine.ts), the module the search box's worker and the relevance tests call, over the
 * index the build wrote, so an agent gets the box's order. The engine reads the index through the docs
 * source (build folder or site), with its path checks, timeouts and size limits; nothing global is
 * touched, so the search runs in a worker thread as well as on the main one. register.mjs lets Node
 * load the site's TypeScript and the plugin's browser modules the engine uses (loader-hooks.mjs).
 */
import {DocsError, readJson} from '../source.mjs';
import {markdownPathOfPage} from '../../../plugins/markdown-export/entry.ts';
import {searchResultLimits} from './generated-constants.mjs';
import {createSearch, SearchDocumentType, VERSION_PATHS} from '../../../src/search/engine.ts';

/**
 * The shapes of the plugin's documents and results, declared once for the site and this server.
 * @typedef {import('../../../src/search/engine.ts').SearchDocument} SearchDocument
 * @typedef {import('../../../src/search/engine.ts').SearchResult} SearchResult
 */

const SNIPPET_CHARS = 280;

/** Where each version's index lives on the site (the plugin's `versionUrl`). */
export {VERSION_PATHS};

/**
 * One hit as the tool returns it.
 * @param {SearchResult} result
 * @param {Map<number, string>} descriptions page id → description
 * @param {string} siteUrl
 */
function toHit(result, descriptions, siteUrl) {
  const {document, type} = result;
  const page = type === SearchDocumentType.Title ? document : result.page || document;
  const pagePath = document.u;
  const anchor = type === SearchDocumentType.Title ? '' : (document.h ?? '');
  const section =
    type === SearchDocumentType.Heading ? document.t : document.s && document.s !== page.t ? document.s : undefined;
  const snippetSource =
    type === SearchDocumentType.Title || type === SearchDocumentType.Keywords || type === SearchDocumentType.Heading
      ? (descriptions.get(page.i) ?? '')
      : document.t;
  return {
    title: page.t,
    ...(section ? {section} : {}),
    url: new URL(`.${pagePath}${anchor}`, siteUrl).href,
    // Every page has a Markdown twin, the API reference's included (issue 48).
    markdownUrl: new URL(`.${markdownPathOfPage(pagePath)}`, siteUrl).href,
    snippet: type === SearchDocumentType.Description ? document.t : excerpt(snippetSource, result.tokens),
  };
}

/** At most SNIPPET_CHARS of `text`, around the first word of the query it contains. */
function excerpt(text, tokens) {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= SNIPPET_CHARS) return clean;
  const lower = clean.toLowerCase();
  const hit = Math.min(...tokens.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), Infinity);
  const start = Number.isFinite(hit) ? Math.max(0, hit - 80) : 0;
  const cut = clean.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < clean.length ? '…' : ''}`;
}

/** Search over one docs source, for both versions. */
export class DocsSearch {
  /**
   * @param source a docs source (source.mjs)
   * @param siteUrl the address hits link to
   */
  constructor(source, siteUrl) {
    this.source = source;
    this.siteUrl = siteUrl;
    // The hits read each page's description, so the index must reach that part. An index that failed
    // to load is asked for again at the next search (a site that was down may be back).
    this.engine = createSearch(
      {readJson: (sitePath) => readJson(source, sitePath)},
      {minParts: SearchDocumentType.Description + 1},
    );
  }

  /**
   * Hits for `query` in `version`, in the site's order.
   * @param {string} query
   * @param {'released' | 'next'} [version]
   * @param {number} [limit]
   */
  async search(query, version = 'released', limit = searchResultLimits) {
    try {
      const loaded = await this.engine.indexes(version);
      const descriptions = new Map(
        loaded.wrappedIndexes[SearchDocumentType.Description].documents.map((d) => [d.p ?? d.i, d.t]),
      );
      const results = await this.engine.search(query, {version, limit});
      return results.map((r) => toHit(r, descriptions, this.siteUrl));
    } catch (error) {
      if (error instanceof DocsError) throw error;
      throw new DocsError(
        `The search index of ${this.source.description} could not be used: ${/** @type {Error} */ (error).message}`,
      );
    }
  }
}
