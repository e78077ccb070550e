#!/usr/bin/env node
// Renders the site's PNG images from its own logo (static/img/logo.svg) with Chromium, and writes them
// to static/img/ (committed; run again after changing the logo):
// - social-card.png, the 1200×630 card link previews show (docusaurus.config's themeConfig.image);
// - logo.png, favicon-32x32.png and the lightdash-full*.png wordmarks: the old docs site had these
//   files, and links from outside still use them (the Helm chart published before the released Lightdash came out takes
//   https://docs.lightdash.com/img/logo.png as its icon: lightdash/helm-charts charts/lightdash/Chart.yaml
//   at 2713c2a, 2024-09-26, chart 1.5.1, the last change before 2024-12-11).
// Usage: node scripts/render-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {chromium} from '@playwright/test';
import {CHROMIUM} from './setup-test-tools.mjs';

const imgDir = path.resolve(import.meta.dirname, '../static/img');
const logo = fs.readFileSync(path.join(imgDir, 'logo.svg'), 'utf8');
const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";

/** name → [width, height, body HTML, page background] */
/** @type {Record<string, [number, number, string, string]>} */
const IMAGES = {
  'logo.png': [256, 256, `<div style="width:256px;height:256px">${logo}</div>`, 'transparent'],
  'favicon-32x32.png': [32, 32, `<div style="width:32px;height:32px">${logo}</div>`, 'transparent'],
  'lightdash-full.png': [480, 120, wordmark('#1c1e21'), 'transparent'],
  'lightdash-full-lightbg.png': [480, 120, wordmark('#1c1e21'), '#ffffff'],
  'lightdash-full-darkbg.png': [480, 120, wordmark('#ffffff'), '#1b1b1d'],
  'social-card.png': [
    1200,
    630,
    `<div style="box-sizing:border-box;width:1200px;height:630px;padding:96px;display:flex;flex-direction:column;
      justify-content:space-between;background:#4c3bcf;color:#fff;font-family:${FONT}">
      <div style="display:flex;align-items:center;gap:28px"><div style="width:112px;height:112px">${logo}</div>
        <span style="font-size:64px;font-weight:700">Lightdash Docs</span></div>
      <div style="font-size:44px;line-height:1.3;max-width:960px">Guides, references, self-hosting and the API of
        the open-source BI tool for your dbt project</div>
      <div style="font-size:32px;opacity:.9">docs.lightdash.com</div></div>`,
    '#3f30b0',
  ],
};

function wordmark(color) {
  return `<div style="display:flex;align-items:center;gap:20px;height:120px;padding:0 16px;font-family:${FONT}">
    <div style="width:88px;height:88px">${logo}</div>
    <span style="font-size:64px;font-weight:700;color:${color}">Lightdash</span></div>`;
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    const setup = spawnSync(process.execPath, [path.join(import.meta.dirname, 'setup-test-tools.mjs')], {
      stdio: 'inherit',
    });
    if (setup.status !== 0) process.exit(1);
  }
  const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu']});
  try {
    for (const [name, [width, height, body, background]] of Object.entries(IMAGES)) {
      const page = await browser.newPage({viewport: {width, height}});
      await page.setContent(
        `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:${background}}
        svg{width:100%;height:100%;display:block}</style></head><body>${body}</body></html>`,
      );
      await page.screenshot({path: path.join(imgDir, name), omitBackground: background === 'transparent'});
      await page.close();
      console.log(`static/img/${name} (${width}×${height})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
