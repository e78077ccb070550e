import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  claudeCodeCommand,
  cursorInstallLink,
  vscodeInstallLink,
} from '../../src/components/PageMarkdownActions/connectLinks';
import {buttonKey, menuKey} from '../../src/components/PageMarkdownActions/menuKeys';
import {FEEDBACK_TOOL, MCP_PATH, MCP_SERVER_NAME, mcpUrlFor} from '../../src/lib/docsMcp';
import {MCP_PATH as SERVED_MCP_PATH} from '../../scripts/hosting/rules.mjs';

describe('the MCP endpoint of the site being read', () => {
  it('is where the servers answer, under the name the server gives itself, with its feedback tool', () => {
    // The page menu, the .md directive, llms.txt and skill.md take these from src/lib/docsMcp.ts. The
    // server's module is read, not imported: it loads the site's search code, which needs a build.
    expect(MCP_PATH).toBe(SERVED_MCP_PATH);
    const server = fs.readFileSync(path.resolve(__dirname, '../../mcp/lib/server.mjs'), 'utf8');
    expect(server).toContain(`export const SERVER_NAME = '${MCP_SERVER_NAME}';`);
    expect(server).toContain(`'${FEEDBACK_TOOL}'`);
  });

  it.each([
    ['https://docs.lightdash.com', 'https://docs.lightdash.com/mcp'],
    ['http://localhost:3000', 'http://localhost:3000/mcp'],
    ['http://127.0.0.1:3100', 'http://127.0.0.1:3100/mcp'],
  ])('%s → %s', (origin, url) => {
    expect(mcpUrlFor(origin)).toBe(url);
  });
});

describe('Connect to Cursor', () => {
  it('is Cursor’s install deeplink whose config decodes to the server’s URL', () => {
    const link = new URL(cursorInstallLink('http://localhost:3000/mcp'));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
    expect([...link.searchParams.keys()]).toEqual(['name', 'config']);
    expect(link.searchParams.get('name')).toBe(MCP_SERVER_NAME);
    expect(JSON.parse(atob(link.searchParams.get('config') ?? ''))).toEqual({url: 'http://localhost:3000/mcp'});
  });

  it('percent-encodes the base64, whose +, / and = a query would otherwise misread', () => {
    // This URL's JSON encodes to base64 with "+", "/" and "=" in it.
    const url = 'https://docs.lightdash.com/mcp?~~~>>>';
    const raw = btoa(JSON.stringify({url}));
    expect(raw).toMatch(/[+/=]/);
    const link = cursorInstallLink(url);
    expect(link).not.toMatch(/config=.*[+/=]/);
    expect(JSON.parse(atob(new URL(link).searchParams.get('config') ?? ''))).toEqual({url});
  });
});

describe('Connect to VS Code', () => {
  it('is VS Code’s MCP install URL with the server as URL-encoded JSON, over HTTP', () => {
    const link = vscodeInstallLink('https://docs.lightdash.com/mcp');
    const prefix = 'vscode:mcp/install?';
    expect(link.startsWith(prefix)).toBe(true);
    const query = link.slice(prefix.length);
    // Nothing in the JSON is left for the browser or the OS to interpret.
    expect(query).not.toMatch(/[{}":, ]/);
    expect(JSON.parse(decodeURIComponent(query))).toEqual({
      name: MCP_SERVER_NAME,
      type: 'http',
      url: 'https://docs.lightdash.com/mcp',
    });
  });
});

describe('Copy MCP config for Claude Code', () => {
  it('is the `claude mcp add` command for a remote server over HTTP', () => {
    expect(claudeCodeCommand('https://docs.lightdash.com/mcp')).toBe(
      'claude mcp add --transport http lightdash-docs https://docs.lightdash.com/mcp',
    );
  });
});

describe('menu button keys (WAI-ARIA menu button pattern)', () => {
  const LABELS = [
    'View as Markdown',
    'Open in ChatGPT',
    'Open in Claude',
    'Connect to Cursor',
    'Connect to VS Code',
    'Copy MCP config for Claude Code',
  ];

  it('on the button: Down opens on the first item, Up on the last; other keys are the button’s own', () => {
    expect(buttonKey('ArrowDown', 6)).toEqual({focus: 0});
    expect(buttonKey('ArrowUp', 6)).toEqual({focus: 5});
    expect(buttonKey('Enter', 6)).toBeNull();
    expect(buttonKey(' ', 6)).toBeNull();
  });

  it('arrows move through the items and wrap round', () => {
    expect(menuKey('ArrowDown', 0, LABELS)).toEqual({focus: 1});
    expect(menuKey('ArrowDown', 5, LABELS)).toEqual({focus: 0});
    expect(menuKey('ArrowUp', 0, LABELS)).toEqual({focus: 5});
    expect(menuKey('ArrowUp', 3, LABELS)).toEqual({focus: 2});
  });

  it('Home and End go to the first and last item', () => {
    expect(menuKey('Home', 3, LABELS)).toEqual({focus: 0});
    expect(menuKey('End', 1, LABELS)).toEqual({focus: 5});
  });

  it('Escape closes and gives focus back to the button; Tab closes and lets focus move on', () => {
    expect(menuKey('Escape', 2, LABELS)).toEqual({close: 'return-focus'});
    expect(menuKey('Tab', 2, LABELS)).toEqual({close: 'let-focus-move'});
  });

  it('a letter moves to the next item starting with it, wrapping round, in either case', () => {
    expect(menuKey('c', 0, LABELS)).toEqual({focus: 3});
    expect(menuKey('C', 3, LABELS)).toEqual({focus: 4});
    expect(menuKey('c', 5, LABELS)).toEqual({focus: 3});
    expect(menuKey('v', 2, LABELS)).toEqual({focus: 0});
    expect(menuKey('z', 2, LABELS)).toBeNull();
  });

  it('leaves other keys alone (Enter and Space activate the focused item natively)', () => {
    for (const key of ['Enter', ' ', 'Shift', 'ArrowLeft', 'F5']) expect(menuKey(key, 1, LABELS)).toBeNull();
  });
});
