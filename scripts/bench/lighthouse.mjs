// Lighthouse scores (performance, accessibility, best practices, SEO), mobile and desktop, median of
// N runs per page. Lighthouse 12.8 is the last line that runs on Node 20 (13 needs Node 22).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromiumSettings} from './browser.mjs';
import {BenchError, log, start} from './process.mjs';
import {median, medianEach} from './stats.mjs';
import {ensureTool} from './tools.mjs';

export const LIGHTHOUSE_VERSION = '12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FORM_FACTORS = ['mobile', 'desktop'];
/** Lab metrics kept in the JSON next to the performance score, to see what moved it. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

/**
 * Reads one Lighthouse JSON report: scores 0–100 in CATEGORIES order, lab metrics, and the audits
 * that count towards accessibility, best practices or SEO and did not pass (what to fix).
 */
export function summariseReport(report) {
  if (report.runtimeError?.code)
    throw new Error(`Lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const scores = CATEGORIES.map((id) => {
    const score = report.categories[id]?.score;
    return typeof score === 'number' ? Math.round(score * 100) : null;
  });
  const failing = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1)
        failing.push(`${id}:${ref.id}`);
    }
  }
  const metrics = Object.fromEntries(METRICS.map((id) => [id, report.audits[id]?.numericValue ?? null]));
  return {scores, failing, metrics};
}

async function runOnce(cli, chromePath, url, formFactor) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-')), 'report.json');
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${out}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const {done} = start(process.execPath, args, {env: {CHROME_PATH: chromePath}});
  const result = await done;
  try {
    if (result.code !== 0 || !fs.existsSync(out)) {
      throw new Error(`lighthouse exited ${result.code}: ${result.output.split('\n').slice(-8).join('\n')}`);
    }
    return summariseReport(JSON.parse(fs.readFileSync(out, 'utf8')));
  } finally {
    fs.rmSync(path.dirname(out), {recursive: true, force: true});
  }
}

/**
 * {pageType: {mobile: {scores, failing, metrics, runs}, desktop: {...}}} for the target's pages.
 * @param target
 * @param {{runs?: number, pageTypes?: string[]}} [options]
 */
export async function measureLighthouse(target, {runs = 3, pageTypes} = {}) {
  const {executablePath} = await chromiumSettings();
  const cli = path.join(await ensureTool('lighthouse', LIGHTHOUSE_VERSION), 'cli/index.js');
  const result = {};
  for (const [pageType, urlPath] of Object.entries(target.pages)) {
    if (!urlPath || (pageTypes && !pageTypes.includes(pageType))) continue;
    result[pageType] = {};
    for (const formFactor of FORM_FACTORS) {
      const reports = [];
      const errors = [];
      for (let i = 0; i < runs; i++) {
        try {
          reports.push(await runOnce(cli, executablePath, target.origin + urlPath, formFactor));
        } catch (error) {
          errors.push(/** @type {Error} */ (error).message);
        }
      }
      if (reports.length === 0) {
        throw new BenchError(`Lighthouse failed on ${target.name} ${urlPath} (${formFactor}):\n${errors.join('\n')}`);
      }
      const failing = [...new Set(reports.flatMap((r) => r.failing))].sort();
      const metrics = Object.fromEntries(
        Object.keys(reports[0].metrics).map((id) => [id, median(reports.map((r) => r.metrics[id]))]),
      );
      result[pageType][formFactor] = {
        scores: medianEach(reports.map((r) => r.scores)),
        failing,
        metrics,
        runs: reports.length,
        errors,
      };
      log(`lighthouse ${target.name} ${pageType} ${formFactor}: ${result[pageType][formFactor].scores.join('/')}`);
    }
  }
  return result;
}
