/**
 * Stands in for the plugin's `theme/searchByWorker.js` (aliased by plugins/search-guard), so its search
 * box and search page talk to the site's worker (./worker.ts): staged index, site ranking, one download
 * shared with the health check. Same exports and behaviour as the plugin's module otherwise (no search
 * outside a production build, where there is no index).
 */
import * as Comlink from 'comlink';
import type {SearchResult} from './types';
import type {IndexHealth} from '../searchIndex';
import {FirstStageRefresh, searchAgain} from './refresh';
import type {SiteSearchWorker} from './worker';

let remote: Promise<Comlink.Remote<SiteSearchWorker>> | undefined;
/** Rejects when the worker's script fails to load or the worker crashes (Comlink would wait forever). */
let failed: Promise<never> | undefined;

function getRemoteWorker(): Promise<Comlink.Remote<SiteSearchWorker>> {
  remote ??= (async () => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url));
    failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', () => reject(new Error('the search worker failed')), {once: true});
    });
    failed.catch(() => undefined);
    const Remote = Comlink.wrap<typeof SiteSearchWorker>(worker);
    return new Remote();
  })();
  return remote;
}

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  await (await getRemoteWorker()).fetchIndexes(baseUrl, searchContext);
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (process.env.NODE_ENV !== 'production') return [];
  const worker = await getRemoteWorker();
  const {results, firstStageOnly} = await worker.searchStaged(baseUrl, searchContext, input, limit);
  refresh.answered(input, firstStageOnly);
  if (firstStageOnly) refreshWhenWhole(worker, baseUrl, searchContext);
  return results;
}

/** What was answered from the first stage, to search again once the whole index is in (./refresh.ts). */
const refresh = new FirstStageRefresh();
const waitingForWhole = new Set<string>();

/**
 * Once the whole index of this context has loaded, searches the reader's query again if its
 * suggestions came from the first stage and the input (the focused one) still holds it.
 */
function refreshWhenWhole(worker: Comlink.Remote<SiteSearchWorker>, baseUrl: string, searchContext: string): void {
  const key = `${baseUrl}\u0000${searchContext}`;
  if (waitingForWhole.has(key)) return;
  waitingForWhole.add(key);
  void worker.whenWhole(baseUrl, searchContext).then((ok) => {
    waitingForWhole.delete(key);
    const input = document.activeElement;
    if (!ok || !(input instanceof HTMLInputElement)) return;
    if (refresh.wholeLoaded(input.value) !== null) searchAgain(input);
  });
}

/** Health of the index at `href`, from the search worker's own download of it. */
export async function indexHealthByWorker(href: string): Promise<IndexHealth> {
  const worker = await getRemoteWorker();
  return Promise.race([worker.health(href), failed ?? new Promise<never>(() => undefined)]);
}
