/**
 * Docusaurus prefetches the route chunks of every internal link that scrolls into view. On this
 * site that is costly: each prefetch matches the link against all ~790 routes and scans every
 * route's chunk list, and a page shows dozens of links. On /references/metrics at a phone's width it
 * added 616 prefetch requests, and a CPU profile at 4× throttling spent 1.7 s in the main bundle
 * instead of 0.8 s without it. It also downloaded chunks for pages the reader never opens.
 *
 * Links keep preloading on hover, touch and click (Docusaurus's `preload`), so the page a
 * reader is about to open still starts loading before the click lands. Only the viewport prefetch
 * goes. Docusaurus assigns its API to `window.docusaurus` when the app starts, after client modules
 * have run, and its Link calls `window.docusaurus.prefetch`; the setter below wraps that API.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type RouteLoader = (routePath: string) => false | Promise<unknown>;
interface DocusaurusClientApi {
  readonly prefetch: RouteLoader;
  readonly preload: RouteLoader;
}

/** The same API, with prefetch turned into "nothing to do" (the value Docusaurus returns when it skips). */
function withoutViewportPrefetch(api: DocusaurusClientApi): DocusaurusClientApi {
  return Object.freeze({preload: api.preload, prefetch: () => false as const});
}

if (ExecutionEnvironment.canUseDOM) {
  const w = window as unknown as {docusaurus?: DocusaurusClientApi};
  let api = w.docusaurus ? withoutViewportPrefetch(w.docusaurus) : undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => api,
    set: (value: DocusaurusClientApi) => {
      api = withoutViewportPrefetch(value);
    },
  });
}
