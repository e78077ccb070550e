/**
 * Docs search with the site's own index and ranking: the search plugin's browser worker
 * (`SearchWorker` from @easyops-cn/docusaurus-search-local), called unchanged on the index the build
 * wrote, searched and ranked by the site's own `searchSite` (src/search/rankedSearch.ts), as the search
 * box does. tests/search/pluginSearch.ts runs the same code for the relevance
 * figures; see register.mjs / loader-hooks.mjs for how Node loads it.
 *
 * The worker fetches `<baseUrl>search-index.json` with `fetch` after checking that the address is on
 * `location.origin`, as in a browser. Here `location.origin` is a private origin that no network
 * request can reach, and `fetch` for that origin reads from the docs source (build folder or site),
 * so the index comes through the source's path checks, timeouts and size limits.
 */
import {SearchWorker} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
import {DocsError, readJson} from '../source.mjs';
import {markdownPathOfPage} from '../../../plugins/markdown-export/markdownPath.ts';
import {searchResultLimits} from './generated-constants.mjs';
import {searchSite} from '../../../src/search/rankedSearch.ts';
import {looksLikeSearchIndex} from '../../../src/search/searchIndex.ts';
import {SearchDocumentType} from '../../../src/search/documentTypes.mjs';

/**
 * The shapes of the plugin's documents and results, declared once for the site and this server.
 * @typedef {import('../../../src/search/types').SearchDocument} SearchDocument
 * @typedef {import('../../../src/search/types').SearchResult} SearchResult
 */

const WORKER_ORIGIN = 'http://lightdash-docs-mcp.invalid';
const SNIPPET_CHARS = 280;

/** Where each version's index lives on the site (the plugin's `versionUrl`). */
export const VERSION_PATHS = {released: '/', next: '/next/'};

/** source key (first path segment under WORKER_ORIGIN) → docs source */
const sourcesByKey = new Map();
let nextKey = 1;

function installWorkerEnvironment() {
  if (globalThis.location?.origin === WORKER_ORIGIN) return;
  if (globalThis.location) throw new Error('The docs search cannot run where `location` is already defined.');
  globalThis.location = {origin: WORKER_ORIGIN};
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const href = typeof input === 'string' ? input : (input?.href ?? input?.url ?? String(input));
    if (!href.startsWith(`${WORKER_ORIGIN}/`)) return networkFetch(input, init);
    return indexResponse(new URL(href));
  };
}

/** Answers the worker's request for a search index from the source it belongs to. */
async function indexResponse(url) {
  const [, key, ...rest] = url.pathname.split('/');
  const source = sourcesByKey.get(key);
  if (!source) throw new Error(`No docs source for ${url.href}`);
  const sitePath = `/${rest.join('/')}`;
  const data = await readJson(source, sitePath);
  // The hits read each page's description, so the index must reach that part.
  if (!looksLikeSearchIndex(data, SearchDocumentType.Description + 1)) {
    throw new DocsError(`${sitePath} from ${source.description} is not a search index of these docs.`);
  }
  // The worker only calls `.json()`; handing it the parsed index saves parsing 5 MB twice.
  return {ok: true, status: 200, json: async () => data};
}

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
    installWorkerEnvironment();
    this.source = source;
    this.siteUrl = siteUrl;
    this.worker = new SearchWorker();
    this.attempt = 0;
    this.key = '';
    this.renewKey();
  }

  /**
   * The worker caches an index download, failed ones too, by address; a new address after a failure
   * lets the next search try again (a site that was down may be back).
   */
  renewKey() {
    sourcesByKey.delete(this.key);
    this.key = `s${nextKey++}`;
    sourcesByKey.set(this.key, this.source);
  }

  baseUrl(version) {
    return `${WORKER_ORIGIN}/${this.key}${VERSION_PATHS[version]}`;
  }

  /** Hits for `query` in `version` ('released' or 'next'), in the site's order. */
  async search(query, version = 'released', limit = searchResultLimits) {
    const baseUrl = this.baseUrl(version);
    try {
      const loaded = await this.worker.lowLevelFetchIndexes(baseUrl, '');
      const descriptions = new Map(
        loaded.wrappedIndexes[SearchDocumentType.Description].documents.map((d) => [d.p ?? d.i, d.t]),
      );
      return searchSite(loaded, query, limit).map((r) => toHit(r, descriptions, this.siteUrl));
    } catch (error) {
      this.renewKey();
      if (error instanceof DocsError) throw error;
      throw new DocsError(`The search index of ${this.source.description} could not be used: ${error.message}`);
    }
  }
}
