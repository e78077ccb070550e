/**
 * Splits Docusaurus's generated route table into a core table (in the main bundle) and shards
 * (one chunk each, loaded when a reader first opens a page of theirs). Pure functions over the text
 * of `.docusaurus/routes.js`, `registry.js` and `routesChunkNames.json`; see README.md.
 */

/** A route as `.docusaurus/routes.js` declares it; `component` holds ComponentCreator's arguments. */
export interface RouteEntry {
  path: string;
  component?: {creator: [string, string?]};
  exact?: boolean;
  routes?: RouteEntry[];
  [attribute: string]: unknown;
}

/** Children of the route at `parent` whose path starts with `prefix` move to the shard `name`. */
export interface ShardSpec {
  name: string;
  parent: string;
  prefix: string;
}

/** A route whose children left for shards: the core table keeps it with an empty `routes`. */
interface ShardedParent {
  /** Index path in the core tree, e.g. [3, 0, 2]: which `routes` array becomes the shards' home. */
  at: number[];
  parent: string;
  shards: {name: string; prefix: string; routes: RouteEntry[]}[];
}

/**
 * Reads the generated route table. The file is data written by Docusaurus's codegen: an array
 * literal whose only calls are `ComponentCreator(path, hash)`, evaluated here with a stand-in.
 */
export function parseRoutes(source: string): RouteEntry[] {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/export default/, 'return')
    .trim();
  const creator = (path: string, hash?: string) => ({creator: hash === undefined ? [path] : [path, hash]});
  return new Function('ComponentCreator', body)(creator) as RouteEntry[];
}

function isLeaf(route: RouteEntry): boolean {
  return route.exact === true && !route.routes;
}

/**
 * Moves the leaf children of each spec's parent into its shard. A parent is split only where every
 * child is an exact leaf, so the order of the children cannot change which route matches. The first
 * spec whose prefix a child's path starts with takes it; a child no spec takes stays in the core.
 */
export function splitRoutes(tree: RouteEntry[], specs: ShardSpec[]): {core: RouteEntry[]; parents: ShardedParent[]} {
  const parents: ShardedParent[] = [];
  const visit = (routes: RouteEntry[], at: number[]): RouteEntry[] =>
    routes.map((route, index) => {
      if (!route.routes) return route;
      const here = [...at, index];
      const mine = specs.filter((spec) => spec.parent === route.path);
      if (mine.length > 0 && route.routes.every(isLeaf)) {
        const shards = mine.map((spec) => ({name: spec.name, prefix: spec.prefix, routes: [] as RouteEntry[]}));
        const kept: RouteEntry[] = [];
        for (const child of route.routes) {
          const shard = shards.find((s) => child.path.startsWith(s.prefix));
          (shard ? shard.routes : kept).push(child);
        }
        const used = shards.filter((s) => s.routes.length > 0);
        if (used.length > 0) {
          parents.push({at: here, parent: route.path, shards: used});
          return {...route, routes: kept};
        }
        return route;
      }
      return {...route, routes: visit(route.routes, here)};
    });
  return {core: visit(tree, []), parents};
}

/** The `path-hash` keys of routesChunkNames.json that a list of routes (and their children) uses. */
export function chunkKeys(routes: RouteEntry[]): string[] {
  return routes.flatMap((route) => [
    ...(route.component?.creator[1] !== undefined ? [`${route.path}-${route.component.creator[1]}`] : []),
    ...chunkKeys(route.routes ?? []),
  ]);
}

/** Every chunk name a routesChunkNames entry mentions (values of a nested record). */
export function chunkNamesOf(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (entry && typeof entry === 'object') return Object.values(entry).flatMap(chunkNamesOf);
  return [];
}

/** registry.js as one line of source per chunk name (Docusaurus writes one entry a line). */
export function parseRegistry(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of source.split('\n')) {
    const match = /^\s*"([^"]+)": \[\(\) => import\(/.exec(line);
    // An entry ends with `)]`; the codegen puts the object's closing `};` on the last entry's line.
    if (match) entries.set(match[1], line.slice(0, line.lastIndexOf(')]') + 2));
  }
  return entries;
}

function componentSource(route: RouteEntry): string {
  const [path, hash] = route.component!.creator;
  return hash === undefined
    ? `ComponentCreator(${JSON.stringify(path)})`
    : `ComponentCreator(${JSON.stringify(path)}, ${JSON.stringify(hash)})`;
}

/** A routes array as JavaScript, with ComponentCreator calls where the codegen had them. */
export function routesSource(routes: RouteEntry[], indent = ''): string {
  const inner = indent + '  ';
  const items = routes.map((route) => {
    const fields = Object.entries(route).map(([key, value]) => {
      if (key === 'component') return `${inner}  component: ${componentSource(route)}`;
      if (key === 'routes') return `${inner}  routes: ${routesSource(value as RouteEntry[], inner + '  ')}`;
      return `${inner}  ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    });
    return `${inner}{\n${fields.join(',\n')}\n${inner}}`;
  });
  return `[\n${items.join(',\n')}\n${indent}]`;
}

/** A registry module's body: the entries for `names`, in the codegen's own words. */
export function registrySource(registry: Map<string, string>, names: Iterable<string>): string {
  const lines = [...new Set(names)]
    .filter((name) => registry.has(name))
    .sort()
    .map((name) => registry.get(name));
  return `{\n${lines.join(',\n')}\n}`;
}
