#!/usr/bin/env node
// Serves a production build the way a static host does: gzip/brotli (precompressed files first),
// long cache for hashed assets, the site's security headers, and a real 404 status for unknown paths.
// Usage: node scripts/serve.mjs [--dir build] [--port 3000] [--build-if-missing] [--quiet] [--with-axe]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TYPES = {
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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.yaml', '.md', '.txt', '.xml', '.svg']);

/** Headers a static host is told to send (written by the build to build/_headers, Netlify format). */
export function readHeadersFile(dir) {
  const file = path.join(dir, '_headers');
  const rules = [];
  if (!fs.existsSync(file)) return rules;
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

function matches(pattern, urlPath) {
  if (pattern.endsWith('*')) return urlPath.startsWith(pattern.slice(0, -1));
  return pattern === urlPath;
}

/** Maps a URL path to a file in the build, as Docusaurus' output layout expects. */
export function resolveFile(dir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const candidate = path.normalize(path.join(dir, decoded));
  if (!candidate.startsWith(dir)) return null;
  const tries = decoded.endsWith('/')
    ? [path.join(candidate, 'index.html')]
    : [candidate, candidate + '.html', path.join(candidate, 'index.html')];
  for (const file of tries) {
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // try the next layout
    }
  }
  return null;
}

/**
 * For the browser tests only (`--with-axe`): axe-core at a same-origin address, so the page's own CSP
 * ('self') lets a test load it with a <script> tag. Loaded that way it is cached and compiled once per
 * browser context, where evaluating its 550 KB source in every page cost about 0.4 CPU-seconds a page.
 */
export const AXE_PATH = '/__test/axe.min.js';
const axeFile = path.join(siteDir, 'node_modules', 'axe-core', 'axe.min.js');

export function createServer(dir, {quiet = false, withAxe = false} = {}) {
  const headerRules = readHeadersFile(dir);
  const cache = new Map();
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = withAxe && url.pathname === AXE_PATH ? axeFile : resolveFile(dir, url.pathname);
    let status = 200;
    if (!file) {
      file = path.join(dir, '404.html');
      status = 404;
    }
    const ext = path.extname(file);
    const headers = {'Content-Type': TYPES[ext] ?? 'application/octet-stream', Vary: 'Accept-Encoding'};
    headers['Cache-Control'] = /\/assets\/|^\/__test\//.test(url.pathname)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    for (const rule of headerRules) {
      if (matches(rule.pattern, url.pathname)) for (const [k, v] of rule.headers) headers[k] = v;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body;
    try {
      body = fs.readFileSync(file);
    } catch {
      res.writeHead(404, {'Content-Type': 'text/plain'}).end('Not found');
      return;
    }
    if (COMPRESSIBLE.has(ext)) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      if (encoding) {
        const pre = file + (encoding === 'br' ? '.br' : '.gz');
        const key = `${encoding}:${file}`;
        if (fs.existsSync(pre)) body = fs.readFileSync(pre);
        else if (cache.has(key)) body = cache.get(key);
        else {
          body = encoding === 'br' ? zlib.brotliCompressSync(body) : zlib.gzipSync(body, {level: 9});
          cache.set(key, body);
        }
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    if (!quiet && status !== 200) console.log(`${status} ${url.pathname}`);
  });
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const dir = path.resolve(siteDir, opt('--dir', 'build'));
  const port = Number(opt('--port', process.env.PORT ?? 3000));
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    if (!args.includes('--build-if-missing')) {
      console.error(`No build in ${dir}. Run \`npm run build\` first.`);
      process.exit(1);
    }
    console.log('No production build yet: running `npm run build` (about a minute)...');
    const built = spawnSync('npm', ['run', 'build'], {cwd: siteDir, stdio: 'inherit'});
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  createServer(dir, {quiet: args.includes('--quiet'), withAxe: args.includes('--with-axe')}).listen(
    port,
    '127.0.0.1',
    () => {
      console.log(`Serving ${path.relative(siteDir, dir) || '.'} at http://localhost:${port}/ (gzip/brotli on)`);
    },
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
