/**
 * The docs MCP server over Streamable HTTP at /mcp, with the SDK's own transport
 * (`StreamableHTTPServerTransport`): `npm run serve` mounts it beside the site (scripts/serve.mjs), and
 * `lightdash-docs-mcp --http <port>` runs it alone (startMcpHttpServer below).
 *
 * Stateless: every POST gets a fresh McpServer and transport (the SDK refuses to reuse a stateless
 * transport), sharing one tool host (server.mjs createToolHost), whose worker threads run the tools,
 * so no tool call ever runs on this thread, which may also be serving the site. With no session there
 * is no event stream to open or session to end, so GET and DELETE answer 405, as the transport spec
 * allows. Around the SDK, this module applies the transport's security advice and the limits of
 * limits.mjs:
 * - `Origin` is checked against an allow-list (DNS rebinding: a web page must not reach a local server),
 *   and a page of an allowed origin gets the CORS headers a browser needs (preflight included);
 * - on a loopback bind, `Host` must name this server (the same attack, from a page whose name resolves here);
 * - a request body is limited to MAX_BODY_BYTES (413) and must arrive at MIN_BODY_BYTES_PER_SECOND
 *   (408): it is read here, before the SDK, which gets it parsed;
 * - a batch holds at most MAX_BATCH_MESSAGES messages (400), and each call in it counts against the
 *   client's calls like a call of its own (createToolHost);
 * - at most MAX_CONCURRENT_REQUESTS run at once, MAX_REQUESTS_PER_CLIENT of them from one client address
 *   (503 with Retry-After beyond that, so a burst is answered at once instead of queueing without end);
 * - a request that has not been answered after REQUEST_DEADLINE_MS is answered 503 and its slot freed;
 * - the standalone server drops clients that send their headers or request too slowly (SERVER_TIMEOUTS).
 * The path, the Host and Origin names of a loopback server and the slow-client timeouts are hosting rules,
 * shared with the static server (scripts/hosting/rules.mjs).
 * Malformed JSON (-32700), an invalid JSON-RPC message, a wrong Accept or Content-Type are the SDK's
 * answers or the same ones.
 */
import http from 'node:http';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {createDocsServer, createToolHost} from './server.mjs';
import {clientKey, createSlots} from './clients.mjs';
import {
  BODY_RATE_GRACE_MS,
  MAX_BATCH_MESSAGES,
  MAX_BODY_BYTES,
  MAX_CONCURRENT_REQUESTS,
  MAX_REQUESTS_PER_CLIENT,
  MIN_BODY_BYTES_PER_SECOND,
  REQUEST_DEADLINE_MS,
} from './limits.mjs';
import {
  MCP_PATH,
  SERVER_TIMEOUTS,
  TIMEOUT_CHECK_MS,
  hostHeaderCount,
  isLoopback,
  ownAddresses,
} from '../../scripts/hosting/rules.mjs';

/** How often a body's rate is checked against MIN_BODY_BYTES_PER_SECOND. */
const BODY_RATE_CHECK_MS = 500;

/**
 * CORS for the pages of an allowed origin: the request headers the SDK's browser client sends (the
 * session and protocol version headers of Streamable HTTP, and authorization for hosts that add it),
 * and the answer headers it reads.
 */
const CORS_ALLOW_METHODS = 'POST, OPTIONS';
const CORS_ALLOW_HEADERS = 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
const CORS_EXPOSE_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version';
/** How long a browser may keep a preflight's answer. */
const CORS_MAX_AGE_S = 600;

/**
 * A JSON-RPC error as the whole answer (id null: the request was not read, or not understood).
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {number} code
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
function sendError(res, status, code, message, headers = {}) {
  const body = JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null});
  res.writeHead(status, {'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers});
  res.end(body);
}

/**
 * Reads a request body with the size and rate limits. Resolves to {text} or, when the body is refused
 * or the client went away, to {status, code, message} (status 0: nobody to answer).
 * @typedef {{text: string, status?: undefined} | {text?: undefined, status: 0} | {text?: undefined, status: 408 | 413, code: number, message: string}} BodyResult
 * @param {http.IncomingMessage} req
 * @param {{maxBytes: number, minRate: number, graceMs: number}} limits
 * @returns {Promise<BodyResult>}
 */
