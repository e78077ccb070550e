#!/usr/bin/env node
// Finishes a build after `docusaurus build` has returned: Docusaurus runs plugins' postBuild hooks
// concurrently (the search plugin writes its index files in its own), so anything that must see the
// final files runs here, in order.
// Usage: node scripts/postbuild.mjs <outDir>      (npm run build and npm run build:e2e call it)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {readHeadersFile} from './serve.mjs';
import {CACHE_POLICY, contentSecurityPolicy, securityHeaders} from './hosting/rules.mjs';
import {finishSearchIndexes} from './search-indexes.mjs';
import {listFiles, precompress} from './precompress.mjs';
import {nginxConfig} from './nginx-config.mjs';
import {DISCOVERY_HEADERS, writeMcpDiscovery} from './mcp-discovery.mjs';
import {addMarkdownDiscovery} from './markdown-negotiation.mjs';

export {listFiles};

// ---- csp ----------------------------------------------------------------------------------------

/**
 * Script types the browser runs (or, for import maps and speculation rules, still checks against
 * script-src). Anything else, such as application/ld+json, is a data block that CSP ignores.
 */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
]);

/**
 * The value of one attribute in a tag's attribute text (quoted or not, as minified HTML has it).
 * @param {string} attributes
 * @param {string} name
 */
function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, 'i').exec(
    attributes,
  );
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The bodies of the inline scripts of a page that CSP would block without a hash.
 * @param {string} html
 */
export function inlineScripts(html) {
  /** @type {string[]} */
  const scripts = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (attribute(attributes, 'src') !== null) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The CSP source expression of a script body: 'sha256-<base64>'. The browser hashes the text after
 * its input stream has turned CR LF and lone CR into LF, so the same is done here.
 * @param {string} body
 */
export function scriptHash(body) {
  const text = body.replace(/\r\n?/g, '\n');
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const HEADERS_NOTE = '# Written by scripts/postbuild.mjs after each build: edit that script, not this file.';

/**
 * Netlify `_headers` text: the rules already in the file (from static/ or an earlier step) are
 * kept, and the security headers replace any of the same name in the `/*` rule.
 * @param {import('./serve.mjs').HeaderRule[]} existingRules
 * @param {[string, string][]} headers
 */
export function headersFileText(existingRules, headers) {
  const rules = existingRules.map((rule) => ({pattern: rule.pattern, headers: [...rule.headers]}));
  let all = rules.find((rule) => rule.pattern === '/*');
  if (!all) {
    all = {pattern: '/*', headers: []};
    rules.unshift(all);
  }
  // The cache policy of the hosting rules: everything is revalidated but the hashed assets. Netlify lets
  // the later matching rule win, so /assets/* comes after /*.
  /** @type {[string, string][]} */
  const allHeaders = [...headers, ['Cache-Control', CACHE_POLICY.other.cacheControl]];
  const names = new Set(allHeaders.map(([name]) => name.toLowerCase()));
  all.headers = [...all.headers.filter(([name]) => !names.has(name.toLowerCase())), ...allHeaders];
  const assetsPattern = `${CACHE_POLICY.hashedAssets.prefix}*`;
  const assets = rules.find((rule) => rule.pattern === assetsPattern) ?? {pattern: assetsPattern, headers: []};
  assets.headers = [
    ...assets.headers.filter(([name]) => name.toLowerCase() !== 'cache-control'),
    ['Cache-Control', CACHE_POLICY.hashedAssets.cacheControl],
  ];
  const at = rules.indexOf(assets);
  if (at >= 0) rules.splice(at, 1);
  rules.push(assets);
  const body = rules.map((rule) => [rule.pattern, ...rule.headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n'));
  return `${HEADERS_NOTE}\n${body.join('\n')}\n`;
}

/**
 * Hashes every distinct inline script of every page and writes `_headers` and the nginx config
 * (./nginx-config.mjs) from the hosting rules (./hosting/rules.mjs), so every host gets the same policy.
 * @param {string} outDir
 */
function writeSecurityHeaders(outDir) {
  const hashes = new Set();
  let pages = 0;
  for (const file of listFiles(outDir)) {
    if (!file.endsWith('.html')) continue;
    pages++;
    for (const body of inlineScripts(fs.readFileSync(file, 'utf8'))) hashes.add(scriptHash(body));
  }
  // The MCP discovery links ride along: every answer advertises llms.txt and the MCP Server Card.
  const headers = [...securityHeaders(contentSecurityPolicy([...hashes])), ...DISCOVERY_HEADERS];
  fs.writeFileSync(path.join(outDir, '_headers'), headersFileText(readHeadersFile(outDir), headers));
  fs.writeFileSync(path.join(outDir, 'nginx.conf'), nginxConfig(headers));
  return `${hashes.size} inline script hashes from ${pages} pages -> _headers, nginx.conf`;
}

// ---- precompress: scripts/precompress.mjs ------------------------------------------------------

export {brotliQuality, isPrecompressEligible, PRECOMPRESS_MIN_BYTES} from './precompress.mjs';

// ---- the steps, in order ------------------------------------------------------------------------

/** Steps run in this order; precompress stays last so it sees every file the others write. */
export const STEPS = [
  {name: 'search-indexes', run: finishSearchIndexes},
  {name: 'mcp-discovery', run: writeMcpDiscovery},
  // Before csp and precompress, which read and compress the pages it edits.
  {name: 'markdown-discovery', run: (/** @type {string} */ dir) => addMarkdownDiscovery(dir, listFiles(dir))},
  {name: 'csp', run: writeSecurityHeaders},
  {name: 'precompress', run: precompress},
];

async function main() {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('Usage: node scripts/postbuild.mjs <outDir>   (the folder `docusaurus build` wrote, e.g. build)');
    process.exit(2);
  }
  const dir = path.resolve(outDir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`postbuild: ${dir} holds no index.html; run \`docusaurus build\` first.`);
    process.exit(1);
  }
  // The fixture build skips precompress: the server compresses on the fly, and brotli takes ~20 s.
  const skip = new Set((process.env.POSTBUILD_SKIP ?? '').split(',').filter(Boolean));
  for (const step of STEPS) {
    if (skip.has(step.name)) continue;
    const started = Date.now();
    const summary = await step.run(dir);
    console.log(`postbuild ${step.name}: ${summary} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
