/**
 * Where the docs come from: a production build on disk (`build/`) or the deployed site over HTTP.
 * Both read files by their site path (`/guides/pinning.md`, `/search-index.json`) and refuse any path
 * that would leave the docs: nothing outside the build folder is ever opened, and a URL source never
 * fetches from another origin.
 */
import {promises as fs, realpathSync, statSync} from 'node:fs';
import path from 'node:path';

/** The docs site that built pages link to (docusaurus.config.ts `url`). */
export const DEFAULT_SITE_URL = 'https://docs.lightdash.com';

/** Largest file either source reads; the biggest today is the 5 MB search index. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** A URL source gives up on a request after this long. */
export const FETCH_TIMEOUT_MS = 15_000;
/** Redirects a URL source follows (each checked before it is requested) before giving up. */
const MAX_REDIRECTS = 5;
/** The URL source keeps this many files in memory (the search indexes and the API spec are the big ones). */
const CACHE_ENTRIES = 64;
/** ... for this long, so a long-running server sees a redeployed site. */
const CACHE_TTL_MS = 10 * 60 * 1000;

/** A request the docs cannot answer: shown to the client as the tool's error message. */
export class DocsError extends Error {}

/** The file is not in the docs (as opposed to the docs being unreachable). */
export class NotFoundError extends DocsError {}

const MAX_PATH_LENGTH = 2048;

/**
 * Checks a site path and returns it decoded: `/guides/x%2Emd` → `/guides/x.md`. Percent-encodings are
 * decoded until the path stops changing (so `%252e%252e` is caught too), then any `.` or `..`
 * segment, backslash, NUL or other control character, or a `//` prefix is refused.
 */
export function safeSitePath(sitePath) {
  if (typeof sitePath !== 'string' || sitePath.length === 0 || sitePath.length > MAX_PATH_LENGTH) {
    throw new DocsError('A docs path must be a non-empty string of at most 2048 characters.');
  }
  let decoded = sitePath;
  for (let round = 0; round < 4; round++) {
    let next;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      throw new DocsError(`"${sitePath}" is not a valid docs path: it has a broken percent-encoding.`);
    }
    if (next === decoded) break;
    decoded = next;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) {
    throw new DocsError(`"${sitePath}" is not a valid docs path: it contains a backslash or control character.`);
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//')) {
    throw new DocsError(`"${sitePath}" is not a valid docs path: it must start with a single "/".`);
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new DocsError(`"${sitePath}" is not a docs path: "." and ".." segments are not allowed.`);
  }
  return decoded;
}

/** Reads files from a production build folder. */
class DirectorySource {
  constructor(dir, siteUrl) {
    this.root = realpathSync(dir);
    this.siteUrl = new URL(siteUrl);
    this.description = `the build in ${this.root}`;
    if (!statSync(this.root).isDirectory()) throw new DocsError(`${dir} is not a folder.`);
  }

  /** Absolute file for a site path, or a DocsError when it is not inside the build. */
  fileFor(sitePath) {
    const decoded = safeSitePath(sitePath);
    const file = path.resolve(this.root, `.${decoded}`);
    if (!file.startsWith(this.root + path.sep)) throw new DocsError(`"${sitePath}" is outside the docs.`);
    return file;
  }

  async readText(sitePath) {
    const file = this.fileFor(sitePath);
    let real;
    try {
      real = await fs.realpath(file);
    } catch {
      throw new NotFoundError(`${sitePath} is not in ${this.description}.`);
    }
    // A symbolic link inside the build must not lead out of it either.
    if (!real.startsWith(this.root + path.sep)) throw new DocsError(`"${sitePath}" is outside the docs.`);
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new NotFoundError(`${sitePath} is not in ${this.description}.`);
    if (stat.size > MAX_FILE_BYTES) throw new DocsError(`${sitePath} is larger than ${MAX_FILE_BYTES} bytes.`);
    return fs.readFile(real, 'utf8');
  }
}

/** Reads files from the deployed site, with a timeout, a size limit and a small in-memory cache. */
class UrlSource {
  constructor(base, {fetchImpl = globalThis.fetch, timeoutMs = FETCH_TIMEOUT_MS} = {}) {
    const url = new URL(base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new DocsError(`The source URL must be http or https, not ${url.protocol}`);
    }
    // The site root, always with a trailing slash, so `guides/x.md` resolves under it.
    url.pathname = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    url.search = '';
    url.hash = '';
    this.base = url;
    this.siteUrl = url;
    this.description = `the site at ${url.href}`;
    this.fetchImpl = fetchImpl;
    this.timeoutMs = timeoutMs;
    /** site path → {text, at} */
    this.cache = new Map();
  }

  urlFor(sitePath) {
    const decoded = safeSitePath(sitePath);
    const url = new URL(`.${decoded}`, this.base);
    if (url.origin !== this.base.origin || !url.pathname.startsWith(this.base.pathname)) {
      throw new DocsError(`"${sitePath}" is outside the docs.`);
    }
    return url;
  }

