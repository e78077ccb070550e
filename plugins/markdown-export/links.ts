import path from 'node:path';

export interface LinkContext {
  /** The site's origin (siteConfig.url), without a trailing slash. */
  readonly siteUrl: string;
  /** Permalink of the page being exported: `#anchor` and URL-relative links resolve against it. */
  readonly permalink: string;
  /** Permalink of the page written in a source file, or undefined when the file is no page. */
  readonly permalinkOf: (file: string) => string | undefined;
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const MARKDOWN_FILE = /\.mdx?$/;

/**
 * The URL a link gets in the exported Markdown. A `.md` file has no page around it, so every link
 * that stays on the site becomes an absolute URL of the page it opens (anchors keep working there):
 *
 * - `./metrics.mdx#types` (a file, relative to the file that holds the link, which may be a partial)
 *   → `https://docs.lightdash.com/references/metrics#types`, the way Docusaurus resolves it;
 * - `pathname:///api/v1/` (Docusaurus' escape hatch for non-doc routes) → `https://docs.lightdash.com/api/v1/`;
 * - `/api/v1/`, `#anchor`, `../other` → resolved against the page's URL, as a browser would;
 * - `https:`, `mailto:` and other schemes are left as they are.
 */
export function resolveHref(href: string, fromFile: string, ctx: LinkContext): string {
  if (href.startsWith('pathname://')) return ctx.siteUrl + href.slice('pathname://'.length);
  if (SCHEME.test(href) || href.startsWith('//')) return href;
  const [, filePart = '', suffix = ''] = /^([^?#]*)(.*)$/s.exec(href) ?? [];
  if (MARKDOWN_FILE.test(filePart) && !filePart.startsWith('/')) {
    const permalink = ctx.permalinkOf(path.resolve(path.dirname(fromFile), safeDecode(filePart)));
    if (permalink !== undefined) return ctx.siteUrl + permalink + suffix;
  }
  try {
    return new URL(href, ctx.siteUrl + ctx.permalink).href;
  } catch {
    return href;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
