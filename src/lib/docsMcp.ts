/**
 * The docs MCP server as readers and agents reach it (issue 36): the same site serves it over
 * Streamable HTTP at `/mcp`. Shared by the page menu's "Connect" items, the `.md` directive,
 * llms.txt and skill.md, so they all give the same address and names.
 */

/** Path of the MCP endpoint on the docs site's origin. */
export const MCP_PATH = '/mcp';

/** The name an editor lists the server under (also the key used in the MCP set-up docs). */
export const MCP_SERVER_NAME = 'lightdash-docs';

/** The MCP tool an agent calls to report a wrong, outdated or unclear page. */
export const FEEDBACK_TOOL = 'submit_feedback';

/** Where people report a problem; the docs' contact page sends bug reports here too. */
export const ISSUES_URL = 'https://github.com/lightdash/lightdash/issues';

/** The MCP endpoint of the site at `origin` (`https://docs.lightdash.com` → `https://docs.lightdash.com/mcp`). */
export function mcpUrlFor(origin: string): string {
  return new URL(MCP_PATH, origin).href;
}
