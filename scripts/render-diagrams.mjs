#!/usr/bin/env node
// npm run diagrams: renders every ```mermaid block of docs/ and versioned_docs/ to SVG, once with
// the light theme and once with the dark one, into diagrams/<hash>.<mode>.svg (hash: see
// scripts/diagrams-lib.mjs), and deletes the SVGs no block uses any more. The site shows these files
// (plugins/remark-diagrams); no diagram JavaScript reaches readers. Re-running on unchanged sources
// gives byte-identical files. `--check` changes nothing and fails when a file would change.
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {execFileSync, spawnSync} from 'node:child_process';
import {chromium} from '@playwright/test';
import {CHROMIUM} from './setup-test-tools.mjs';
import {DIAGRAMS_DIR, MODES, findDiagrams, svgPath} from './diagrams-lib.mjs';
import {PAGE_BACKGROUNDS, diagramContrastProblems} from './diagram-contrast.mjs';

const check = process.argv.includes('--check');
const require = createRequire(import.meta.url);
const mermaidScript = path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist/mermaid.min.js');

/**
 * Text is measured here and drawn on the reader's machine, so the first font of the stack must have
 * the same widths everywhere: Arial (Windows, macOS), Helvetica (metrically the same) and Liberation
 * Sans (Linux; metric-compatible with Arial, and what Chromium uses for Arial on Linux).
 */
const FONT = 'Arial, Helvetica, "Liberation Sans", sans-serif';
/** The site's colour modes and mermaid's themes for them (theme-mermaid's defaults, which the site used). */
const THEMES = {light: 'default', dark: 'dark'};

function fontCheck() {
  let fonts = '';
  try {
    fonts = execFileSync('fc-list', [':', 'family'], {encoding: 'utf8'});
  } catch {
    return; // No fontconfig (macOS, Windows): Arial or Helvetica is there.
  }
  if (!/\b(Arial|Liberation Sans)\b/.test(fonts)) {
    console.error('Neither Arial nor Liberation Sans is installed, so text would be measured with another font.');
    console.error('Install one (Debian/Ubuntu: sudo apt-get install fonts-liberation) and run again.');
    process.exit(1);
  }
}

/** Mermaid sizes the SVG to its container (width="100%"); an <img> needs its own size. */
function finish(svg) {
  const viewBox = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!viewBox) throw new Error('rendered SVG has no viewBox');
  const [width, height] = [viewBox[3], viewBox[4]].map((v) => Math.ceil(Number(v)));
  return (
    svg
      .replace(/^<svg([^>]*?) width="100%"/, `<svg$1 width="${width}" height="${height}"`)
      .replace(/^(<svg[^>]*?) style="max-width: [\d.]+px;"/, '$1') + '\n'
  );
}

async function main() {
  fontCheck();
  // Installs Debian's Chromium when it is missing, or says what to install (the browser tests do the same).
  if (!fs.existsSync(CHROMIUM)) {
    const setup = spawnSync(process.execPath, [path.join(import.meta.dirname, 'setup-test-tools.mjs')], {
      stdio: 'inherit',
    });
    if (setup.status !== 0) process.exit(1);
  }
  const started = Date.now();
  const blocks = findDiagrams();
  const sources = new Map();
  for (const block of blocks) if (!sources.has(block.hash)) sources.set(block.hash, block);
  const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu']});
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"></body></html>',
  );
  await page.addScriptTag({path: mermaidScript});
  const wanted = new Set();
  const changed = [];
  const problems = [];
  for (const [hash, {source, file, line}] of sources) {
    for (const mode of MODES) {
      const target = svgPath(hash, mode);
      wanted.add(path.basename(target));
      let svg;
      try {
        svg = await page.evaluate(
          async ({hash, source, theme, font}) => {
            const {mermaid} = /** @type {any} */ (window);
            mermaid.initialize({
              startOnLoad: false,
              theme,
              securityLevel: 'strict',
              deterministicIds: true,
              deterministicIDSeed: hash,
              htmlLabels: false,
              flowchart: {htmlLabels: false},
              fontFamily: font,
              themeVariables: {fontFamily: font},
            });
            const {svg} = await mermaid.render(`diagram-${hash}`, source);
            return svg;
          },
          {hash, source, theme: THEMES[mode], font: FONT},
        );
      } catch (error) {
        problems.push(
          `${file}:${line}: mermaid could not render the block: ${/** @type {Error} */ (error).message.split('\n')[0]}`,
        );
        continue;
      }
      svg = finish(svg);
      // Shown on the page's background, every text must reach 4.5:1.
      const contrast = await page.evaluate(
        ({svg, background, fn}) => {
          document.body.style.background = background;
          document.body.innerHTML = svg;
          return new Function(`return (${fn})`)()({background});
        },
        {svg, background: PAGE_BACKGROUNDS[mode], fn: diagramContrastProblems.toString()},
      );
      problems.push(...contrast.map((p) => `${file}:${line} (${mode}): contrast ${p}`));
      const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
      if (before !== svg) {
        changed.push(path.relative(process.cwd(), target));
        if (!check) {
          fs.mkdirSync(DIAGRAMS_DIR, {recursive: true});
          fs.writeFileSync(target, svg);
        }
      }
    }
  }
  await browser.close();
  const orphans = fs.existsSync(DIAGRAMS_DIR)
    ? fs.readdirSync(DIAGRAMS_DIR).filter((name) => name.endsWith('.svg') && !wanted.has(name))
    : [];
  if (!check) for (const name of orphans) fs.rmSync(path.join(DIAGRAMS_DIR, name));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${blocks.length} mermaid blocks, ${sources.size} distinct: ${changed.length} SVG(s) ${check ? 'out of date' : 'written'}, ` +
      `${orphans.length} unused ${check ? 'found' : 'deleted'} (${seconds} s).`,
  );
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  if (check && (changed.length || orphans.length)) {
    console.error([...changed, ...orphans].join('\n') + '\nRun `npm run diagrams` and commit diagrams/.');
    process.exit(1);
  }
}

await main();
