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

/** A box search waiting for the worker, and the callers that get its answer. */
interface BoxSearch {
  args: [baseUrl: string, searchContext: string, input: string, limit: number];
  callers: {resolve: (results: SearchResult[]) => void; reject: (error: unknown) => void}[];
}

/** The newest box search not yet sent to the worker (null when none waits). */
let waiting: BoxSearch | null = null;
let boxBusy = false;

/**
 * The box's search for `input`. Only one box search is with the worker at a time, and of the ones
 * typed meanwhile only the newest is sent: a reader typing fast (10 ms a key) would otherwise queue a
 * search per key, each ~20–50 ms in the worker, and see the list of an earlier prefix for a second or
 * more before the final text's came (the box shows an answer only for its current text). A search
 * that was passed over gets the newer text's answer, which the box ignores as it does any answer to
 * text no longer in it.
 */
export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (process.env.NODE_ENV !== 'production') return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const callers = [...(waiting?.callers ?? []), {resolve, reject}];
    waiting = {args: [baseUrl, searchContext, input, limit], callers};
    void sendBoxSearches();
  });
}

/** Sends the newest waiting box search, one at a time, until none waits. */
async function sendBoxSearches(): Promise<void> {
  if (boxBusy) return;
  boxBusy = true;
  try {
    while (waiting) {
      const {args, callers} = waiting;
      waiting = null;
      try {
        const results = await (await getRemoteWorker()).search(...args);
        // Only the box calls this; the results page asks searchPageByWorker.
        reportSearch('box', args[2], results.length);
        for (const caller of callers) caller.resolve(results);
      } catch (error) {
        for (const caller of callers) caller.reject(error);
      }
    }
  } finally {
    boxBusy = false;
  }
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
