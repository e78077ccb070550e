/**
 * The search box's web worker, in place of the plugin's (see ./searchByWorker.ts): the same
 * `fetchIndexes` / `search` calls over Comlink, answered from the staged index (./indexStages.ts) with
 * the site's ranking (./engine.ts, the module the MCP server and the tests call too), plus `health`, so the index health check uses the very
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
import {sectionFavour} from './sectionFavour';
import {searchSite} from './engine';
import {pageResults, type PageResults} from './pageResults';

const cache = new IndexCache((input, init) => fetch(input, init));

/**
 * Answers already given, per reader's section (inside the API reference the box favours its pages,
 * ./sectionFavour.ts); '' favours none, for the box on the home page and for the search page. The index address is part of each key.
 */
const answersBySection = new Map<string, AnswerCache>();

function answersFor(section: string): AnswerCache {
  let answers = answersBySection.get(section);
  if (!answers) {
    const favour = sectionFavour(section);
    answers = new AnswerCache((loaded, input, limit) => searchSite(loaded, input, limit, favour));
    answersBySection.set(section, answers);
  }
  return answers;
}

/** The plugin's address rule (and its refusal of another origin: "Unexpected version url"). */
function addressOf(baseUrl: string, searchContext: string): string {
  return searchIndexAddress(baseUrl, searchContext, searchIndexUrl, location.origin).href;
}

export class SiteSearchWorker {
  /**
   * The box asks for its section's index when it gets focus (the plugin passes the section as a second
   * argument); it searches the whole site's (see search), so that is the one loaded.
   */
  async fetchIndexes(baseUrl: string): Promise<void> {
    await cache.get(addressOf(baseUrl, '')).ready;
  }

  async search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
    // The box searches the whole site (./sectionFavour.ts: only the API reference's pages favoured there).
    const address = addressOf(baseUrl, '');
    const staged = cache.get(address);
    await staged.ready;
    const loaded = staged.current();
    const results = loaded ? answersFor(searchContext).answer(address, loaded, input, limit) : [];
    // The answer is posted before the whole index's download can arrive and hold the worker.
    staged.answered();
    return results;
  }

  /**
   * The search page's answer (src/theme/SearchPage, ./pageResults.ts): at most `limit` results of the
   * index of the section the reader chose ('' for every section), no section favoured; with every
   * section, its first `searchResultLimits` are the box's on the home page. `whole`: wait for the whole
   * index (or its failure) rather than answer from the first stage; the page asks again so when an
   * answer was not `complete`.
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
    const answer = pageResults(loaded, input, limit, searchResultLimits, (wider) =>
      answersFor('').answer(address, loaded, input, wider),
    );
    staged.answered();
    return {...answer, complete};
  }

  /** Health of the index at `href` (an address from searchIndexAddress), loading it if needed. */
  async health(href: string): Promise<IndexHealth> {
    return cache.get(href).health();
  }
}

/** What the search page gets for a query (SiteSearchWorker.searchPage). */
export interface SearchPageAnswer extends PageResults {
  /** False when the answer came from the first stage (titles and headings) and the rest is loading. */
  complete: boolean;
}

Comlink.expose(SiteSearchWorker);
