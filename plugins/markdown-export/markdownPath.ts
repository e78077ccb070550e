/**
 * Where the Markdown copy of a page lives: `/guides/pinning` → `/guides/pinning.md`; a page path ending in `/`
 * (the docs home `/`, Next's home `/next/`) → `…/index.md`. The one statement of the rule, used by the plugin that
 * writes the files, the button that links to them and the docs MCP server (mcp/lib), so they cannot disagree.
 */
export function markdownPathOfPage(pagePath: string): string {
  return pagePath.endsWith('/') ? `${pagePath}index.md` : `${pagePath}.md`;
}

/** The Markdown path of a permalink, which may carry a query or hash (dropped). */
export function markdownPathFor(permalink: string): string {
  return markdownPathOfPage(permalink.replace(/[?#].*$/, '') || '/');
}

/** The page path of a Markdown path, the inverse of markdownPathOfPage: `/next/index.md` → `/next/`. */
export function pagePathOfMarkdown(markdownPath: string): string {
  return markdownPath.endsWith('/index.md')
    ? markdownPath.slice(0, -'index.md'.length)
    : markdownPath.replace(/\.md$/, '');
}
