/**
 * The split of the real-questions corpus (issue 46, tests/search/corpus.ts): every question sits in the half
 * its thread's hash gives, no thread is in both halves, the halves are big enough, every source is a public
 * thread and every expected page (and anchor) is in the production build. Nothing here runs the search, and no
 * assertion message names a held-out question's page or rank: only structure is checked.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {BUILD_DIR} from '../support/build';
import {
  halfOf,
  hashHalf,
  heldOutQuestions,
  loadSourced,
  normalizeThread,
  pinnedThreads,
  REAL_FILE,
  TUNING_FILE,
  type SourcedQuestion,
} from './corpus';
import {pathOf} from './relevance';

/** Issue 46: at least 300 real questions in all. */
const MIN_TOTAL = 300;
/** Each half big enough that one question moves a rate by at most about a point. */
const MIN_PER_HALF = 90;

const real = loadSourced(REAL_FILE, 6);
const tuning = loadSourced(TUNING_FILE);
const heldOut = heldOutQuestions();
const pinned = pinnedThreads();

describe('normalizeThread', () => {
  it('spells one thread one way', () => {
    const one = 'https://github.com/lightdash/lightdash/issues/4577';
    for (const spelling of [
      'https://github.com/lightdash/lightdash/issues/4577/',
      'http://www.github.com/Lightdash/Lightdash/issues/4577',
      'https://github.com/lightdash/lightdash/issues/4577#issuecomment-1',
      'https://github.com/lightdash/lightdash/pull/4577?tab=files',
      'https://github.com/lightdash/lightdash/discussions/4577',
    ]) {
      expect(normalizeThread(spelling)).toBe(one);
    }
    expect(normalizeThread('https://github.com/lightdash/helm-charts/issues/14')).not.toBe(
      normalizeThread('https://github.com/lightdash/lightdash/issues/14'),
    );
  });

  it('gives the hash rule: first byte of sha256 even → tuning, odd → held-out', () => {
    // sha256("https://github.com/lightdash/lightdash/issues/93") starts with 0xdd (odd);
    // sha256("https://github.com/lightdash/lightdash/issues/11221") starts with 0x76 (even).
    expect(hashHalf('https://github.com/lightdash/lightdash/issues/93')).toBe('held-out');
    expect(hashHalf('https://github.com/lightdash/lightdash/issues/11221')).toBe('tuning');
  });
});

describe('the corpus split', () => {
  it(`holds ≥ ${MIN_TOTAL} questions, ≥ ${MIN_PER_HALF} in each half`, () => {
    expect(real.length + tuning.length + heldOut.length).toBeGreaterThanOrEqual(MIN_TOTAL);
    expect(real.length + tuning.length).toBeGreaterThanOrEqual(MIN_PER_HALF);
    expect(heldOut.length).toBeGreaterThanOrEqual(MIN_PER_HALF);
  });

  it('puts every later question in the half of its thread (real-questions.yaml threads are tuning)', () => {
    const wrong = (list: SourcedQuestion[], half: string) =>
      list.filter((q) => halfOf(q.source, pinned) !== half).map((q) => q.source);
    expect(wrong(tuning, 'tuning')).toEqual([]);
    expect(wrong(heldOut, 'held-out')).toEqual([]);
  });

  it('has no thread in both halves and no question twice', () => {
    const tuningThreads = new Set([...real, ...tuning].map((q) => normalizeThread(q.source)));
    expect(heldOut.filter((q) => tuningThreads.has(normalizeThread(q.source))).map((q) => q.source)).toEqual([]);
    const all = [...real, ...tuning, ...heldOut].map((q) => q.q.trim().toLowerCase());
    expect(all.length - new Set(all).size).toBe(0);
  });

  it('points every question at a page of the build sitemap, and at an anchor that page has', () => {
    const sitemap = path.join(BUILD_DIR, 'sitemap.xml');
    if (!existsSync(sitemap)) throw new Error('build/sitemap.xml is missing. Run `npm run build` first.');
    const routes = new Set(
      [...readFileSync(sitemap, 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => pathOf(m[1])),
    );
    const html = new Map<string, string>();
    const hasAnchor = (route: string, anchor: string) => {
      const file = path.join(BUILD_DIR, route, 'index.html');
      if (!html.has(route)) html.set(route, existsSync(file) ? readFileSync(file, 'utf8') : '');
      return new RegExp(`id=(?:"${anchor}"|${anchor}[\\s>])`).test(html.get(route) ?? '');
    };
    const problems = (list: SourcedQuestion[], label: string) =>
      list.flatMap((q, i) =>
        [q.page, ...(q.also ?? [])].flatMap((target) => {
          const [route, anchor] = target.split('#');
          if (!routes.has(pathOf(route))) return [`${label} ${i + 1}: not in the sitemap`];
          return anchor && !hasAnchor(pathOf(route), anchor) ? [`${label} ${i + 1}: no #${anchor} there`] : [];
        }),
      );
    // Held-out entries are named by their position only, never by page.
    expect([...problems([...real, ...tuning], 'tuning'), ...problems(heldOut, 'held-out')]).toEqual([]);
  });
});
