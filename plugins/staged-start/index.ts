import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Replaces the client bundle's entry with ./entry.ts, which evaluates the main bundle in a few
 * tasks instead of one. See README.md.
 */
export default function stagedStartPlugin(): Plugin {
  return {
    name: 'staged-start',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const original = config.entry;
      if (typeof original !== 'string') {
        throw new Error(
          `staged-start: expected Docusaurus's client entry to be one file, got ${JSON.stringify(original)}`,
        );
      }
      return {
        mergeStrategy: {entry: 'replace'},
        entry: path.join(__dirname, 'entry.ts'),
        resolve: {alias: {'@docusaurus-client-entry$': original}},
      };
    },
  };
}
