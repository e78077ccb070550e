/**
 * Docusaurus scrolls to `decodeURIComponent(location.hash)` after every navigation
 * (@docusaurus/core's ClientLifecyclesDispatcher), without a try: a fragment that does not decode, such
 * as `#%` typed into the address bar or set by a script, throws a URIError during render and the page
 * is replaced by "This page crashed".
 *
 * The router hears of a new fragment through `popstate`, and this listener, added when client modules
 * load, runs before the router's (added when the app first renders). It swaps a fragment that does
 * not decode for its escaped form, which decodes to the very characters the reader typed; no element
 * has that id, so the page simply stays where it is.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** The escaped form of a fragment that does not decode, or null when it decodes (or is empty). */
function repairedHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    decodeURIComponent(hash.slice(1));
    return null;
  } catch {
    // Escape only what cannot decode: every % that does not start a valid escape, then what is left
    // (a valid-looking escape of bytes that are not UTF-8) wholesale.
    const escapedStrays = hash.slice(1).replace(/%(?![0-9a-fA-F]{2})/g, '%25');
    try {
      decodeURIComponent(escapedStrays);
      return `#${escapedStrays}`;
    } catch {
      return `#${encodeURIComponent(hash.slice(1))}`;
    }
  }
}

function repairLocation(): void {
  const hash = repairedHash(window.location.hash);
  if (hash === null) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);
}

if (ExecutionEnvironment.canUseDOM) {
  repairLocation();
  window.addEventListener('popstate', repairLocation, true);
  window.addEventListener('hashchange', repairLocation, true);
}