  async readText(sitePath) {
    const url = this.urlFor(sitePath);
    const cached = this.cache.get(url.href);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.text;
    const text = await this.download(url, sitePath);
    this.cache.delete(url.href);
    this.cache.set(url.href, {text, at: Date.now()});
    // Map keeps insertion order: the first key is the least recently stored.
    while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value);
    return text;
  }

  /**
   * Fetches url, following at most MAX_REDIRECTS redirects by hand: each Location is checked before
   * it is requested, so a redirect to another site (or out of the docs' path) is refused without any
   * request reaching that site. `redirect: 'follow'` would only let us look after the fact.
   */
  async fetchWithinDocs(url) {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let current = url;
    for (let hop = 0; ; hop++) {
      let response;
      try {
        response = await this.fetchImpl(current, {signal: deadline, redirect: 'manual'});
      } catch (error) {
        const reason =
          /** @type {Error} */ (error)?.name === 'TimeoutError'
            ? `no answer within ${this.timeoutMs / 1000} s`
            : describe(error);
        throw new DocsError(`Could not reach ${current.href}: ${reason}.`);
      }
      if (response.status < 300 || response.status > 399 || response.status === 304) return response;
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (!location) throw new DocsError(`${current.href} answered HTTP ${response.status} with no Location.`);
      let next;
      try {
        next = new URL(location, current);
      } catch {
        throw new DocsError(`${current.href} redirected to an invalid address.`);
      }
      if (next.origin !== this.base.origin || !next.pathname.startsWith(this.base.pathname)) {
        throw new DocsError(
          `${current.href} redirected to ${next.origin}${next.pathname}, which is not on ${this.base.href}; ` +
            'the docs server only reads that site and did not follow it.',
        );
      }
      if (hop >= MAX_REDIRECTS) throw new DocsError(`${url.href} redirected more than ${MAX_REDIRECTS} times.`);
      current = next;
    }
  }

  async download(url, sitePath) {
    const response = await this.fetchWithinDocs(url);
    if (response.status === 404) throw new NotFoundError(`${sitePath} is not on ${this.description} (HTTP 404).`);
    if (!response.ok) throw new DocsError(`${url.href} answered HTTP ${response.status}.`);
    // Many static hosts answer any unknown path with their HTML home or 404 page and status 200.
    if (/^text\/html/i.test(response.headers.get('content-type') ?? '') && !/\.html?$/.test(url.pathname)) {
      await response.body?.cancel().catch(() => undefined);
      throw new NotFoundError(`${sitePath} is not on ${this.description} (it answered with an HTML page).`);
    }
    return readLimited(response, url);
  }
}

/** The body as text, refusing bodies over MAX_FILE_BYTES without reading them whole. */
async function readLimited(response, url) {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_FILE_BYTES) throw new DocsError(`${url.href} is larger than ${MAX_FILE_BYTES} bytes.`);
  if (!response.body) return '';
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > MAX_FILE_BYTES) {
        await response.body.cancel().catch(() => undefined);
        throw new DocsError(`${url.href} is larger than ${MAX_FILE_BYTES} bytes.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DocsError) throw error;
    throw new DocsError(`Could not download ${url.href}: ${describe(error)}.`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error) {
  const cause = error?.cause;
  return cause?.code ?? cause?.message ?? error?.message ?? String(error);
}

/**
 * A docs source: a build folder (`root` is its path) or the deployed site; `spec` is what the tool
 * workers rebuild it from.
 * @typedef {(DirectorySource | UrlSource) & {spec: string, root?: string}} DocsSource
 */

/**
 * `--source`: an http(s) URL is the deployed site; anything else a build folder. `siteUrl` is the
 * address links point to for a build folder (a URL source links to itself).
 * @param {string} spec
 * @param {{siteUrl?: string, fetchImpl?: typeof fetch, timeoutMs?: number}} [options]
 * @returns {DocsSource}
 */
export function createSource(spec, {siteUrl = DEFAULT_SITE_URL, fetchImpl, timeoutMs} = {}) {
  const source = /** @type {DocsSource} */ (createSourceOf(spec, {siteUrl, fetchImpl, timeoutMs}));
  // What the tool workers rebuild the same source from (server.mjs createToolHost).
  source.spec = source.root ?? spec;
  return source;
}

function createSourceOf(spec, {siteUrl, fetchImpl, timeoutMs}) {
  if (/^https?:\/\//i.test(spec)) return new UrlSource(spec, {fetchImpl, timeoutMs});
  let stat;
  try {
    stat = statSync(spec);
  } catch {
    throw new DocsError(`--source ${spec}: no such folder (build the site with \`npm run build\`, or give a URL).`);
  }
  if (!stat.isDirectory()) throw new DocsError(`--source ${spec} is not a folder.`);
  return new DirectorySource(spec, siteUrl);
}

/** Reads a JSON file of the docs; anything that does not parse is a clear error, not a crash. */
export async function readJson(source, sitePath) {
  const text = await source.readText(sitePath);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DocsError(
      `${sitePath} from ${source.description} is not valid JSON (${/** @type {Error} */ (error).message}).`,
    );
  }
}
