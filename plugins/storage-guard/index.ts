import type {Plugin} from '@docusaurus/types';

/**
 * Repairs corrupted localStorage values before React hydrates (see ./client.ts).
 */
export default function storageGuardPlugin(): Plugin {
  return {
    name: 'storage-guard',
    getClientModules() {
      return [require.resolve('./client')];
    },
  };
}
