import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

/**
 * Two fixes to @easyops-cn/docusaurus-search-local.
 *
 * Highlighting. The spec wants both: the search terms passed to the chosen page as repeated `_highlight` query
 * parameters, and no highlighting on that page. @easyops-cn/docusaurus-search-local ties the two
 * together: it writes `_highlight` only when `highlightSearchTermsOnTargetPage` is on, and then marks
 * the terms with mark.js. So the option is on, and mark.js is swapped for ./noHighlight.ts, which
 * marks nothing (and saves the ~40 KB of mark.js).
 *
 * Search worker. The plugin's `theme/searchByWorker.js` (how its search box and search page reach its
 * worker) is swapped for src/search/searchByWorker.ts: the site's worker loads a small first-stage
 * index before the whole one, ranks results (src/search/ranking.ts), keeps suggestions while a
 * word is half-typed, and answers the index health check from the same download.
 *
 * Search page parameters. ./client.ts keeps the search page from loading an index for a version or section the site
 * does not have.
 */
export default function searchGuardPlugin(): Plugin {
  const fromSearchPlugin = createRequire(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
  return {
    name: 'search-guard',
    getClientModules() {
      return [require.resolve('./client')];
    },
    configureWebpack() {
      // The plugin imports it as "../searchByWorker" (no extension): both spellings of the path are aliased.
      const searchByWorker = fromSearchPlugin.resolve('./dist/client/client/theme/searchByWorker.js');
      const siteSearchByWorker = path.join(__dirname, '../../src/search/searchByWorker.ts');
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
