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
import {searchIndexAddress, type IndexHealth} from '../searchIndex';
import {IndexCache} from './indexStages';
import {boxResults} from './otherSections';
import {searchSite} from './rankedSearch';

const cache = new IndexCache((input, init) => fetch(input, init));

const answers = new AnswerCache(searchSite);

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

  /** Health of the index at `href` (an address from searchIndexAddress), loading it if needed. */
  async health(href: string): Promise<IndexHealth> {
    return cache.get(href).health();
  }
}

Comlink.expose(SiteSearchWorker);
