/**
 * The lists of the MCP server's tools and prompts that people read (the README, mcp/README.md and the page
 * "Use these docs with AI" in both versions) name exactly what the server offers, as a client lists it. Each
 * list was once written by hand and drifted from the code (validate_yaml was missing from two of them).
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR, requireBuild, ROOT, SLOW, startServer, type ServerUnderTest} from './client';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Names in backticks that look like an MCP name (lower snake case with at least one underscore). */
const namesIn = (text: string) => new Set([...text.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map(([, name]) => name));
/** The rows of the Markdown table whose header's first cell is `first`: their first cells. */
function tableColumn(text: string, first: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1].trim().replace(/`/g, ''));
  }
  return rows;
}

let server: ServerUnderTest;
let tools: string[];
let prompts: string[];

beforeAll(async () => {
  requireBuild();
  server = await startServer(['--source', BUILD_DIR]);
  tools = (await server.client.listTools(undefined, {timeout: SLOW})).tools.map((tool) => tool.name).sort();
  prompts = (await server.client.listPrompts(undefined, {timeout: SLOW})).prompts.map((prompt) => prompt.name).sort();
}, SLOW);
afterAll(() => server?.close());

const page = (dir: string) => `${dir}/use-these-docs-with-ai.mdx`;
const pages = [page('docs'), page(RELEASED_DOCS_DIR)];

describe('the MCP lists people read', () => {
  it('the server offers tools and prompts to list', () => {
    expect(tools.length).toBeGreaterThan(5);
    expect(prompts.length).toBeGreaterThan(0);
  });

  it.each(pages)('%s has a table row for each tool and each prompt, and no other', (file) => {
    const text = read(file);
    expect(tableColumn(text, 'tool').sort()).toEqual(tools);
    expect(tableColumn(text, 'prompt').sort()).toEqual(prompts);
  });

  it('mcp/README.md has a table row for each tool, and no other', () => {
    expect(tableColumn(read('mcp/README.md'), 'tool').sort()).toEqual(tools);
  });

  it("the README's paragraph on the MCP server names every tool and prompt", () => {
    const readme = read('README.md');
    const paragraph = readme.slice(readme.indexOf('The MCP server (`mcp/`) offers'));
    const named = namesIn(paragraph.slice(0, paragraph.indexOf('\n\n')));
    for (const name of [...tools, ...prompts]) expect(named, name).toContain(name);
  });
});
