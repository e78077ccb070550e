import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {compressFile, precompress as precompressDir, siblingsFresh} from '../../scripts/precompress.mjs';
import precompressEarlyPlugin from '../../plugins/precompress-early';
import {
  brotliQuality,
  isPrecompressEligible,
  listFiles,
  PRECOMPRESS_MIN_BYTES,
  STEPS,
} from '../../scripts/postbuild.mjs';
import {BUILD_DIR, requireBuild} from '../support/build';

const build = BUILD_DIR;
const precompress = STEPS.find((step: {name: string}) => step.name === 'precompress');

describe('the postbuild steps', () => {
  it('end with precompress, so it sees every file the other steps write', () => {
    expect(STEPS.map((step: {name: string}) => step.name).at(-1)).toBe('precompress');
  });
});

describe('precompress', () => {
  it('writes .gz and .br next to text files over 1 KB, and nothing next to small, binary or incompressible ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const text = 'const answer = 42;\n'.repeat(200);
    fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'assets/js/app.js'), text);
    fs.writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));
    // Random bytes do not shrink: a stale sibling from an earlier run must go too.
    fs.writeFileSync(path.join(dir, 'noise.txt'), crypto.randomBytes(4096));
    fs.writeFileSync(path.join(dir, 'noise.txt.gz'), 'stale');

    await precompress!.run(dir);

    const created = listFiles(dir).map((f: string) => path.relative(dir, f));
    expect(created.sort()).toEqual(
      ['assets/js/app.js', 'assets/js/app.js.br', 'assets/js/app.js.gz', 'logo.png', 'noise.txt', 'small.css'].sort(),
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/js/app.js.gz'))).toString()).toBe(text);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/js/app.js.br'))).toString()).toBe(text);
  });

  it.each([
    ['index.html', 2000, true],
    ['search-index-guides.json', 2000, true],
    ['api/v1/openapi.yaml', 2000, true],
    ['assets/js/main.js', PRECOMPRESS_MIN_BYTES, false],
    ['img/logo.png', 20000, false],
    ['assets/js/main.js.gz', 20000, false],
  ])('%s of %i bytes is eligible: %s', (file, size, eligible) => {
    expect(isPrecompressEligible(file, size)).toBe(eligible);
  });

  it.each([
    ['assets/js/main.0123abcd.js', 11],
    ['assets/css/styles.0123abcd.css', 11],
    ['index.html', 10],
    ['guides/pinning/index.html', 10],
    ['search-index.json', 10],
    ['next/assets/notes.md', 10],
  ])('%s is brotli-compressed at quality %i', (file, quality) => {
    expect(brotliQuality(file)).toBe(quality);
  });
});

describe('fresh siblings', () => {
  const tempBuild = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-fresh-'));
    fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'assets/js/app.js'), 'const answer = 42;\n'.repeat(200));
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>hello</p>\n'.repeat(200));
    return dir;
  };

  it('are those written from the file as it is now', async () => {
    const dir = tempBuild();
    const file = path.join(dir, 'index.html');
    expect(siblingsFresh(file)).toBe(false);
    expect(await compressFile(file, dir)).toBe(2);
    expect(siblingsFresh(file)).toBe(true);
    // A later change (a plugin rewriting the page) makes them stale, even within the same second.
    fs.writeFileSync(file, '<p>changed</p>\n'.repeat(200));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5));
    expect(siblingsFresh(file)).toBe(false);
  });

  it('are skipped by the next run, and a changed file is compressed again', async () => {
    const dir = tempBuild();
    expect(await precompressDir(dir)).toBe('4 compressed files for 2 text files over 1024 bytes');
    expect(await precompressDir(dir)).toBe('0 compressed files for 0 text files over 1024 bytes (2 already fresh)');
    const file = path.join(dir, 'index.html');
    const changed = '<p>changed</p>\n'.repeat(200);
    fs.writeFileSync(file, changed);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5));
    expect(await precompressDir(dir)).toBe('2 compressed files for 1 text files over 1024 bytes (1 already fresh)');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(changed);
  });

  it('the early plugin compresses assets/ in a worker thread, and only assets/', async () => {
    const dir = tempBuild();
    const plugin = precompressEarlyPlugin({siteDir: path.resolve(__dirname, '../..')} as never);
    await plugin.postBuild!({outDir: dir} as never);
    expect(siblingsFresh(path.join(dir, 'assets/js/app.js'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.gz'))).toBe(false);
  });
});

// npm test builds the production site (and runs scripts/postbuild.mjs) before vitest runs.
describe('the production build', () => {
  requireBuild();
  it('has a .gz and a .br next to every text file over 1 KB, each decompressing to the same bytes', () => {
    const eligible = listFiles(build).filter((f: string) => isPrecompressEligible(f, fs.statSync(f).size));
    const problems: string[] = [];
    for (const file of eligible) {
      const original = fs.readFileSync(file);
      for (const [suffix, decompress] of [
        ['.gz', zlib.gunzipSync],
        ['.br', zlib.brotliDecompressSync],
      ] as const) {
        const sibling = file + suffix;
        const name = path.relative(build, sibling);
        if (!fs.existsSync(sibling)) problems.push(`${name} is missing`);
        else if (!decompress(fs.readFileSync(sibling)).equals(original)) problems.push(`${name} differs`);
      }
    }
    expect(problems, 'run `node scripts/postbuild.mjs build` after `docusaurus build`').toEqual([]);
    expect(eligible.length).toBeGreaterThan(500);
  });
});
