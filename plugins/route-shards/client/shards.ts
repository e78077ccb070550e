import Loadable from 'react-loadable';
import type {RouteConfig} from 'react-router-config';
import Loading from '@theme/Loading';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';

/** What a shard chunk exports (see ../index.ts, which writes them). */
interface ShardModule {
  registry: Record<string, unknown>;
  chunkNames: Record<string, unknown>;
  default: () => RouteConfig[];
}

interface Shard {
  prefix: string;
  load: () => Promise<ShardModule>;
  loaded?: Promise<void>;
}

interface ShardedParent {
  path: string;
  /** The parent route's own `routes` array: shards push their routes into it. */
  children: RouteConfig[];
  shards: Shard[];
}

const parents: ShardedParent[] = [];

/** Called by the generated core route table, once per route whose children live in shards. */
export function registerShards(parent: {path: string; routes: RouteConfig[]}, shards: Shard[]): void {
  parents.push({path: parent.path, children: parent.routes, shards});
}

function underPath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/**
 * The shard a pathname needs: the first of its parent's whose prefix it starts with (the split gave
 * each route to the first matching shard, in the same order), else all of the parent's.
 */
function shardsFor(pathname: string): {parent: ShardedParent; shard: Shard}[] {
  return parents
    .filter((parent) => underPath(pathname, parent.path))
    .flatMap((parent) => {
      const first = parent.shards.find((shard) => pathname.startsWith(shard.prefix));
      return (first ? [first] : parent.shards).map((shard) => ({parent, shard}));
    });
}

/** Adds a shard's chunk loaders and chunk names first: its routes' ComponentCreator reads them. */
function install(parent: ShardedParent, module: ShardModule): void {
  Object.assign(registry, module.registry);
  Object.assign(routesChunkNames, module.chunkNames);
  parent.children.push(...module.default());
}

function load(parent: ShardedParent, shard: Shard): Promise<void> {
  shard.loaded ??= shard.load().then(
    (module) => install(parent, module),
    (error: unknown) => {
      shard.loaded = undefined; // the next attempt fetches again
      throw error;
    },
  );
  return shard.loaded;
}

/**
 * When a shard fails on the first load, the page would stay inert (Docusaurus renders only after
 * its preload resolves). The parent gets a stand-in child instead: the Loading component shows the
 * error with Retry. A retry that loads the shard reloads the page, which then renders as usual; a
 * render in place would have to repair a hydration that started from the error state.
 */
function standIn(parent: ShardedParent, shards: Shard[]): RouteConfig {
  const component = Loadable({
    loading: Loading,
    loader: async () => {
      await Promise.all(shards.map((shard) => load(parent, shard)));
      window.location.reload();
      // The spinner stays until the reload replaces the page.
      return new Promise<never>(() => {});
    },
    render: () => null,
  });
  // Not before the first render: a rejected preload would stop Docusaurus from rendering at all.
  // Rendering runs the loader, and Loading shows its error.
  (component as unknown as {preload?: () => Promise<unknown>}).preload = () => Promise.resolve();
  return {path: parent.path, exact: false, component};
}

let firstLoad = true;

/**
 * Loads the shards a pathname needs before Docusaurus matches it against the route table. On the
 * first load a failure leaves a stand-in route (see standIn); later, it rejects like any chunk,
 * and Docusaurus reloads the page.
 */
export async function loadShardsFor(pathname: string): Promise<void> {
  const isFirst = firstLoad;
  firstLoad = false;
  const needed = shardsFor(pathname);
  const failed = new Map<ShardedParent, Shard[]>();
  await Promise.all(
    needed.map(({parent, shard}) =>
      load(parent, shard).catch((error: unknown) => {
        if (!isFirst) throw error;
        console.warn('A route shard failed to load:', error);
        failed.set(parent, [...(failed.get(parent) ?? []), shard]);
      }),
    ),
  );
  for (const [parent, shards] of failed) parent.children.unshift(standIn(parent, shards));
}
