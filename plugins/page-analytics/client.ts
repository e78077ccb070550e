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
    whenTitleIsNew(() => {
      lastTitle = document.title;
      sendEvent({type: 'pageview', path: location.pathname, referrer, title: document.title, timestamp: Date.now()});
    });
  },
};

/** The title the last page view was sent with. */
let lastTitle: string | undefined;

/** How long a page view waits for its page's title; a page titled like the one before is sent after this. */
const TITLE_WAIT_MS = 1000;

/**
 * Runs `send` once the document's title is no longer the last page view's. react-helmet-async writes the new page's
 * title in an animation frame, which on a busy machine came after a zero timeout: CI once saw the previous page's
 * title sent with the new path. So wait for the title to change (a MutationObserver on <head>), or at most
 * TITLE_WAIT_MS for a page whose title is the same as the one before.
 */
function whenTitleIsNew(send: () => void) {
  if (document.title !== lastTitle) {
    send();
    return;
  }
  let sent = false;
  const finish = () => {
    if (sent) return;
    sent = true;
    observer.disconnect();
    window.clearTimeout(timer);
    send();
  };
  const observer = new MutationObserver(() => {
    if (document.title !== lastTitle) finish();
  });
  observer.observe(document.head, {subtree: true, childList: true, characterData: true});
  const timer = window.setTimeout(finish, TITLE_WAIT_MS);
}

export default client;
