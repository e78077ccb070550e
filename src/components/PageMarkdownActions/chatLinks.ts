/**
 * "Open in ChatGPT" / "Open in Claude": each assistant starts a new chat with the text of its `q`
 * query parameter as the first message. The message names the page's Markdown URL, which both can
 * read, so the chat starts from the page itself rather than from what the assistant remembers.
 */

interface ChatLink {
  /** The assistant's name, as the link shows it. */
  readonly assistant: string;
  readonly href: string;
}

const ASSISTANTS: readonly {assistant: string; newChatUrl: string}[] = [
  {assistant: 'ChatGPT', newChatUrl: 'https://chatgpt.com/'},
  {assistant: 'Claude', newChatUrl: 'https://claude.ai/new'},
];

/** The first message of the chat about a page. */
export function chatPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} (a page of the Lightdash documentation, as Markdown) so I can ask you questions about it.`;
}

/**
 * Links that start a chat about the page whose Markdown is at `markdownPath` (`/guides/pinning.md`)
 * on the site at `siteUrl` (docusaurus.config.ts `url`): the assistant fetches it from there, so the
 * address must be absolute.
 */
export function chatLinks(siteUrl: string, markdownPath: string): ChatLink[] {
  const markdownUrl = new URL(markdownPath, siteUrl).href;
  return ASSISTANTS.map(({assistant, newChatUrl}) => {
    const href = new URL(newChatUrl);
    href.searchParams.set('q', chatPrompt(markdownUrl));
    return {assistant, href: href.href};
  });
}
