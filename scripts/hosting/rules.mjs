// The hosting rules of the site, one value per rule: every server and host file reads them from here.
// - scripts/serve.mjs (`npm run serve`) answers with them;
// - scripts/nginx-config.mjs writes them into build/nginx.conf (the nginx cache header comes from CACHE_POLICY);
// - scripts/postbuild.mjs writes them into build/_headers (Netlify-style hosts) with the build's CSP hashes;
// - scripts/precompress.mjs compresses the COMPRESSIBLE_EXTENSIONS;
// - mcp/lib/http.mjs (the docs MCP server at MCP_PATH, alone or inside `npm run serve`) checks callers with them.
// tests/unit/hosting.rules.test.ts checks that each of those takes its values from here, not a copy.
// Plain data and functions of their arguments only (no Node import), so any of those can load it.

/**
 * Content types by file extension; text types say UTF-8, so `.md` and `.yaml` read as text in a browser.
 * @type {Record<string, string>}
 */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The type of a file no rule names: a browser then downloads it rather than guess (nosniff). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Text files worth compressing: the build writes `.gz` and `.br` beside them (precompress.mjs) and
 * `npm run serve` compresses them on the fly when there is none. Images and fonts are compressed already.
 */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.yaml',
  '.md',
  '.txt',
  '.xml',
  '.svg',
]);

/** Cache-Control by kind of path. */
export const CACHE_POLICY = {
  /**
   * Docusaurus names the scripts, styles and images under /assets/ by a hash of their content, so a file
   * there never changes: a browser may keep it a year without asking again.
   */
  hashedAssets: {prefix: '/assets/', cacheControl: 'public, max-age=31536000, immutable'},
  /**
   * Pages, search indexes, llms.txt and the rest keep their names from build to build: always revalidated.
   * So is every error answer, a 404 under /assets/ included: the file may exist after the next deploy.
   */
  other: {cacheControl: 'no-cache'},
};

/**
 * Cache-Control for a file that exists at urlPath (an error answer gets CACHE_POLICY.other).
 * @param {string} urlPath
 */
export function cacheControlFor(urlPath) {
  return urlPath.startsWith(CACHE_POLICY.hashedAssets.prefix)
    ? CACHE_POLICY.hashedAssets.cacheControl
    : CACHE_POLICY.other.cacheControl;
}

/** A static site answers reads only; anything else is 405 with `Allow` naming these (not at MCP_PATH). */
export const READ_METHODS = ['GET', 'HEAD'];

/**
 * Files of a build that are the host's configuration, not the site: never served (404), so nobody reads
 * the server's rules from outside.
 */
export const HOST_FILES = ['/nginx.conf', '/_headers'];

/**
 * Where the docs MCP endpoint answers, beside the pages (`npm run serve`) or alone (`npm run mcp -- --http`);
 * nginx lets it past its read-only rule for the host's proxy. src/lib/docsMcp.ts has the browser's copy,
 * compared with this one by tests/unit/page-menu.test.ts.
 */
export const MCP_PATH = '/mcp';

/**
 * The Content-Security-Policy for a set of inline-script hashes (postbuild.mjs finds and hashes them;
 * sorted, so the same build gives the same files).
 * @param {Iterable<string>} hashes CSP source expressions such as `'sha256-…'`
 * @returns {string}
 */
export function contentSecurityPolicy(hashes) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...[...new Set(hashes)].sort()].join(' '),
    // Docusaurus, Prism and Mermaid set style attributes and <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    // The API try-it console calls whatever instance URL the reader types (http for local ones), and
    // ANALYTICS_URL may be another origin.
    "connect-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The security headers every answer carries, in the order they are written: the policy, no type
 * sniffing (a `.md` or `.yaml` file is never run as a script), and only the origin in a Referer to other sites.
 * @param {string} policy the Content-Security-Policy (contentSecurityPolicy())
 * @returns {[string, string][]}
 */
export function securityHeaders(policy) {
  return [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
}

/** The names a loopback server is reached by, as a browser writes them in Origin and Host. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether an address to listen on is loopback only (then MCP_PATH checks Host: DNS rebinding).
 * @param {string} host
 */
export function isLoopback(host) {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * The origins and Host values a server listening on host:port is reached by, as a browser names them:
 * the pages of these origins may call MCP_PATH, and on loopback only these Host values are answered.
 * @param {string} host
 * @param {number} port
 */
export function ownAddresses(host, port) {
  const names = isLoopback(host) ? LOOPBACK_NAMES : [host.includes(':') ? `[${host}]` : host];
  return {
    origins: names.map((name) => `http://${name}:${port}`),
    hosts: names.map((name) => `${name}:${port}`),
  };
}

/**
 * How many Host headers a request has: more than one is a bad request (RFC 9112), answered 400, since the
 * Host checks above would read only one of them.
 * @param {{rawHeaders: string[]}} req
 */
export function hostHeaderCount(req) {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') count++;
  return count;
}

/**
 * Limits on slow clients, for the pages and MCP_PATH alike (Node's http.Server options of the same names).
 * - headersTimeout: every real client sends its headers in one packet; the MCP hostile-input tests saw the
 *   slowest page answer in 0.4 s at load 7.7 on 2 cores, so 10 s only ever cuts off a client dripping them.
 * - requestTimeout: the whole request, body included (the MCP body has its own rate floor, mcp/lib/limits.mjs).
 * - keepAliveTimeout: Node's 5 s is shorter than a busy client's pause: a crawler whose event loop is busy
 *   for a while (afdocs converting pages between two checks) reuses a socket the server has just closed
 *   and gets "other side closed". 65 s, as load balancers use, under nginx's 75 s.
 */
export const SERVER_TIMEOUTS = {headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 65_000};

/**
 * How often Node checks SERVER_TIMEOUTS (http.Server's connectionsCheckingInterval): its default, 30 s, would
 * let a slow client hold a socket 40 s past a 10 s limit.
 */
export const TIMEOUT_CHECK_MS = 1_000;
