import type {ClientModule} from '@docusaurus/types';
import {sendEvent} from '@site/src/lib/analytics';

const client: ClientModule = {
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
