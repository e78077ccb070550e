import {indexHealthAt, type IndexHealth} from './searchIndex';
import {indexHealthByWorker} from './searchByWorker';

/**
 * The index health check. It asks the search worker (./worker.ts), which loads the index
 * for the search box anyway: one download serves both, and the page's thread never parses the index.
 * Falls back to the page's thread when workers are unavailable or the worker cannot start, so the
 * reader is still told when search is broken.
 */
export async function indexHealthInWorker(href: string): Promise<IndexHealth> {
  if (typeof Worker === 'undefined') return indexHealthAt(href);
  try {
    return await withTimeout(indexHealthByWorker(href), WORKER_TIMEOUT_MS);
  } catch {
    return indexHealthAt(href);
  }
}

/**
 * A worker whose script fails to load never answers over Comlink: after this long the check runs on
 * the page's thread instead. Long enough for a slow phone to fetch and parse the index.
 */
const WORKER_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
