/**
 * "Connect to Cursor", "Connect to VS Code" and "Copy MCP config for Claude Code" (issue 36): one
 * click adds the docs MCP server of the site being read to an editor. Each editor documents its own
 * install link; both carry the same remote server (a name and the endpoint URL).
 */
import {MCP_SERVER_NAME} from '../../lib/docsMcp';

/**
 * Cursor's MCP install deeplink: `name` is the server's name and `config` its mcp.json entry, JSON
 * then base64 (https://cursor.com/docs/mcp/install-links). A remote server's entry is just its `url`.
 * The base64 is percent-encoded too, as its `+`, `/` and `=` are not safe in a query.
 */
export function cursorInstallLink(mcpUrl: string): string {
  const config = btoa(JSON.stringify({url: mcpUrl}));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(MCP_SERVER_NAME)}&config=${encodeURIComponent(config)}`;
}

/**
 * VS Code's MCP URL handler: `vscode:mcp/install?` then the URL-encoded JSON that `code --add-mcp`
 * takes, here a remote server over Streamable HTTP (`type: "http"`).
 */
export function vscodeInstallLink(mcpUrl: string): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({name: MCP_SERVER_NAME, type: 'http', url: mcpUrl}))}`;
}

/** The Claude Code command that adds the server; Claude Code has no install link, so it is copied. */
export function claudeCodeCommand(mcpUrl: string): string {
  return `claude mcp add --transport http ${MCP_SERVER_NAME} ${mcpUrl}`;
}
