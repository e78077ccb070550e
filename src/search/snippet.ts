/**
 * The search page's snippets: the part of a result's text around the words that matched, as plain
 * text parts the page renders as React text and <mark> elements. Pure, and never HTML: a page's text
 * or a reader's query cannot become markup here (the plugin's own page built HTML strings).
 *
 * Where the matched words are: lunr's match data gives the position of each matched (stemmed) word in
 * the line (`metadata[term].t.position`: [start, length] pairs); when it has none (a line found by the
 * text of a half-typed word, ./candidates.ts), the typed words are looked for at word starts.
 */

export interface SnippetPart {
  text: string;
  mark: boolean;
}

type Span = [start: number, length: number];

/** The [start, length] positions lunr reports for field `t`, sorted; [] for anything else. */
export function matchPositions(metadata: unknown): Span[] {
  if (typeof metadata !== 'object' || metadata === null) return [];
  const spans: Span[] = [];
  for (const match of Object.values(metadata as Record<string, unknown>)) {
    const positions = (match as {t?: {position?: unknown}} | null)?.t?.position;
    if (!Array.isArray(positions)) continue;
    for (const item of positions) {
      if (Array.isArray(item) && Number.isInteger(item[0]) && Number.isInteger(item[1]) && item[1] > 0) {
        spans.push([item[0] as number, item[1] as number]);
      }
    }
  }
  return spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}

/**
 * Spans of `text` where a word starts with one of `words` (lower case, as the search tokenizes them):
 * the whole word is marked. Letters and digits are compared as text, never as a pattern.
 */
export function wordStartSpans(text: string, words: readonly string[]): Span[] {
  const wanted = words.map((w) => w.toLowerCase()).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (wanted.length === 0) return [];
  const spans: Span[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    if (wanted.some((w) => word.startsWith(w))) spans.push([match.index, match[0].length]);
  }
  return spans;
}

/**
 * `text` cut to about `maxLength` characters around its first matched span, as parts: marked spans
 * and the text between them, with "…" where text was left out. A cut falls between words.
 */
export function snippetParts(text: string, spans: readonly Span[], maxLength = 180): SnippetPart[] {
  const valid = spans
    .filter(([start, length]) => start >= 0 && start + length <= text.length)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let from = 0;
  let to = text.length;
  if (text.length > maxLength) {
    const first = valid[0]?.[0] ?? 0;
    // The first match about a third of the way in: some text before it says what it is about.
    from = Math.max(0, Math.min(first - Math.floor(maxLength / 3), text.length - maxLength));
    if (from > 0) {
      const space = text.indexOf(' ', from);
      from = space >= 0 && space < first ? space + 1 : from;
    }
    to = Math.min(text.length, from + maxLength);
    if (to < text.length) {
      const space = text.lastIndexOf(' ', to);
      to = space > from ? space : to;
    }
  }
  const parts: SnippetPart[] = [];
  const push = (part: string, mark: boolean) => {
    if (part) parts.push({text: part, mark});
  };
  if (from > 0) push('…', false);
  let cursor = from;
  for (const [start, length] of valid) {
    const end = Math.min(start + length, to);
    if (start < cursor || start >= to) continue;
    push(text.slice(cursor, start), false);
    push(text.slice(start, end), true);
    cursor = end;
  }
  push(text.slice(cursor, to), false);
  if (to < text.length) push('…', false);
  return parts;
}

/** The snippet of a result's line: lunr's positions when it has them, else the typed words' starts. */
export function snippetOf(text: string, metadata: unknown, words: readonly string[], maxLength?: number) {
  const positions = matchPositions(metadata);
  return snippetParts(text, positions.length > 0 ? positions : wordStartSpans(text, words), maxLength);
}
