/**
 * Maps each line of Markdown, telling the callback whether the line belongs to a fenced code block
 * (``` or ~~~, at any indentation or blockquote depth; the fence lines included). A null result
 * drops the line. Used where a text rule must not touch code.
 */
export function mapLines(text: string, map: (line: string, inCode: boolean) => string | null): string {
  let fence: string | null = null;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const bare = line.replace(/^[\s>]*/, '');
    const marker = /^(`{3,}|~{3,})/.exec(bare)?.[1];
    const inCode = fence !== null || marker !== undefined;
    if (fence === null) fence = marker ?? null;
    else if (marker && marker[0] === fence[0] && marker.length >= fence.length && bare.trim() === marker) fence = null;
    const mapped = map(line, inCode);
    if (mapped !== null) out.push(mapped);
  }
  return out.join('\n');
}
