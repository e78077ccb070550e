/**
 * The search box's web worker, in place of the plugin's (see ./searchByWorker.ts): the same
 * `fetchIndexes` / `search` calls over Comlink, answered from the staged index (./indexStages.ts) with
 * the site's ranking (./rankedSearch.ts), plus `health`, so the index health check uses the very
 * download the search uses instead of fetching the index a second time.
 */
import * as Comlink from 'comlink';
import {
  searchIndexUrl,
  searchResultLimits,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import type {SearchResult} from './types';
import {AnswerCache} from './answers';
import {searchIndexAddress, type IndexHealth} from './searchIndex';
import {IndexCache} from './indexStages';
import {boxResults} from './otherSections';
import {searchSite, searchSiteExplained} from './rankedSearch';
import {closestPagesByTitle, type SimilarPage} from './similarPages';
import {SearchDocumentType} from './documentTypes.mjs';

const cache = new IndexCache((input, init) => fetch(input, init));

const answers = new AnswerCache(searchSite);

/**
 * Words the search page does not name among the ignored ones: "how to create a metric" would say
 * "Ignored: how, to, a", and "doesn't" leaves a "t". The reader loses nothing by their leaving.
 */
const UNSAID_WORDS: ReadonlySet<string> = new Set(['a', 'the', 'to', 'how', 'why', 't']);

/** The plugin's address rule (and its refusal of another origin: "Unexpected version url"). */
function addressOf(baseUrl: string, searchContext: string): string {
  return searchIndexAddress(baseUrl, searchContext, searchIndexUrl, location.origin).href;
}

export class SiteSearchWorker {
  async fetchIndexes(baseUrl: string, searchContext: string): Promise<void> {
    await cache.get(addressOf(baseUrl, searchContext)).ready;
  }

  async search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
    const own = await this.searchIndex(addressOf(baseUrl, searchContext), input, limit);
    // The box (searchResultLimits results) adds other sections' hits when its section's are weak; the
    // search page (100 results) keeps to the section the reader picked.
    if (limit > searchResultLimits) return own;
    return boxResults(own, () => this.searchIndex(addressOf(baseUrl, ''), input, limit), searchContext, input, limit);
  }

  private async searchIndex(address: string, input: string, limit: number): Promise<SearchResult[]> {
    const staged = cache.get(address);
    await staged.ready;
    const loaded = staged.current();
    const results = loaded ? answers.answer(address, loaded, input, limit) : [];
    // The answer is posted before the whole index's download can arrive and hold the worker.
    staged.answered();
    return results;
  }

  /**
   * The search page's answer (src/theme/SearchPage): at most `limit` results of the section's own index
   * (no other sections: the reader chose the section). The first `searchResultLimits` are exactly the
   * box's for the same words and index (the same call, so the same order); the rest follow from the
   * wider search, each page once. With them, the words the search left out, and when nothing was found
   * the pages whose titles are closest to the query. `whole`: wait for the whole index (or its failure)
   * rather than answer from the first stage; the page asks again so when an answer was not `complete`.
   */
  async searchPage(
    baseUrl: string,
    searchContext: string,
    input: string,
    limit: number,
    whole = false,
  ): Promise<SearchPageAnswer> {
    const address = addressOf(baseUrl, searchContext);
    const staged = cache.get(address);
    await (whole ? staged.whole : staged.ready);
    // The whole index has settled when its promise has (a failed one will not get better).
    const complete = await Promise.race([
      staged.whole.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(resolve, 0, false)),
    ]);
    const loaded = staged.current();
    if (!loaded) return {results: [], ignored: [], closest: [], complete: true};
    const first = searchSiteExplained(loaded, input, Math.min(limit, searchResultLimits));
    const pages = new Set(first.results.map((result) => result.document.u));
    const more = answers.answer(address, loaded, input, limit).filter((result) => !pages.has(result.document.u));
    const results = [...first.results, ...more].slice(0, limit);
    staged.answered();
    return {
      results,
      ignored: [...new Set(first.relaxed?.ignored ?? [])].filter((word) => !UNSAID_WORDS.has(word)),
      closest:
        results.length === 0
          ? closestPagesByTitle(input, loaded.wrappedIndexes[SearchDocumentType.Title]?.documents ?? [], 3)
          : [],
      complete,
    };
  }

  /** Health of the index at `href` (an address from searchIndexAddress), loading it if needed. */
  async health(href: string): Promise<IndexHealth> {
    return cache.get(href).health();
  }
}

/** What the search page gets for a query (SiteSearchWorker.searchPage). */
export interface SearchPageAnswer {
  results: SearchResult[];
  /** Words of the query the search left out (on no page, or only saying that something is wrong). */
  ignored: string[];
  /** When there is no result: the pages whose titles are closest to the query. */
  closest: SimilarPage[];
  /** False when the answer came from the first stage (titles and headings) and the rest is loading. */
  complete: boolean;
}

Comlink.expose(SiteSearchWorker);
