import type {Plugin} from '@docusaurus/types';

/**
 * When a page's chunk fails on the first load, Docusaurus never renders (its preload promise
 * rejects before hydration) and the page stays inert. This client module lets that first render
 * go ahead so the Loading component shows the error with a Retry button. Later navigations keep
 * the core behaviour (a failed preload reloads the page) while online; offline the page stays and
 * says why the link did not open (see ./README.md).
 */
export default function chunkRecoveryPlugin(): Plugin {
  return {
    name: 'chunk-recovery',
    getClientModules() {
      return [require.resolve('./client')];
    },
  };
}
