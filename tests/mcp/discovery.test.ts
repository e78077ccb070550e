/**
 * Discovery of the /mcp endpoint: the MCP Server Card and Catalog that postbuild writes
 * (scripts/mcp-discovery.mjs) list the real server's tools, and the build's servers advertise them.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createServer} from '../../scripts/serve.mjs';
import {DISCOVERY_HEADERS} from '../../scripts/mcp-discovery.mjs';
import {BUILD_DIR, requireBuild, ROOT, startServer} from './client';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const CARD = '.well-known/mcp/server-card.json';
const CATALOG = '.well-known/mcp/catalog.json';

interface Card {
  $schema: string;
  name: string;
  version: string;
  description: string;
  remotes: {type: string; url: string; supportedProtocolVersions: string[]}[];
  _meta: Record<string, unknown>;
}

/** Runs the postbuild step on a folder (in Node: the step loads the search worker, which vitest cannot). */
function writeDiscovery(outDir: string): string {
  const script = `const {writeMcpDiscovery} = await import(${JSON.stringify(path.join(ROOT, 'scripts/mcp-discovery.mjs'))});
console.log(await writeMcpDiscovery(${JSON.stringify(outDir)}));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'});
}

let generated: string;
let liveTools: {name: string; title?: string; description?: string; inputSchema: unknown}[];

beforeAll(async () => {
  requireBuild();
  generated = mkdtempSync(path.join(os.tmpdir(), 'mcp-discovery-'));
  expect(writeDiscovery(generated)).toMatch(/^\d+ tools -> /);
  const server = await startServer(['--source', BUILD_DIR]);
  try {
    liveTools = (await server.client.listTools()).tools.map(({name, title, description, inputSchema}) => ({
      name,
      title,
      description,
      inputSchema,
    }));
  } finally {
    await server.close();
  }
});

const read = (dir: string, file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

describe('the Server Card postbuild writes', () => {
  it('lists exactly the tools the running server lists', () => {
    const card = read(generated, CARD) as Card;
    expect(card._meta['com.lightdash.docs/tools']).toEqual(liveTools);
    expect(liveTools.length).toBeGreaterThanOrEqual(5);
  });

  it('has the fields of the server-card schema, with the site’s /mcp as its Streamable HTTP remote', () => {
    const card = read(generated, CARD) as Card;
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json');
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.name).toBe('com.lightdash.docs/mcp');
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card.description).toContain(RELEASED_VERSION);
    expect(card.remotes).toEqual([
      {type: 'streamable-http', url: 'https://docs.lightdash.com/mcp', supportedProtocolVersions: expect.any(Array)},
    ]);
    expect(card.remotes[0].supportedProtocolVersions.length).toBeGreaterThan(0);
  });

  it('is the one entry of the MCP Catalog', () => {
    expect(read(generated, CATALOG)).toEqual({
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:docs.lightdash.com:mcp',
          displayName: 'Lightdash documentation',
          type: 'application/mcp-server-card+json',
          url: 'https://docs.lightdash.com/.well-known/mcp/server-card.json',
        },
      ],
    });
  });
});

describe('the production build', () => {
  let site: ReturnType<typeof createServer>;
  let base: string;
  beforeAll(async () => {
    site = createServer(BUILD_DIR, {quiet: true});
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as {port: number}).port}`;
  });
  afterAll(() => site?.close());

  it('holds the Server Card and Catalog of its own server (run `npm run build` after changing a tool)', () => {
    for (const file of [CARD, CATALOG]) {
      expect(existsSync(path.join(BUILD_DIR, file)), `build/${file}: run npm run build`).toBe(true);
      expect(read(BUILD_DIR, file), `build/${file} is stale: run npm run build`).toEqual(read(generated, file));
    }
  });

  it('npm run serve sends the discovery Link on every page, and serves the card as JSON', async () => {
    const page = await fetch(`${base}/guides/pinning`);
    await page.text();
    for (const [name, value] of DISCOVERY_HEADERS) expect(page.headers.get(name), name).toBe(value);
    expect(page.headers.get('link')).toContain('</.well-known/mcp/server-card.json>; rel=mcp-server-card');
    const card = await fetch(`${base}/${CARD}`);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expect(((await card.json()) as Card)._meta['com.lightdash.docs/tools']).toEqual(liveTools);
  });

  it('nginx.conf sends the same Link header', () => {
    const conf = readFileSync(path.join(BUILD_DIR, 'nginx.conf'), 'utf8');
    for (const [name, value] of DISCOVERY_HEADERS) expect(conf).toContain(`add_header ${name} "${value}" always;`);
  });
});
