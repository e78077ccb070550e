#!/usr/bin/env node
// Serves a production build the way a static host does: gzip/brotli (precompressed files first),
// long cache for hashed assets, the site's security headers, and a real 404 status for unknown paths.
// Its types, cache policy, read-only methods, /mcp path, Host checks and timeouts are the hosting rules
// (./hosting/rules.mjs), which nginx.conf and _headers are written from too.
// The docs MCP server answers at /mcp beside the pages (mcp/lib/http.mjs, loaded on the first request to it).
// Usage: node scripts/serve.mjs [--dir build] [--port 3000] [--host 127.0.0.1] [--build-if-missing] [--quiet] [--with-axe]
//        [--no-mcp] [--site-url <url>] [--allowed-origin <origin>]... [--feedback-file <file>]
// A flag given twice takes its last value, so `npm run serve -- --port 3900` overrides the script's port.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {negotiateMarkdown} from './markdown-negotiation.mjs';
import {
  CACHE_POLICY,
  COMPRESSIBLE_EXTENSIONS,
  CONTENT_TYPES,
  DEFAULT_CONTENT_TYPE,
  HOST_FILES,
  MCP_PATH,
  READ_METHODS,
  SERVER_TIMEOUTS,
  TIMEOUT_CHECK_MS,
  cacheControlFor,
  hostHeaderCount,
  isLoopback,
  ownAddresses,
} from './hosting/rules.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The content coding to answer with for an Accept-Encoding header: 'br', 'gzip' or null (identity).
 * Codings are case-insensitive, `q=0` refuses one, `*` stands for any not named; br wins a tie
 * because it is the smaller.
 * @param {string | undefined} accept
 * @returns {'br' | 'gzip' | null}
 */