function readBody(req, {maxBytes, minRate, graceMs}) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let done = false;
    const started = Date.now();
    const finish = (/** @type {BodyResult} */ result) => {
      if (done) return;
      done = true;
      clearInterval(rateCheck);
      req.off('data', onData);
      resolve(result);
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        finish({
          status: 413,
          code: -32000,
          message: `Payload too large: a request body must not exceed ${maxBytes} bytes.`,
        });
        return;
      }
      chunks.push(chunk);
    };
    // A client that drips its body keeps a slot for nothing: below the floor, it is cut off.
    const rateCheck = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= graceMs && (size * 1000) / elapsed < minRate) {
        finish({
          status: 408,
          code: -32000,
          message: `Request timeout: the body arrived slower than ${minRate} bytes a second.`,
        });
      }
    }, BODY_RATE_CHECK_MS);
    rateCheck.unref();
    req.on('data', onData);
    req.on('end', () => finish({text: Buffer.concat(chunks).toString('utf8')}));
    req.on('error', () => finish({status: 0}));
    req.on('close', () => finish({status: 0}));
  });
}

/**
 * Whether the SDK will refuse the request for its Accept or Content-Type (it does so without reading the body).
 * @param {http.IncomingMessage} req
 */
function sdkRefusesHeaders(req) {
  const accept = String(req.headers.accept ?? '');
  const type = String(req.headers['content-type'] ?? '');
  return (
    !accept.includes('application/json') ||
    !accept.includes('text/event-stream') ||
    !/^application\/json\s*(;|$)/i.test(type)
  );
}

