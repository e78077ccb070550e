// The nginx rules of a build (build/nginx.conf), written by scripts/postbuild.mjs beside the files they
// serve, so a host that runs nginx serves the site the way `npm run serve` does: the same URL → file
// rules, a 404 page with status 404, the same content types, precompressed siblings, immutable caching
// of hashed assets only, and the security headers on every answer. Every value comes from the hosting
// rules (./hosting/rules.mjs); this file only writes them in nginx's syntax.
//
// The file is the inside of a `server` block: where the site listens and which folder is its root are
// the host's choices, so the host writes those two lines and includes this file (scripts/README.md, "Hosting").
// scripts/nginx-serve.mjs does exactly that for the tests.
import {
  CACHE_POLICY,
  CONTENT_TYPES,
  DEFAULT_CONTENT_TYPE,
  HOST_FILES,
  MCP_PATH,
  READ_METHODS,
} from './hosting/rules.mjs';
import {nginxMarkdownServerLines, nginxMarkdownTry} from './markdown-negotiation.mjs';

const NOTE = '# Written by scripts/postbuild.mjs after each build: edit that script, not this file.';

/**
 * A value inside double quotes in nginx's syntax (the headers hold none of these; refuse one).
 * @param {string} name
 * @param {string} value
 */
function quoted(name, value) {
  if (/["\\\n$]/.test(value)) throw new Error(`nginx config: ${name} holds a character nginx would misread`);
  return `"${value}"`;
}

/**
 * nginx reads one word of its config into a 4 KB buffer, and the CSP (a hash per inline script) is
 * longer: a long value is built in a variable, a piece at a time, at the server level (which runs
 * again after an internal redirect such as the 404 page's).
 */
const MAX_WORD = 3000;

/**
 * `set` lines that build each long header value, and the value to write after `add_header NAME`.
 * @param {[string, string][]} headers
 */
function headerValues(headers) {
  /** @type {string[]} */
  const sets = [];
  /** @type {[string, string][]} */
  const values = headers.map(([name, value]) => {
    quoted(name, value);
    if (value.length <= MAX_WORD) return [name, `"${value}"`];
    const variable = `docs_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
    let rest = value;
    let previous = '';
    while (rest) {
      // Cut after a space, so no hash is split (a split one would still join up; this keeps it readable).
      let cut = rest.length <= MAX_WORD ? rest.length : rest.lastIndexOf(' ', MAX_WORD) + 1;
      if (cut <= 0) cut = MAX_WORD;
      sets.push(`set $${variable} "${previous}${rest.slice(0, cut)}";`);
      previous = `\${${variable}}`;
      rest = rest.slice(cut);
    }
    return [name, `"$${variable}"`];
  });
  return {sets, values};
}

/**
 * nginx's own early refusals (a request line or header it cannot parse: 400; a request target over its
 * buffer: 414) are answered before the server-level `set` lines run, so a header built in a variable
 * (the CSP) would be empty there and left out. error_page sends them to these internal locations
 * instead: an internal redirect runs the server level again, and the location adds every header.
 */
const EARLY_ERRORS = [
  [400, '/__nginx-error/400', 'Bad request'],
  // nginx refuses TRACE itself, early; the read-only rule below gives the other methods 405 too.
  [405, '/__nginx-error/405', 'Method not allowed', `add_header Allow "${READ_METHODS.join(', ')}" always;`],
  [414, '/__nginx-error/414', 'Request target too long'],
];

/** `add_header` lines; `always` also puts them on 4xx/5xx answers (nginx's default is 2xx/3xx only). */
/**
 * @param {[string, string][]} values
 * @param {{always?: boolean, indent?: string}} [options]
 */
function addHeaders(values, {always = true, indent = '    '} = {}) {
  return values.map(([name, value]) => `${indent}add_header ${name} ${value}${always ? ' always' : ''};`);
}

/** extension → MIME type, as nginx's `types` block wants it (one type, its extensions). */
function typesBlock() {
  const byType = new Map();
  for (const [ext, contentType] of Object.entries(CONTENT_TYPES)) {
    const type = contentType.split(';')[0].trim();
    byType.set(type, [...(byType.get(type) ?? []), ext.slice(1)]);
  }
  return ['types {', ...[...byType].map(([type, exts]) => `    ${type} ${exts.join(' ')};`), '}'];
}

/** The types that `npm run serve` sends with `; charset=utf-8` (nginx adds it to text/html itself). */
function charsetTypes() {
  const types = Object.values(CONTENT_TYPES)
    .filter((t) => t.includes('charset=utf-8'))
    .map((t) => t.split(';')[0].trim())
    .filter((t) => t !== 'text/html');
  return [...new Set(types)];
}

/**
 * The inside of a server block.
 * @param {[string, string][]} securityHeaders  the headers every answer carries (postbuild's CSP and others)
 */
export function nginxConfig(securityHeaders) {
  const revalidate = CACHE_POLICY.other.cacheControl;
  const immutable = CACHE_POLICY.hashedAssets.cacheControl;
  // nginx drops the server's add_header lines in a location that has its own, so every location
  // repeats them; the server level keeps them for answers given before a location is chosen (405).
  const {sets, values} = headerValues(securityHeaders);
  const security = addHeaders(values);
  return [
    NOTE,
    '# Include it inside a server block that sets `listen` and `root` (the folder this file is in):',
    '#   server { listen 80; root /srv/lightdash-docs; include /srv/lightdash-docs/nginx.conf; }',
    '# brotli_static needs the ngx_brotli static module (Debian: libnginx-mod-http-brotli-static).',
    '',
    'server_tokens off;',
    // Only the types the site uses, with the charset `npm run serve` sends (.md and .yaml read as text).
    ...typesBlock(),
    `default_type ${DEFAULT_CONTENT_TYPE};`,
    'charset utf-8;',
    `charset_types ${charsetTypes().join(' ')};`,
    // The build writes .br and .gz beside every text file worth compressing; smaller ones go as they are.
    'gzip_static on;',
    'brotli_static on;',
    'gzip_vary on;',
    '',
    'error_page 404 /404.html;',
    ...EARLY_ERRORS.map(([code, uri]) => `error_page ${code} ${uri};`),
    // A symbolic link is never followed, out of the build or within it (the build has none). Every
    // part of the path is checked, the root's too, so `root` must name the real folder (not a link to
    // a release folder): `from=$document_root` would allow that, but ngx_brotli's brotli_static then
    // stops sending the .br files.
    'disable_symlinks on;',
    ...sets,
    // /mcp is the docs MCP endpoint (POST), served by Node: a host routes it with its own
    // `location = /mcp { proxy_pass ...; }` (scripts/README.md, "Hosting"). `break` ends the
    // server-level checks for it, so the read-only rule below does not refuse its POSTs first; without
    // such a location, /mcp is a missing file like any other (404).
    `if ($uri = ${MCP_PATH}) {`,
    '    break;',
    '}',
    // A static site answers reads only: anything else is refused before a file is looked at.
    `if ($request_method !~ ^(${READ_METHODS.join('|')})$) {`,
    '    return 405;',
    '}',
    ...addHeaders(values, {indent: ''}),
    `add_header Allow "${READ_METHODS.join(', ')}" always;`,
    '',
    // Accept: text/markdown gets a page's Markdown twin (./markdown-negotiation.mjs).
    ...nginxMarkdownServerLines(),
    '',
    // Docusaurus' layout: /guides/pinning is guides/pinning/index.html (or a .html file of that name).
    'location / {',
    `    ${nginxMarkdownTry.page}`,
    `    ${nginxMarkdownTry.vary}`,
    `    add_header Cache-Control ${quoted('Cache-Control', revalidate)} always;`,
    ...security,
    '}',
    '',
    // A path ending in / is a folder's index only; without this, a folder without one would answer 403.
    'location ~ /$ {',
    `    ${nginxMarkdownTry.folder}`,
    `    ${nginxMarkdownTry.vary}`,
    `    add_header Cache-Control ${quoted('Cache-Control', revalidate)} always;`,
    ...security,
    '}',
    '',
    // The host's own configuration, written beside the pages (this file, _headers): never served.
    `location ~ ^/(${HOST_FILES.map((f) => f.slice(1).replace(/\./g, '\\.')).join('|')})$ {`,
    ...security,
    '    return 404;',
    '}',
    '',
    ...EARLY_ERRORS.flatMap(([code, uri, text, extra]) => [
      `location = ${uri} {`,
      '    internal;',
      '    default_type text/plain;',
      `    add_header Cache-Control ${quoted('Cache-Control', revalidate)} always;`,
      ...(extra ? [`    ${extra}`] : []),
      ...security,
      `    return ${code} "${text}\\n";`,
      '}',
      '',
    ]),
    // Asset names carry a content hash. Without `always`, a 404 here does not get the year-long cache.
    `location ${CACHE_POLICY.hashedAssets.prefix} {`,
    '    try_files $uri =404;',
    `    add_header Cache-Control ${quoted('Cache-Control', immutable)};`,
    ...security,
    '}',
    '',
  ].join('\n');
}
