/**
 * Where the Markdown copy of a page lives, shared by the plugin that writes it and the button that
 * links to it (so they cannot disagree): `/guides/pinning` → `/guides/pinning.md`; a permalink
 * ending in `/` (the docs home `/`, Next's home `/next/`) → `…/index.md`. A query or hash is dropped.
 */
export function markdownPathFor(permalink: string): string {
  const pathname = permalink.replace(/[?#].*$/, '') || '/';
  return pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;
}
