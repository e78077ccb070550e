import type {ClientModule} from '@docusaurus/types';
import {sendEvent} from '@site/src/lib/analytics';
import {searchTracker} from '@site/src/search/searchAnalytics';

// A reader who closes the tab or leaves the site with a search open has left it (see searchAnalytics.ts).
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => searchTracker()?.left());

const client: ClientModule = {
  // As navigation starts, not once the next page has loaded: on a slow network that can take longer than the grace
  // time a search box gives a clicked hit (searchAnalytics.ts).
  onRouteUpdate({location, previousLocation}) {
    // The results page writing its filters into the address is not leaving it.
    if (previousLocation && previousLocation.pathname === location.pathname) return;
    // A result link carries the plugin's `_highlight` terms: a hit was opened, else a search in progress was left.
    if (new URLSearchParams(location.search).has('_highlight')) searchTracker()?.openedHit();
    else searchTracker()?.left();
  },
  onRouteDidUpdate({location, previousLocation}) {
    // Only a new page counts: a hash or query change on the same page is not a page view.
    if (previousLocation && previousLocation.pathname === location.pathname) return;
    const referrer = previousLocation ? window.location.origin + previousLocation.pathname : document.referrer;
    // react-helmet-async sets the new title on the next tick.
    window.setTimeout(() => {
      sendEvent({type: 'pageview', path: location.pathname, referrer, title: document.title, timestamp: Date.now()});
    }, 0);
  },
};

export default client;
