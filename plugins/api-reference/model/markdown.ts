import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';
import {slugify} from './slug';

/**
 * Descriptions in the contract are CommonMark + GFM. They are turned into HTML at build time with
 * micromark (already installed by @docusaurus/mdx-loader), which escapes raw HTML and unsafe link
 * protocols, so the result can be injected as is.
 */
export function markdownToHtml(markdown: string | undefined): string | undefined {
  if (!markdown?.trim()) return undefined;
  return micromark(markdown, {extensions: [gfm()], htmlExtensions: [gfmHtml()]}).trim();
}

/** For table cells and one-line descriptions: a single paragraph loses its <p>. */
export function markdownToInlineHtml(markdown: string | undefined): string | undefined {
  const html = markdownToHtml(markdown);
  if (!html) return undefined;
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1].includes('<p>') ? single[1] : html;
}

/** The first paragraph as plain text (meta descriptions, schema index summaries). */
export function markdownToText(markdown: string | undefined): string {
  const first = (markdown ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  return first
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MarkdownSection {
  readonly id: string;
  readonly title: string;
  readonly html: string;
}

/** Splits a document at its `## ` headings: the text before the first one, then one part per heading. */
export function splitSections(markdown: string): {introHtml: string; sections: MarkdownSection[]} {
  const parts = markdown.split(/^##[ \t]+(.+)$/m);
  const sections: MarkdownSection[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const title = parts[i].replace(/#+\s*$/, '').trim();
    sections.push({id: slugify(title), title, html: markdownToHtml(parts[i + 1]) ?? ''});
  }
  return {introHtml: markdownToHtml(parts[0]) ?? '', sections};
}