/**
 * The /mcp request handler.
 * @param {object} options
 * @param {import('./source.mjs').DocsSource} options.source a docs source from createSource()
 * @param {string} options.siteUrl where the pages are published (hits link there); its origin may call /mcp
 * @param {any} options.feedback a sink from createFeedbackSink()
 * @param {string[]} [options.allowedOrigins] origins whose pages may call /mcp (the server's own and the site's)
 * @param {string[] | undefined} [options.allowedHosts] Host header values accepted; undefined accepts any
 *   (for a server on a public interface, behind a proxy that sets Host)
 * @param {number} [options.maxBodyBytes] largest request body (limits.mjs MAX_BODY_BYTES)
 * @param {number} [options.maxConcurrent] requests handled at once (limits.mjs MAX_CONCURRENT_REQUESTS)
 * @param {number} [options.deadlineMs] when an unanswered request gets 503 (limits.mjs REQUEST_DEADLINE_MS)
 * @param {(line: string) => void} [options.log] where unexpected errors are written (default: stderr)
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
  const host = createToolHost(source, {siteUrl, feedback});
  const origins = new Set([...allowedOrigins, new URL(siteUrl).origin].map((o) => o.toLowerCase()));
  const hosts = allowedHosts && new Set(allowedHosts.map((h) => h.toLowerCase()));
  const perClient = createSlots(MAX_REQUESTS_PER_CLIENT);
  const stats = {active: 0, peak: 0, refusedBusy: 0, handled: 0};

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    // An answer given before the body was read whole (a refused or streamed-too-large body) closes the
    // connection: the rest of the body would otherwise be read as the next request on it.
    const writeHead = res.writeHead;
    res.writeHead = function (/** @type {any} */ ...args) {
      if (!req.complete) res.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    };
    const origin = req.headers.origin;
    // The answer depends on Origin: a cache between must not give one origin's answer to another.
    res.setHeader('Vary', 'Origin');
    if (origin !== undefined && !origins.has(origin.toLowerCase())) {
      sendError(res, 403, -32000, `Forbidden: pages of ${origin} may not call this MCP server.`);
      return;
    }
    if (hosts && !hosts.has(String(req.headers.host ?? '').toLowerCase())) {
      sendError(res, 403, -32000, 'Forbidden: this MCP server answers only to its own host name.');
      return;
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
    if (req.method === 'OPTIONS') {
      // A browser's preflight (or a plain OPTIONS): what a page of an allowed origin may send.
      const headers = {Allow: CORS_ALLOW_METHODS, 'Cache-Control': 'no-store'};
      if (origin !== undefined) {
        Object.assign(headers, {
          'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Max-Age': String(CORS_MAX_AGE_S),
        });
      }
      res.writeHead(204, headers);
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      sendError(
        res,
        405,
        -32000,
        'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages with POST.',
        {Allow: CORS_ALLOW_METHODS},
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
    const client = clientKey(req.socket.remoteAddress);
    const releaseClient = stats.active < maxConcurrent ? perClient.take(client) : undefined;
    if (!releaseClient) {
      stats.refusedBusy++;
      // The body is not read, so the connection is closed: a client reusing it would meet a socket the
      // server is about to drop ("other side closed" under a burst).
      const mine = perClient.held(client) >= MAX_REQUESTS_PER_CLIENT;
      sendError(
        res,
        503,
        -32000,
        mine
          ? `Server busy: at most ${MAX_REQUESTS_PER_CLIENT} requests at once from one address; retry shortly.`
          : 'Server busy: too many requests at once; retry shortly.',
        {'Retry-After': '1', Connection: 'close'},
      );
      return;
    }

    stats.active++;
    stats.peak = Math.max(stats.peak, stats.active);
    /** @type {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer | undefined} */
    let server;
    /** @type {StreamableHTTPServerTransport | undefined} */
    let transport;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      stats.active--;
      stats.handled++;
      releaseClient();
      clearTimeout(deadline);
      transport?.close().catch(() => undefined);
      server?.close().catch(() => undefined);
    };
    const deadline = setTimeout(() => {
      if (!res.headersSent) sendError(res, 503, -32000, `Timed out: no answer within ${deadlineMs / 1000} s.`);
      else res.destroy();
      release();
    }, deadlineMs);
    // 'close' comes when the answer is sent or the client goes away, whichever is first.
    res.on('close', release);
    try {
      let parsedBody;
      if (!sdkRefusesHeaders(req)) {
        const body = await readBody(req, {
          maxBytes: maxBodyBytes,
          minRate: MIN_BODY_BYTES_PER_SECOND,
          graceMs: BODY_RATE_GRACE_MS,
        });
        if (body.text === undefined) {
          if (body.status !== 0 && !res.headersSent) sendError(res, body.status, body.code, body.message);
          else res.destroy();
          release();
          return;
        }
        try {
          parsedBody = JSON.parse(body.text);
        } catch {
          sendError(res, 400, -32700, 'Parse error: Invalid JSON');
          return;
        }
        if (Array.isArray(parsedBody) && parsedBody.length > MAX_BATCH_MESSAGES) {
          sendError(res, 400, -32600, `Invalid Request: a batch must not exceed ${MAX_BATCH_MESSAGES} messages.`);
          return;
        }
      }
      server = createDocsServer(host, {client});
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: maxBodyBytes,
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, parsedBody);
    } catch (error) {
      log(`[lightdash-docs-mcp] unexpected error on ${MCP_PATH}: ${/** @type {any} */ (error)?.stack ?? error}`);
      if (!res.headersSent) sendError(res, 500, -32603, 'Internal error');
      else res.destroy();
      release();
    }
  }

  return {
    stats,
    host,
    /**
     * Answers one request to /mcp; never throws.
     * @param {http.IncomingMessage} req
     * @param {http.ServerResponse} res
     */
    handle: (req, res) =>
      handle(req, res).catch((error) => {
        log(`[lightdash-docs-mcp] unexpected error on ${MCP_PATH}: ${error?.stack ?? error}`);
        if (!res.headersSent) sendError(res, 500, -32603, 'Internal error');
      }),
    /** Ends the tool workers. */
    close: () => host.close(),
  };
}

/**
 * `lightdash-docs-mcp --http <port>`: the endpoint alone, at /mcp, for a host that serves the pages
 * elsewhere (a CDN) and routes /mcp to this process. Resolves to {server, url, handler} once listening.
 * @param {{port: number, host?: string, allowedOrigins?: string[], source: any, siteUrl: string, feedback: any}} options
 *   allowedOrigins: other origins whose pages may call /mcp; the rest as createMcpHttpHandler's
 */
export async function startMcpHttpServer({port, host = '127.0.0.1', allowedOrigins = [], ...options}) {
  /** @type {ReturnType<typeof createMcpHttpHandler>} */
  let handler;
  const server = http.createServer({connectionsCheckingInterval: TIMEOUT_CHECK_MS}, (req, res) => {
    const pathname = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (hostHeaderCount(req) > 1) {
      sendError(res, 400, -32600, 'Bad request: a request has one Host header.', {Connection: 'close'});
      return;
    }
    if (pathname === MCP_PATH) {
      handler.handle(req, res);
      return;
    }
    const body = `Not found: this server answers MCP at ${MCP_PATH}.\n`;
    res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body)});
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  Object.assign(server, SERVER_TIMEOUTS);
  await new Promise((/** @type {(value?: unknown) => void} */ resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
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
