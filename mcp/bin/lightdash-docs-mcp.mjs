#!/usr/bin/env node
/**
 * lightdash-docs-mcp: an MCP server (stdio) for the Lightdash docs.
 *   lightdash-docs-mcp [--source <build folder | site URL>] [--site-url <url>]
 * --source defaults to the deployed docs; --site-url is where a build folder's pages are published
 * (the URLs search hits link to). Logs go to stderr: stdout carries the protocol.
 */
import {parseArgs} from 'node:util';
import path from 'node:path';
import {existsSync} from 'node:fs';

// Before anything imports the search plugin's worker.
import '../lib/search/register.mjs';

const USAGE = `Usage: lightdash-docs-mcp [--source <build folder | https://site>] [--site-url <https://site>]

  --source    a production build of the docs (build/) or the deployed site (default: https://docs.lightdash.com)
  --site-url  for a build folder: the address its pages are published at (default: https://docs.lightdash.com)
`;

function fail(message) {
  process.stderr.write(`lightdash-docs-mcp: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let options;
try {
  ({values: options} = parseArgs({
    options: {source: {type: 'string'}, 'site-url': {type: 'string'}, help: {type: 'boolean', short: 'h'}},
  }));
} catch (error) {
  fail(error.message);
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const {createSource, DEFAULT_SITE_URL} = await import('../lib/source.mjs');
const {createDocsServer} = await import('../lib/server.mjs');
const {StdioServerTransport} = await import('@modelcontextprotocol/sdk/server/stdio.js');

const spec = options.source ?? DEFAULT_SITE_URL;
const siteUrl = options['site-url'] ?? DEFAULT_SITE_URL;
let source;
try {
  source = createSource(spec, {siteUrl});
  new URL(siteUrl);
} catch (error) {
  fail(error.message);
}
if (source.root && !existsSync(path.join(source.root, 'search-index.json'))) {
  fail(`${spec} is not a production build of the docs (no search-index.json): run \`npm run build\` first.`);
}

// A bug in one request must not end the session of the assistant using the server.
process.on('unhandledRejection', (error) => console.error('[lightdash-docs-mcp] unhandled rejection:', error));

const server = createDocsServer(source, {siteUrl});
await server.connect(new StdioServerTransport());
console.error(`[lightdash-docs-mcp] serving ${source.description}`);
