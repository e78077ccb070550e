import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

/**
 * A Docusaurus plugin (listed in docusaurus.config.ts) that swaps two modules of
 * @easyops-cn/docusaurus-search-local for the site's own through bundler aliases, and adds the search
 * page's address guard.
 *
 * Search worker. The plugin's `theme/searchByWorker.js` (how its search box and search page reach its
 * worker) is swapped for ./searchByWorker.ts: the site's worker (./worker.ts) loads a small first-stage
 * index before the whole one, ranks results (./ranking.ts), keeps suggestions while a word is
 * half-typed, and answers the index health check from the same download.
 *
 * Highlighting. The spec wants both: the search terms passed to the chosen page as repeated `_highlight`
 * query parameters, and no highlighting on that page. The plugin ties the two together: it writes
 * `_highlight` only when `highlightSearchTermsOnTargetPage` is on, and then marks the terms with mark.js.
 * So the option is on, and mark.js is swapped for ./noHighlight.ts, which marks nothing (and saves the
 * ~40 KB of mark.js).
 *
 * Search page address. ./searchPageGuard.ts (a client module) keeps the search page from loading an
 * index for a version or section the site does not have.
 */
export default function searchPluginSwaps(): Plugin {
  const fromSearchPlugin = createRequire(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
  return {
    name: 'search-plugin-swaps',
    getClientModules() {
      return [require.resolve('./searchPageGuard')];
    },
    configureWebpack() {
      // The plugin imports it as "../searchByWorker" (no extension): both spellings of the path are aliased.
      const searchByWorker = fromSearchPlugin.resolve('./dist/client/client/theme/searchByWorker.js');
      const siteSearchByWorker = path.join(__dirname, 'searchByWorker.ts');
      return {
        resolve: {
          alias: {
            [fromSearchPlugin.resolve('mark.js')]: path.join(__dirname, 'noHighlight.ts'),
            [searchByWorker]: siteSearchByWorker,
            [searchByWorker.replace(/\.js$/, '')]: siteSearchByWorker,
          },
        },
      };
    },
  };
}
