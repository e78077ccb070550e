/**
 * The docs MCP server over Streamable HTTP at /mcp, with the SDK's own transport
 * (`StreamableHTTPServerTransport`): `npm run serve` mounts it beside the site (scripts/serve.mjs), and
 * `lightdash-docs-mcp --http <port>` runs it alone (startMcpHttpServer below).
 *
 * Stateless: every POST gets a fresh McpServer and transport (the SDK refuses to reuse a stateless
 * transport), sharing one docs context, so the 5 MB search index is loaded once. With no session there
 * is no event stream to open or session to end, so GET and DELETE answer 405, as the transport spec
 * allows. Around the SDK, this module applies the transport's security advice:
 * - `Origin` is checked against an allow-list (DNS rebinding: a web page must not reach a local server);
 * - on a loopback bind, `Host` must name this server (the same attack, from a page whose name resolves here);
 * - a request body is limited to MAX_BODY_BYTES (413), and at most MAX_CONCURRENT_REQUESTS run at once
 *   (503 with Retry-After beyond that, so a burst is answered at once instead of queueing without end);
 * - a request that has not been answered after REQUEST_DEADLINE_MS is answered 503 and its slot freed;
 * - the standalone server drops clients that send their headers or body too slowly (HTTP_TIMEOUTS).
 * Malformed JSON (-32700), an invalid JSON-RPC message, a wrong Accept or Content-Type are the SDK's.
 */
import http from 'node:http';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {createDocsContext, createDocsServer} from './server.mjs';

export const MCP_PATH = '/mcp';
/** Largest request body, in bytes: a tool call is a few KB; pasted YAML files are the large ones. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Requests handled at once; more get 503 at once. Searches are CPU-bound and the host has few cores. */
export const MAX_CONCURRENT_REQUESTS = 16;
/** A request still unanswered after this long is answered 503 (the first search loads the index). */
export const REQUEST_DEADLINE_MS = 120_000;
/** The standalone server's limits on slow clients (Node's http.Server options of the same names). */
export const HTTP_TIMEOUTS = {headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000};
/** How often Node checks those limits (its default, 30 s, would let a slow client hold a socket 40 s). */
const TIMEOUT_CHECK_MS = 1_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** Whether an address to listen on is loopback only. */
export const isLoopback = (host) => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

/** The origins and Host values a server listening on host:port is reached by, as a browser names them. */
export function ownAddresses(host, port) {
  const names = isLoopback(host) ? ['localhost', '127.0.0.1', '[::1]'] : [host.includes(':') ? `[${host}]` : host];
  return {
    origins: names.map((name) => `http://${name}:${port}`),
    hosts: names.map((name) => `${name}:${port}`),
  };
}

