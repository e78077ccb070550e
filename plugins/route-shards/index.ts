import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';
import {
  chunkKeys,
  chunkNamesOf,
  parseRegistry,
  parseRoutes,
  registrySource,
  routesSource,
  splitRoutes,
  type RouteEntry,
  type ShardSpec,
} from './split';

/**
 * Which routes leave the main bundle: the API reference's pages (schemas apart from operations, so
 * a schema page loads only the schemas' table) and the Next docs. The released docs, the home page
 * and /search stay in the core table.
 */
const SHARDS: ShardSpec[] = [
  {name: 'api-schemas', parent: '/api/v1', prefix: '/api/v1/schemas/'},
  {name: 'api', parent: '/api/v1', prefix: '/api/v1/'},
  {name: 'next', parent: '/next', prefix: '/next/'},
];

const clientDir = path.join(__dirname, 'client');

/** The files that replace @generated/routes, registry and routesChunkNames in the client bundle. */
export function writeShardModules(generatedDir: string, outDir: string, specs: ShardSpec[] = SHARDS): string[] {
  const read = (file: string) => fs.readFileSync(path.join(generatedDir, file), 'utf8');
  const tree = parseRoutes(read('routes.js'));
  const registry = parseRegistry(read('registry.js'));
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, unknown>;
  const {core, parents} = splitRoutes(tree, specs);

  const pick = (routes: RouteEntry[]) => Object.fromEntries(chunkKeys(routes).map((key) => [key, chunkNames[key]]));
  const namesIn = (record: Record<string, unknown>) => Object.values(record).flatMap(chunkNamesOf);
  fs.mkdirSync(outDir, {recursive: true});
  const write = (file: string, source: string) => fs.writeFileSync(path.join(outDir, file), source);

  const coreChunkNames = pick(core);
  write('routesChunkNames.json', JSON.stringify(coreChunkNames));
  write('registry.js', `export default ${registrySource(registry, namesIn(coreChunkNames))};\n`);

  const shardNames: string[] = [];
  for (const parent of parents) {
    for (const shard of parent.shards) {
      const own = pick(shard.routes);
      shardNames.push(shard.name);
      write(
        `shard-${shard.name}.js`,
        [
          `import ComponentCreator from '@docusaurus/ComponentCreator';`,
          `export const registry = ${registrySource(registry, namesIn(own))};`,
          `export const chunkNames = ${JSON.stringify(own)};`,
          `export default function routes() {\n  return ${routesSource(shard.routes, '  ')};\n}`,
          '',
        ].join('\n'),
      );
    }
  }

  const registrations = parents.map((parent) => {
    const route = `routes${parent.at.map((index, depth) => (depth === 0 ? `[${index}]` : `.routes[${index}]`)).join('')}`;
    const shards = parent.shards.map(
      (shard) =>
        `{prefix: ${JSON.stringify(shard.prefix)}, load: () => import(/* webpackChunkName: "route-shard-${shard.name}" */ './shard-${shard.name}.js')}`,
    );
    return `registerShards(${route}, [\n  ${shards.join(',\n  ')}\n]);`;
  });
  write(
    'routes.js',
    [
      `import ComponentCreator from '@docusaurus/ComponentCreator';`,
      `import {registerShards} from ${JSON.stringify(path.join(clientDir, 'shards'))};`,
      `const routes = ${routesSource(core)};`,
      ...registrations,
      'export default routes;',
      '',
    ].join('\n'),
  );
  return shardNames;
}

/**
 * Keeps the routes of the API reference and of the Next docs out of the main bundle. The server
 * bundle (which pre-renders every page) keeps Docusaurus's whole route table, so each page's HTML
 * is unchanged; the client bundle gets a core table, and each shard is a chunk loaded by the
 * replaced preload before a page of its own is rendered. See README.md.
 */
export default function routeShardsPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-shards',
    configureWebpack(config, isServer, utils) {
      // The dev server regenerates the route table as pages change; it keeps the whole table.
      if (isServer || config.mode === 'development') return {};
      const outDir = path.join(context.generatedFilesDir, 'route-shards');
      writeShardModules(context.generatedFilesDir, outDir);
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance as unknown as {
        NormalModuleReplacementPlugin: new (
          pattern: RegExp,
          replace: (data: {request: string; context: string}) => void,
        ) => WebpackPluginInstance;
      };
      const docusaurusClient = path.dirname(require.resolve('@docusaurus/core/lib/client/preload.js'));
      /** Replaces a request by `file`, only where `from` (a folder) imports it when given. */
      const replace = (pattern: RegExp, file: string, from?: string) =>
        new NormalModuleReplacementPlugin(pattern, (data) => {
          if (!from || path.resolve(data.context) === from) data.request = file;
        });
      return {
        plugins: [
          replace(/^@generated\/routes$/, path.join(outDir, 'routes.js')),
          replace(/^@generated\/registry$/, path.join(outDir, 'registry.js')),
          replace(/^@generated\/routesChunkNames$/, path.join(outDir, 'routesChunkNames.json')),
          // Docusaurus's client imports it as './preload' (from clientEntry, PendingNavigation, docusaurus.js).
          replace(/^\.\/preload$/, path.join(clientDir, 'preload.ts'), docusaurusClient),
        ],
      };
    },
  };
}
