/**
 * Stands in for the plugin's `theme/searchByWorker.js` (aliased in ./pluginSwaps.ts), so its search
 * box and search page talk to the site's worker (./worker.ts): staged index, site ranking, one download
 * shared with the health check. Same exports and behaviour as the plugin's module otherwise (no search
 * outside a production build, where there is no index).
 */
import * as Comlink from 'comlink';
import type {SearchResult} from './types';
import type {IndexHealth} from './searchIndex';
import type {SearchPageAnswer, SiteSearchWorker} from './worker';
import {reportSearch} from './searchAnalytics';

let remote: Promise<Comlink.Remote<SiteSearchWorker>> | undefined;
/** Rejects when the worker's script fails to load or the worker crashes (Comlink would wait forever). */
let failed: Promise<never> | undefined;

/**
 * The worker, started on first use. When its script cannot load (offline before the first search),
 * the call fails instead of waiting for an answer that cannot come, and the next call starts anew.
 */
function getRemoteWorker(): Promise<Comlink.Remote<SiteSearchWorker>> {
  remote ??= (async () => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url));
    failed = new Promise<never>((_, reject) => {
      worker.addEventListener(
        'error',
        () => {
          remote = undefined;
          reject(new Error('the search worker failed'));
        },
        {once: true},
      );
    });
    failed.catch(() => undefined);
    const Remote = Comlink.wrap<typeof SiteSearchWorker>(worker);
    return Promise.race([new Remote(), failed]);
  })();
  remote.catch(() => (remote = undefined));
  return remote;
}

/**
 * The plugin's search box and search page import this and searchByWorker (no site code does). The
 * plugin passes the page's section too; the box searches the whole site's index whatever the section
 * (./sectionFavour.ts), so that is the one loaded.
 */
export async function fetchIndexesByWorker(baseUrl: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  await (await getRemoteWorker()).fetchIndexes(baseUrl);
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (process.env.NODE_ENV !== 'production') return [];
  const results = await (await getRemoteWorker()).search(baseUrl, searchContext, input, limit);
  // Only the box calls this; the results page asks searchPageByWorker.
  reportSearch('box', input, results.length);
  return results;
}

/** The search page's results, ignored words and closest pages (SiteSearchWorker.searchPage). */
export async function searchPageByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
  whole = false,
): Promise<SearchPageAnswer> {
  if (process.env.NODE_ENV !== 'production') return {results: [], ignored: [], closest: [], complete: true};
  const answer = await (await getRemoteWorker()).searchPage(baseUrl, searchContext, input, limit, whole);
  // An answer from the first stage may still grow; the complete one is the reader's result.
  if (answer.complete) reportSearch('page', input, answer.results.length);
  return answer;
}

/** Health of the index at `href`, from the search worker's own download of it. */
export async function indexHealthByWorker(href: string): Promise<IndexHealth> {
  const worker = await getRemoteWorker();
  return Promise.race([worker.health(href), failed ?? new Promise<never>(() => undefined)]);
}
