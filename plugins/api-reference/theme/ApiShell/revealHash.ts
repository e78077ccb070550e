import {useEffect} from 'react';

/** The element a URL fragment names, or null (a malformed fragment names nothing). */
function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Opens every closed <details> around the fragment's target and scrolls to it: a schema field's link
 * (`#body.chartConfig.type`) usually points inside folded levels, which have no box to scroll to.
 * Runs on the first load, on every client navigation to a fragment and on `hashchange`.
 */
function revealTarget(hash: string): boolean {
  const target = targetOf(hash);
  if (!target) return false;
  for (let node = target.parentElement; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
  }
  target.scrollIntoView({block: 'start'});
  return true;
}

export function useRevealHash(): void {
  useEffect(() => {
    const reveal = () => {
      revealTarget(window.location.hash);
    };
    reveal();
    window.addEventListener('hashchange', reveal);
    return () => window.removeEventListener('hashchange', reveal);
  }, []);
}