export function pickEncoding(accept) {
  const weights = new Map();
  for (const part of String(accept ?? '').split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding || weights.has(coding)) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const q = Number(value.trim());
      // A malformed q value is treated as a refusal: identity is always a safe answer.
      weight = value.trim() && Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    }
    weights.set(coding, weight);
  }
  const weightOf = (/** @type {string} */ coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * One rule of `_headers`: a path pattern (a trailing `*` matches any rest) and its headers, in order.
 * @typedef {{pattern: string, headers: [string, string][]}} HeaderRule
 */

/**
 * Headers a static host is told to send (written by the build to build/_headers, Netlify format).
 * @param {string} dir
 * @returns {HeaderRule[]}
 */
export function readHeadersFile(dir) {
  const file = path.join(dir, '_headers');
  /** @type {HeaderRule[]} */
  const rules = [];
  if (!fs.existsSync(file)) return rules;
  /** @type {HeaderRule | null} */
  let current = null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {pattern: line.trim(), headers: []};
      rules.push(current);
    } else if (current) {
      const i = line.indexOf(':');
      current.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/**
 * @param {string} pattern
 * @param {string} urlPath
 */
function matches(pattern, urlPath) {
  if (pattern.endsWith('*')) return urlPath.startsWith(pattern.slice(0, -1));
  return pattern === urlPath;
}

/**
 * Whether file is dir or inside it; the separator keeps a sibling such as build-e2e out of build.
 * @param {string} dir
 * @param {string} file
 */
function isInside(dir, file) {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/**
 * Maps a URL path to a file in the build, as Docusaurus' output layout expects. Real paths are compared
 * too, so a symbolic link in the build cannot hand out a file from outside it.
 * @param {string} dir
 * @param {string} urlPath
 * @returns {string | null}
 */
export function resolveFile(dir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const root = path.resolve(dir);
  const candidate = path.join(root, decoded);
  if (!isInside(root, candidate)) return null;
  let realRoot;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    return null;
  }
  const tries = decoded.endsWith('/')
    ? [path.join(candidate, 'index.html')]
    : [candidate, candidate + '.html', path.join(candidate, 'index.html')];
  for (const file of tries) {
    try {
      if (isInside(realRoot, fs.realpathSync(file)) && fs.statSync(file).isFile()) return file;
    } catch {
      // try the next layout
    }
  }
  return null;
}

/**
 * The path a request target asks for, as {encoded, decoded} (decoded has its dot segments resolved),
 * or null when it cannot be parsed. The usual origin-form (`/path?query`) is split by hand, because a
 * URL parser would read `//host` or `/\host` in it as an authority; absolute-form and `//…` targets go
 * through URL, which throws on a malformed host or port.
 * @param {string} target
 */
function requestPath(target) {
  let encoded;
  if (/^\/(?!\/)/.test(target)) encoded = target.replace(/[?#].*$/s, '');
  else if (/^(https?:)?\/\//i.test(target)) {
    try {
      encoded = new URL(target, 'http://localhost').pathname;
    } catch {
      return null;
    }
  } else return null;
  try {
    return {encoded, decoded: path.posix.normalize(decodeURIComponent(encoded))};
  } catch {
    return null;
  }
}

/**
 * For the browser tests only (`--with-axe`): axe-core at a same-origin address, so the page's own CSP
 * ('self') lets a test load it with a <script> tag. Loaded that way it is cached and compiled once per
 * browser context, where evaluating its 550 KB source in every page cost about 0.4 CPU-seconds a page.
 */
export const AXE_PATH = '/__test/axe.min.js';
const axeFile = path.join(siteDir, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * The headers the host rules (_headers) give urlPath, in order, the later rule winning.
 * @param {HeaderRule[]} rules
 * @param {string} urlPath
 */
function ruleHeaders(rules, urlPath) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rules) {
    if (matches(rule.pattern, urlPath)) for (const [k, v] of rule.headers) headers[k] = v;
  }
  return headers;
}

/**
 * A short answer of the server's own (400, 405, 500), with the security headers every answer carries
 * (those of the site-wide rule `/*`: what it answers is not a page of the build).
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string>} [headers]
 * @param {HeaderRule[]} [rules]
 */
function sendText(req, res, status, text, headers = {}, rules = []) {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    ...ruleHeaders(rules, '/'),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': CACHE_POLICY.other.cacheControl,
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The strong validator of a file as sent: its modification time and size, as nginx writes it.
 * @param {fs.Stats} stat
 */
function etagOf(stat) {
  return `"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`;
}

/**
 * Whether an If-None-Match value names etag (weak comparison, as RFC 9110 asks for GET and HEAD).
 * @param {string} header
 * @param {string} etag
 */
function noneMatch(header, etag) {
  if (header.trim() === '*') return true;
  const bare = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The byte range a Range header asks of a body of `size` bytes: {start, end} (inclusive), 'unsatisfiable',
 * or null to send the whole body (no Range, a unit other than bytes, or several ranges, which a server
 * may answer whole).
 * @param {string | undefined} header
 * @param {number} size
 * @returns {{start: number, end: number} | 'unsatisfiable' | null}
 */
export function byteRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(String(header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start;
  let end;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return {start, end};
}

/**
 * The docs MCP endpoint over a build (mcp/lib/http.mjs), loaded on its first request, so a server that
 * never gets one (the browser tests') never loads the SDK or the search index. `options` are
 * createMcpHttpHandler's, less the source, with `feedback` as createFeedbackSink's options ({file, url}).
 * @param {string} dir
 * @param {{siteUrl: string, allowedOrigins: string[], allowedHosts?: string[], feedback: {file?: string, url?: string}}} options
 */
function lazyMcpEndpoint(dir, options) {
  let loading;
  return {
    /**
     * @param {http.IncomingMessage} req
     * @param {http.ServerResponse} res
     */
    async handle(req, res) {
      loading ??= (async () => {
        // Before anything imports the search plugin's worker (mcp/lib/search/register.mjs says why).
        await import('../mcp/lib/search/register.mjs');
        const {createMcpHttpHandler} = await import('../mcp/lib/http.mjs');
        const {createSource} = await import('../mcp/lib/source.mjs');
        const {createFeedbackSink} = await import('../mcp/lib/feedback.mjs');
        return createMcpHttpHandler({
          ...options,
          source: createSource(dir, {siteUrl: options.siteUrl}),
          feedback: createFeedbackSink(options.feedback),
        });
      })();
      (await loading).handle(req, res);
    },
  };
}

/**
 * @param {string} dir the build folder
 * @param {{quiet?: boolean, withAxe?: boolean, mcp?: {handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>}}} [options]
 *   mcp: the /mcp endpoint (lazyMcpEndpoint()), or none: /mcp is then a missing file like any other
 */
export function createServer(dir, {quiet = false, withAxe = false, mcp} = {}) {
  const headerRules = readHeadersFile(dir);
  const cache = new Map();

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  function handle(req, res) {
    if (hostHeaderCount(req) > 1) {
      sendText(req, res, 400, 'Bad request: more than one Host header', {Connection: 'close'}, headerRules);
      return;
    }
    if (mcp && requestPath(req.url ?? '/')?.decoded === MCP_PATH) {
      mcp.handle(req, res).catch((error) => {
        if (!quiet) console.error(`500 ${req.url}:`, error);
        if (res.headersSent) res.destroy();
        else sendText(req, res, 500, 'Internal server error', {}, headerRules);
      });
      return;
    }
    if (!READ_METHODS.includes(req.method ?? '')) {
      sendText(req, res, 405, 'Method not allowed', {Allow: READ_METHODS.join(', ')}, headerRules);
      return;
    }
    const target = requestPath(req.url ?? '/');
    if (!target) {
      sendText(req, res, 400, 'Bad request', {}, headerRules);
      return;
    }
    const urlPath = target.decoded;
    const hostFile = HOST_FILES.includes(urlPath.replace(/\/+$/, ''));
    let file = withAxe && urlPath === AXE_PATH ? axeFile : hostFile ? null : resolveFile(dir, target.encoded);
    // A page asked for as Markdown answers with its twin (issue 48); its answers then vary with Accept.
    const negotiated = negotiateMarkdown(dir, file, req.headers.accept);
    file = negotiated.file;
    let status = 200;
    if (!file) {
      file = path.join(dir, '404.html');
      status = 404;
    }
    const ext = path.extname(file);
    /** @type {Record<string, string | number>} */
    const headers = {
      'Content-Type': CONTENT_TYPES[ext] ?? DEFAULT_CONTENT_TYPE,
      Vary: negotiated.vary ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
      ...ruleHeaders(headerRules, urlPath),
    };
    // After the rules, which say the same for pages and assets (postbuild writes them from the same
    // rules): a host's rules go by path, so they would pin a 404 under /assets/ for a year. axe-core
    // is a fixed version for the whole test run, cached like a hashed asset.
    headers['Cache-Control'] =
      status === 404
        ? CACHE_POLICY.other.cacheControl
        : file === axeFile
          ? CACHE_POLICY.hashedAssets.cacheControl
          : cacheControlFor(urlPath);
    let body;
    let stat;
    try {
      body = fs.readFileSync(file);
      stat = fs.statSync(file);
    } catch {
      sendText(req, res, 404, 'Not found', {}, headerRules);
      return;
    }
    // The validators name the bytes sent: a precompressed sibling has its own (as nginx's gzip_static
    // gives), a body compressed here the file's, marked weak (the same content, other bytes).
    let etag = etagOf(stat);
    const encoding = COMPRESSIBLE_EXTENSIONS.has(ext) ? pickEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      const pre = file + (encoding === 'br' ? '.br' : '.gz');
      const key = `${encoding}:${file}`;
      if (fs.existsSync(pre)) {
        body = fs.readFileSync(pre);
        etag = etagOf(fs.statSync(pre));
      } else {
        if (cache.has(key)) body = cache.get(key);
        else {
          body = encoding === 'br' ? zlib.brotliCompressSync(body) : zlib.gzipSync(body, {level: 9});
          cache.set(key, body);
        }
        etag = `W/${etag}`;
      }
      headers['Content-Encoding'] = encoding;
    }
    if (status === 200) {
      Object.assign(headers, {ETag: etag, 'Last-Modified': stat.mtime.toUTCString(), 'Accept-Ranges': 'bytes'});
      // Conditional GET (RFC 9110 13.2.2): If-None-Match decides when present, else If-Modified-Since.
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
      const notModified =
        ifNoneMatch !== undefined
          ? noneMatch(ifNoneMatch, etag)
          : Number.isFinite(ifModifiedSince) && Math.floor(stat.mtimeMs / 1000) * 1000 <= ifModifiedSince;
      if (notModified) {
        delete headers['Content-Type'];
        res.writeHead(304, headers);
        res.end();
        return;
      }
      // A range of the bytes sent, unless If-Range names another version (then the whole body).
      const ifRange = req.headers['if-range'];
      const rangeApplies = ifRange === undefined || ifRange === etag || ifRange === headers['Last-Modified'];
      const range = rangeApplies ? byteRange(req.headers.range, body.length) : null;
      if (range === 'unsatisfiable') {
        sendText(req, res, 416, 'Range not satisfiable', {'Content-Range': `bytes */${body.length}`}, headerRules);
        return;
      }
      if (range) {
        headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.length}`;
        body = body.subarray(range.start, range.end + 1);
        status = 206;
      }
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = http.createServer({connectionsCheckingInterval: TIMEOUT_CHECK_MS}, (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // One bad request must not take down the server the browser tests share.
      if (!quiet) console.error(`500 ${req.url}:`, error);
      if (res.headersSent) res.destroy();
      else sendText(req, res, 500, 'Internal server error', {}, headerRules);
      return;
    }
    if (!quiet && res.statusCode !== 200 && res.statusCode !== 304 && res.statusCode !== 206)
      console.log(`${res.statusCode} ${req.method} ${req.url}`);
  });
  return Object.assign(server, SERVER_TIMEOUTS);
}

const USAGE = `Usage: node scripts/serve.mjs [options]
  --dir <folder>        build to serve (default: build)
  --port <n>            port, 1-65535 (default: $PORT or 3000)
  --host <address>      address to listen on (default: 127.0.0.1)
  --build-if-missing    run \`npm run build\` first when the folder has no index.html
  --quiet               do not log requests answered with an error status
  --with-axe            also serve axe-core at ${AXE_PATH}, for the browser tests
  --no-mcp              do not answer MCP at ${MCP_PATH}
  --site-url <url>      the address readers reach this server at, which MCP search hits link to
                        (default: http://localhost:<port>); its origin may call ${MCP_PATH}
  --allowed-origin <o>  another web origin whose pages may call ${MCP_PATH} (repeatable)
  --feedback-file <f>   append MCP submit_feedback reports to this file as JSON lines (or set
                        FEEDBACK_FILE; FEEDBACK_URL posts them instead; with neither they go to the log)
  -h, --help            show this help
A flag given twice takes its last value.`;

/**
 * The command line as options; throws an Error with a one-line message when it is wrong.
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} [env]
 */
export function parseServeArgs(argv, env = process.env) {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        dir: {type: 'string', multiple: true},
        port: {type: 'string', multiple: true},
        host: {type: 'string', multiple: true},
        'build-if-missing': {type: 'boolean'},
        quiet: {type: 'boolean'},
        'with-axe': {type: 'boolean'},
        'no-mcp': {type: 'boolean'},
        'site-url': {type: 'string', multiple: true},
        'allowed-origin': {type: 'string', multiple: true},
        'feedback-file': {type: 'string', multiple: true},
        help: {type: 'boolean', short: 'h'},
      },
    }));
  } catch (error) {
    throw new Error(/** @type {Error} */ (error).message.replace(/\s*\n\s*/g, ' '));
  }
  const portText = values.port?.at(-1) ?? env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    const source = values.port ? '--port' : 'PORT';
    throw new Error(`${source} must be an integer from 1 to 65535, not '${portText}'`);
  }
  return {
    dir: path.resolve(siteDir, values.dir?.at(-1) ?? 'build'),
    port,
    host: values.host?.at(-1) ?? '127.0.0.1',
    buildIfMissing: Boolean(values['build-if-missing']),
    quiet: Boolean(values.quiet),
    withAxe: Boolean(values['with-axe']),
    mcp: !values['no-mcp'],
    siteUrl: values['site-url']?.at(-1),
    allowedOrigins: values['allowed-origin'] ?? [],
    feedbackFile: values['feedback-file']?.at(-1),
    help: Boolean(values.help),
  };
}

function main() {
  let options;
  try {
    options = parseServeArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`serve.mjs: ${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const {dir, port, host} = options;
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    if (!options.buildIfMissing) {
      console.error(`No build in ${dir}. Run \`npm run build\` first.`);
      process.exit(1);
    }
    console.log('No production build yet: running `npm run build` (about a minute)...');
    const built = spawnSync('npm', ['run', 'build'], {cwd: siteDir, stdio: 'inherit'});
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const shownHost =
    host === '127.0.0.1' || host === 'localhost' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const mcp = options.mcp ? mcpFor(options, shownHost) : undefined;
  createServer(dir, {quiet: options.quiet, withAxe: options.withAxe, mcp})
    .on('error', (error) => {
      console.error(`Cannot serve on ${host}:${port}: ${error.message}`);
      process.exit(1);
    })
    .listen(port, host, () => {
      console.log(`Serving ${path.relative(siteDir, dir) || '.'} at http://${shownHost}:${port}/ (gzip/brotli on)`);
      if (mcp) console.log(`MCP endpoint: http://${shownHost}:${port}${MCP_PATH} (docs MCP server, Streamable HTTP)`);
    });
}

/**
 * The /mcp endpoint of `npm run serve`: pages of this server, of --site-url and of --allowed-origin may
 * call it; on a loopback address it answers only to this server's own names (DNS rebinding).
 * @param {ReturnType<typeof parseServeArgs>} options
 * @param {string} shownHost
 */
function mcpFor(options, shownHost) {
  const {dir, port, host} = options;
  const own = ownAddresses(host, port);
  const siteUrl = options.siteUrl ?? `http://${shownHost}:${port}`;
  const feedbackFile = options.feedbackFile ?? process.env.FEEDBACK_FILE;
  const feedbackUrl = process.env.FEEDBACK_URL;
  let extra;
  try {
    extra = [siteUrl, ...options.allowedOrigins].map((u) => new URL(u));
    if (feedbackUrl) new URL(feedbackUrl);
  } catch (error) {
    console.error(
      `serve.mjs: --site-url, --allowed-origin and FEEDBACK_URL must be URLs: ${/** @type {Error} */ (error).message}`,
    );
    process.exit(2);
  }
  return lazyMcpEndpoint(dir, {
    siteUrl,
    allowedOrigins: [...own.origins, ...extra.map((u) => u.origin)],
    allowedHosts: isLoopback(host) ? [...own.hosts, ...extra.map((u) => u.host)] : undefined,
    feedback: {file: feedbackFile, url: feedbackUrl},
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
