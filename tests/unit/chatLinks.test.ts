import {describe, expect, it} from 'vitest';
import {chatLinks, chatPrompt} from '../../src/components/PageMarkdownActions/chatLinks';

describe('Open in ChatGPT / Claude links', () => {
  it.each([
    ['/guides/pinning.md', 'https://docs.lightdash.com/guides/pinning.md'],
    ['/next/guides/pinning.md', 'https://docs.lightdash.com/next/guides/pinning.md'],
    ['/index.md', 'https://docs.lightdash.com/index.md'],
  ])('%s: each link starts a new chat asking about %s', (markdownPath, absolute) => {
    const links = chatLinks('https://docs.lightdash.com', markdownPath);
    expect(links.map((l) => l.assistant)).toEqual(['ChatGPT', 'Claude']);
    const [chatgpt, claude] = links.map((l) => new URL(l.href));
    expect(chatgpt.origin + chatgpt.pathname).toBe('https://chatgpt.com/');
    expect(claude.origin + claude.pathname).toBe('https://claude.ai/new');
    for (const url of [chatgpt, claude]) {
      expect([...url.searchParams.keys()]).toEqual(['q']);
      expect(url.searchParams.get('q')).toBe(chatPrompt(absolute));
      expect(url.searchParams.get('q')).toContain(` ${absolute} `);
    }
  });

  it('builds the same address whether or not the site URL ends with a slash', () => {
    // Docusaurus' `url` is an origin; the Markdown path already holds the baseUrl.
    expect(chatLinks('https://docs.lightdash.com/', '/guides/pinning.md')).toEqual(
      chatLinks('https://docs.lightdash.com', '/guides/pinning.md'),
    );
  });
});
