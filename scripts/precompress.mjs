// Precompression for static hosts: `file.gz` (gzip 9) and `file.br` (brotli) next to each text file.
// The last step of scripts/postbuild.mjs runs `precompress(outDir)` over the whole build. The hashed
// assets are final once `docusaurus build` reaches its postBuild hooks, so plugins/precompress-early
// compresses them then, in a worker thread, on the core the search plugin's single-threaded indexing
// leaves idle; the last step skips the files it finds fresh. Which files are text worth compressing is
// a hosting rule (./hosting/rules.mjs COMPRESSIBLE_EXTENSIONS), the list `npm run serve` compresses too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';
import {COMPRESSIBLE_EXTENSIONS} from './hosting/rules.mjs';

/**
 * Every file under dir, as absolute paths, sorted so runs are reproducible.
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  return fs
    .readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Smaller files gain too little to be worth a request header and two more files. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const SUFFIXES = ['.gz', '.br'];

/**
 * @param {string} file
 * @param {number} size in bytes
 */
export function isPrecompressEligible(file, size) {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file)) && size > PRECOMPRESS_MIN_BYTES;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli quality per file. Quality 11 costs about 2.7× the CPU of quality 10 for 2–3 % fewer bytes
 * (measured on this build: 70 s against 26 s of CPU for 64 MB of text). The hashed scripts and styles
 * under assets/ are on every first load and cached for good, so they get 11; pages, search indexes
 * and Markdown copies get 10, which keeps the whole production build within its minute.
 * @param {string} relativePath
 */
export function brotliQuality(relativePath) {
  return relativePath.split(/[\\/]/)[0] === 'assets' ? 11 : 10;
}

/**
 * The gzip (level 9) and brotli forms of a file's bytes.
 * @param {Buffer} bytes
 * @param {number} [quality] brotli's
 */
export async function compressedForms(bytes, quality = 11) {
  const [gz, br] = await Promise.all([
    gzip(bytes, {level: 9}),
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return {'.gz': gz, '.br': br};
}

/**
 * True when both siblings were written from the file as it is now. A sibling carries the file's
 * modification time (set after writing), so a file changed since then no longer matches.
 * @param {string} file
 */
export function siblingsFresh(file) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return false;
  }
  return SUFFIXES.every((suffix) => {
    try {
      // utimes keeps whole milliseconds while file systems record finer times: within 1 ms is the same.
      return Math.abs(fs.statSync(file + suffix).mtimeMs - mtimeMs) < 1;
    } catch {
      return false;
    }
  });
}

/**
 * Compresses one file; returns how many siblings it wrote (a form that is not smaller is removed).
 * @param {string} file
 * @param {string} outDir
 */
export async function compressFile(file, outDir) {
  const {mtime} = fs.statSync(file);
  const bytes = fs.readFileSync(file);
  const quality = brotliQuality(path.relative(outDir, file));
  let written = 0;
  for (const [suffix, compressed] of Object.entries(await compressedForms(bytes, quality))) {
    const sibling = file + suffix;
    if (compressed.length < bytes.length) {
      fs.writeFileSync(sibling, compressed);
      fs.utimesSync(sibling, mtime, mtime);
      written++;
    } else {
      fs.rmSync(sibling, {force: true});
    }
  }
  return written;
}

/**
 * Writes `.gz` and `.br` next to each eligible file under outDir (or under `outDir/only`), skipping
 * files whose siblings are fresh. `concurrency` files are in flight at once; zlib's async calls run
 * on libuv's thread pool, so the default keeps every core busy.
 * @param {string} outDir
 * @param {{only?: string, concurrency?: number}} [options]
 */
export async function precompress(outDir, {only = '', concurrency = Math.max(2, os.availableParallelism())} = {}) {
  const root = path.join(outDir, only);
  if (!fs.existsSync(root)) return '0 files';
  const eligible = listFiles(root).filter((file) => isPrecompressEligible(file, fs.statSync(file).size));
  const files = eligible.filter((file) => !siblingsFresh(file));
  let written = 0;
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      // Not `written += await …`: that reads `written` before the await and loses the other lanes' counts.
      const count = await compressFile(files[next++], outDir);
      written += count;
    }
  };
  await Promise.all(Array.from({length: concurrency}, lane));
  const fresh = eligible.length - files.length;
  return `${written} compressed files for ${files.length} text files over ${PRECOMPRESS_MIN_BYTES} bytes${fresh ? ` (${fresh} already fresh)` : ''}`;
}
