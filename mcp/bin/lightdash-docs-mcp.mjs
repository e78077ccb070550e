#!/usr/bin/env node
/**
 * lightdash-docs-mcp: an MCP server for the Lightdash docs, over stdio or, with --http, over
 * Streamable HTTP at /mcp (mcp/lib/http.mjs).
 *   lightdash-docs-mcp [--source <build folder | site URL>] [--site-url <url>] [--http <port> [--host <address>]]
 * --source defaults to the deployed docs; --site-url is where a build folder's pages are published
 * (the URLs search hits link to). Logs go to stderr: over stdio, stdout carries the protocol.
 */
import {parseArgs} from 'node:util';
import path from 'node:path';
import {existsSync} from 'node:fs';

// Before anything imports the search plugin's worker.
import '../lib/search/register.mjs';

const USAGE = `Usage: lightdash-docs-mcp [--source <build folder | https://site>] [--site-url <https://site>]
                          [--http <port> [--host <address>] [--allowed-origin <origin>]...]
                          [--feedback-file <file> | --feedback-url <https://...>]

  --source          a production build of the docs (build/) or the deployed site (default: https://docs.lightdash.com)
  --site-url        for a build folder: the address its pages are published at (default: https://docs.lightdash.com)
  --http            serve MCP over Streamable HTTP at http://<host>:<port>/mcp instead of stdio (0: any free port)
  --host            the address to listen on with --http (default: 127.0.0.1, this machine only)
  --allowed-origin  a web origin whose pages may call /mcp, besides this server's and --site-url's (repeatable)
  --feedback-file   append submit_feedback reports to this file as JSON lines (or set FEEDBACK_FILE)
  --feedback-url    POST submit_feedback reports to this URL as JSON (or set FEEDBACK_URL)
  Without a feedback file or URL, reports are written to the server's log (stderr).
`;

/** @returns {never} */
function fail(message) {
  process.stderr.write(`lightdash-docs-mcp: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let options;
try {
  ({values: options} = parseArgs({
    options: {
      source: {type: 'string'},
      'site-url': {type: 'string'},
      http: {type: 'string'},
      host: {type: 'string'},
      'allowed-origin': {type: 'string', multiple: true},
      'feedback-file': {type: 'string'},
      'feedback-url': {type: 'string'},
      help: {type: 'boolean', short: 'h'},
    },
  }));
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const {createSource, DEFAULT_SITE_URL} = await import('../lib/source.mjs');
const {createDocsServer, createToolHost} = await import('../lib/server.mjs');
const {createFeedbackSink} = await import('../lib/feedback.mjs');

const spec = options.source ?? DEFAULT_SITE_URL;
const siteUrl = options['site-url'] ?? DEFAULT_SITE_URL;
const httpPort = options.http === undefined ? undefined : Number(options.http);
if (httpPort !== undefined && (!/^\d+$/.test(/** @type {string} */ (options.http)) || httpPort > 65535)) {
  fail(`--http must be a port number from 0 to 65535, not '${options.http}'`);
}
if (httpPort === undefined && (options.host || options['allowed-origin'])) {
  fail('--host and --allowed-origin apply to --http only.');
}
let source;
let feedback;
/** @type {string[]} */
const allowedOrigins = [];
try {
  source = createSource(spec, {siteUrl});
  new URL(siteUrl);
  feedback = createFeedbackSink({
    file: options['feedback-file'] ?? process.env.FEEDBACK_FILE,
    url: options['feedback-url'] ?? process.env.FEEDBACK_URL,
  });
  for (const origin of options['allowed-origin'] ?? []) {
    const url = new URL(origin);
    if (url.origin === 'null' || url.origin !== origin.replace(/\/$/, '')) {
      throw new Error(`--allowed-origin ${origin} is not an origin (scheme://host[:port]).`);
    }
    allowedOrigins.push(url.origin);
  }
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
if (source.root && !existsSync(path.join(source.root, 'search-index.json'))) {
  fail(`${spec} is not a production build of the docs (no search-index.json): run \`npm run build\` first.`);
}

// A bug in one request must not end the session of the assistant using the server.
process.on('unhandledRejection', (error) => console.error('[lightdash-docs-mcp] unhandled rejection:', error));

if (httpPort !== undefined) {
  const {startMcpHttpServer} = await import('../lib/http.mjs');
  const host = options.host ?? '127.0.0.1';
  let started;
  try {
    started = await startMcpHttpServer({port: httpPort, host, allowedOrigins, source, siteUrl, feedback});
  } catch (error) {
    fail(`cannot listen on ${host}:${httpPort}: ${/** @type {Error} */ (error).message}`);
  }
  // Over HTTP stdout is free: the address goes there, for people and for scripts that start the server.
  console.log(`MCP endpoint: ${started.url} (serving ${source.description}; feedback to ${feedback.description})`);
} else {
  const {StdioServerTransport} = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const {guardStdin, MAX_LINE_BYTES} = await import('../lib/stdio-guard.mjs');
  const ERRORS = {
    'too-large': [-32600, `Invalid Request: a message must not exceed ${MAX_LINE_BYTES} bytes`],
    parse: [-32700, 'Parse error: the line is not JSON'],
    invalid: [-32600, 'Invalid Request: the line is not a JSON-RPC message'],
  };
  let transport;
  const stdin = guardStdin(process.stdin, ({kind, bytes, id}) => {
    const [code, message] = ERRORS[kind];
    console.error(`[lightdash-docs-mcp] refused a ${bytes}-byte input line: ${message}`);
    transport.send({jsonrpc: '2.0', id: id ?? null, error: {code, message}}).catch(() => undefined);
  });
  transport = new StdioServerTransport(stdin, process.stdout);
  // One client over stdio: the tools still run in worker threads, each call with its budget.
  const server = createDocsServer(createToolHost(source, {siteUrl, feedback}), {client: 'stdio'});
  await server.connect(transport);
  console.error(`[lightdash-docs-mcp] serving ${source.description}; feedback to ${feedback.description}`);
}
