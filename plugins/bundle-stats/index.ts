import fs from 'node:fs';
import type {Plugin} from '@docusaurus/types';

/** The part of Rspack's stats this plugin reads. */
interface StatsModule {
  name?: string;
  size?: number;
  chunks?: (string | number)[];
}
interface StatsChunk {
  id?: string | number;
  names?: string[];
  initial?: boolean;
  files?: string[];
}

/**
 * For `npm run bench -- --only bundle`: when BUNDLE_STATS names a file, the client build writes the
 * modules of its first-load chunks there (name and size before minification), so the bench can say
 * where the main bundle's bytes come from. Without the variable it does nothing.
 */
export default function bundleStatsPlugin(): Plugin {
  return {
    name: 'bundle-stats',
    configureWebpack(_config, isServer) {
      const file = process.env.BUNDLE_STATS;
      if (isServer || !file) return {};
      return {
        plugins: [
          {
            apply(compiler: {
              hooks: {done: {tap: (name: string, fn: (stats: {toJson: (o: object) => unknown}) => void) => void}};
            }) {
              compiler.hooks.done.tap('bundle-stats', (stats) => {
                const json = stats.toJson({all: false, chunks: true, modules: true, ids: true}) as {
                  chunks?: StatsChunk[];
                  modules?: StatsModule[];
                };
                const initial = (json.chunks ?? []).filter((chunk) => chunk.initial);
                const ids = new Set(initial.map((chunk) => chunk.id));
                const modules = (json.modules ?? [])
                  .filter((module) => (module.chunks ?? []).some((id) => ids.has(id)))
                  .map(({name, size}) => ({name, size}));
                fs.writeFileSync(
                  file,
                  JSON.stringify({chunks: initial.map(({names, files}) => ({names, files})), modules}),
                );
              });
            },
          },
        ],
      };
    },
  };
}