/** A JSON-RPC error as the whole answer (id null: the request was not read, or not understood). */
function sendError(res, status, code, message, headers = {}) {
  const body = JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null});
  res.writeHead(status, {'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers});
  res.end(body);
}

/**
 * The /mcp request handler.
 * @param {object} options
 * @param options.source a docs source from createSource()
 * @param options.siteUrl where the pages are published (hits link there); its origin may call /mcp
 * @param options.feedback a sink from createFeedbackSink()
 * @param {string[]} options.allowedOrigins origins whose pages may call /mcp (the server's own and the site's)
 * @param {string[] | undefined} options.allowedHosts Host header values accepted; undefined accepts any
 *   (for a server on a public interface, behind a proxy that sets Host)
 */
export function createMcpHttpHandler({
  source,
  siteUrl,
  feedback,
  allowedOrigins = [],
  allowedHosts,
  maxBodyBytes = MAX_BODY_BYTES,
  maxConcurrent = MAX_CONCURRENT_REQUESTS,
  deadlineMs = REQUEST_DEADLINE_MS,
  log = (line) => console.error(line),
}) {
  const context = createDocsContext(source, {siteUrl, feedback});
  const origins = new Set([...allowedOrigins, new URL(siteUrl).origin].map((o) => o.toLowerCase()));
  const hosts = allowedHosts && new Set(allowedHosts.map((h) => h.toLowerCase()));
  const stats = {active: 0, peak: 0, refusedBusy: 0, handled: 0};

  async function handle(req, res) {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin.toLowerCase())) {
      sendError(res, 403, -32000, `Forbidden: pages of ${origin} may not call this MCP server.`);
      return;
    }
    if (hosts && !hosts.has(String(req.headers.host ?? '').toLowerCase())) {
      sendError(res, 403, -32000, 'Forbidden: this MCP server answers only to its own host name.');
      return;
    }
    if (req.method !== 'POST') {
      sendError(
        res,
        405,
        -32000,
        'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages with POST.',
        {Allow: 'POST'},
      );
      return;
    }
    if (Number(req.headers['content-length']) > maxBodyBytes) {
      // Not read: the connection is closed rather than drained.
      sendError(res, 413, -32000, `Payload too large: a request body must not exceed ${maxBodyBytes} bytes.`, {
        Connection: 'close',
      });
      return;
    }
    if (stats.active >= maxConcurrent) {
      stats.refusedBusy++;
      // The body is not read, so the connection is closed: a client reusing it would meet a socket the
      // server is about to drop ("other side closed" under a burst).
      sendError(res, 503, -32000, 'Server busy: too many requests at once; retry shortly.', {
        'Retry-After': '1',
        Connection: 'close',
      });
      return;
    }

    stats.active++;
    stats.peak = Math.max(stats.peak, stats.active);
    const server = createDocsServer(source, {context});
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      stats.active--;
      stats.handled++;
      clearTimeout(deadline);
      transport.close().catch(() => undefined);
      server.close().catch(() => undefined);
    };
    const deadline = setTimeout(() => {
      if (!res.headersSent) sendError(res, 503, -32000, `Timed out: no answer within ${deadlineMs / 1000} s.`);
      else res.destroy();
      release();
    }, deadlineMs);
    // 'close' comes when the answer is sent or the client goes away, whichever is first.
    res.on('close', release);
    // An answer given before the body was read whole (the SDK's 413 for a streamed body) closes the
    // connection: the rest of the body would otherwise be read as the next request on it.
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!req.complete) res.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      log(`[lightdash-docs-mcp] unexpected error on ${MCP_PATH}: ${error?.stack ?? error}`);
      if (!res.headersSent) sendError(res, 500, -32603, 'Internal error');
      else res.destroy();
      release();
    }
  }

  return {
    stats,
    /** Answers one request to /mcp; never throws. */
    handle: (req, res) =>
      handle(req, res).catch((error) => {
        log(`[lightdash-docs-mcp] unexpected error on ${MCP_PATH}: ${error?.stack ?? error}`);
        if (!res.headersSent) sendError(res, 500, -32603, 'Internal error');
      }),
  };
}

/**
 * `lightdash-docs-mcp --http <port>`: the endpoint alone, at /mcp, for a host that serves the pages
 * elsewhere (a CDN) and routes /mcp to this process. Resolves to {server, url, handler} once listening.
 */
export async function startMcpHttpServer({port, host = '127.0.0.1', allowedOrigins = [], ...options}) {
  let handler;
  const server = http.createServer({connectionsCheckingInterval: TIMEOUT_CHECK_MS}, (req, res) => {
    const pathname = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (pathname === MCP_PATH) {
      handler.handle(req, res);
      return;
    }
    const body = `Not found: this server answers MCP at ${MCP_PATH}.\n`;
    res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body)});
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  Object.assign(server, HTTP_TIMEOUTS);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const own = ownAddresses(host, actualPort);
  handler = createMcpHttpHandler({
    ...options,
    allowedOrigins: [...own.origins, ...allowedOrigins],
    allowedHosts: isLoopback(host)
      ? [...own.hosts, new URL(options.siteUrl).host, ...allowedOrigins.map((o) => new URL(o).host)]
      : undefined,
  });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {server, handler, url: `http://${shownHost}:${actualPort}${MCP_PATH}`};
}
