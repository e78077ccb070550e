import {indexHealthAt, type IndexHealth} from './searchIndex';

let worker: Worker | null = null;
let nextId = 0;

/**
 * The index health check, run in a worker so the page's thread never parses the index (the
 * search plugin's own worker loads its copy). Falls back to the page's thread when workers are
 * unavailable or the worker's script cannot load, so the reader is still told when search is broken.
 */
export function indexHealthInWorker(href: string): Promise<IndexHealth> {
  if (typeof Worker === 'undefined') return indexHealthAt(href);
  try {
    worker ??= new Worker(new URL('./searchIndexCheck.worker.ts', import.meta.url));
  } catch {
    return indexHealthAt(href);
  }
  const current = worker;
  const id = ++nextId;
  return new Promise((resolve) => {
    const finish = (health: IndexHealth | null) => {
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', onError);
      if (health) resolve(health);
      else void indexHealthAt(href).then(resolve);
    };
    const onMessage = (event: MessageEvent<{id: number; health: IndexHealth}>) => {
      if (event.data?.id === id) finish(event.data.health);
    };
    const onError = () => {
      // The worker's script failed to load or crashed: forget it and check here instead.
      if (worker === current) worker = null;
      finish(null);
    };
    current.addEventListener('message', onMessage);
    current.addEventListener('error', onError);
    current.postMessage({id, href});
  });
}
