/**
 * Real readers' questions (real-questions.yaml): queries in the words users wrote in public Lightdash
 * issues, each with its source and the released page that answers it. This file checks the set and
 * measures the search on it as a reader meets it: in the box on the home page, in the box on a guide
 * (the whole site, searched as from a guide) and on /search (every section, its default).
 *
 * A question counts as found when its page comes up (any section of it). Below a floor the test fails
 * with the list of misses.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {beforeAll, describe, expect, it} from 'vitest';
import {BUILD_DIR} from '../support/build';
import {createPageSearch, createPluginSearch, type Search} from './pluginSearch';
import {loadQuestions, NO_RESULTS, pathOf, report, score, type Question} from './relevance';
import {loadSourced, TUNING_FILE} from './corpus';

const FILE = path.join(__dirname, 'real-questions.yaml');
const MIN_REAL_QUESTIONS = 80;

/**
 * Floors: issue 34's targets (80 % top-1, 95 % top-5 in every view), or a question under today's figure
 * where that is higher. 99 questions, measured after the claim audits of 2026-11-28 rewrote most released pages
 * (home 82/99, guide 80/99, /search 82/99 at top-1, 99/99 at top-5; 84/81/84 before them). With the ranking of
 * branch search-rank (coverage over every word found, product names not identifiers, "docs" not searched):
 * home 84/99, guide 82/99, /search 84/99, 99/99 at top-5; the floors are one question under: 83/99, 81/99,
 * 83/99 and 98/99. With no section favoured in the box (issue 46, second ranking round) the box on a guide ranks as the
one on the home page: 84/99, floor 83/99. With term proximity (issue 46's third ranking round): 87/99 in every view,
floor 86/99. With the third round's best-section page scores and three more claim audits (2026-11-29): 86/99
in every view, floor 85/99. After search round 6 and claim audit waves 8–10 with fresh audits 4–7: 85/99 in
every view, on the floor. Raise them as the search improves.
 */
const FLOORS = {
  home: {top1: 0.858, top5: 0.989},
  guide: {top1: 0.858, top5: 0.989},
  page: {top1: 0.858, top5: 0.989},
};

/**
 * Floors for the rest of the tuning half (tuning-questions.yaml, issue 46): the figures measured on the
 * production build minus one question. 103 questions: 63/95 in every view on the ranking branch; after the claim
 * audits of 2026-11-28 rewrote most released pages, 58/93 (home, /search) and 59/93 (guide box); with the
 * ranking of branch search-rank, 64/96 in every view (floors 63/95). Merged with the goal phrasing of 13 pages and
 * 7 corrected labels (2026-11-28 21:25): 76/103 (home, /search) and 73/103 (guide box) at top-1, 103/103 at top-5;
 * floors 75/102 and 72/102. With no section favoured in the box, the guide box as the home page's: 76/103, floor 75.
 * After the second goal-phrasing round (21:57): 79/103 in every view, floor 78. With term proximity (issue 46's third
 * ranking round): 81/103 in every view, floor 80. With the third round's best-section page scores from 3 words
 * and three more claim audits (2026-11-29): 84/103 in every view, floor 83. Round 6 added 80 questions from threads
 * nobody had used (183 in all; issues below 9000, issues 9000 and above, helm-charts), with goal sentences on a dozen
 * pages and two glossary entries ("AI agent", jsonb). On the build after those and claim audit waves 8 and 9 with
 * fresh audits 4 and 5 (3e5e0d7d): 138/183 at top-1 and 177/183 at top-5 in every view. After wave 10 and fresh
 * audit 6 (72e8529a): 137/183 and 176/183 in every view, floors 136 and 175. On the session's final build (fresh
 * audit 7 and passes 11–12, 3ae407e0): 136/183 and 177/183 in every view.
 */
const TUNING_FLOORS = {
  home: {top1: 0.743, top5: 0.956},
  guide: {top1: 0.743, top5: 0.956},
  page: {top1: 0.743, top5: 0.956},
};

interface Sourced {
  q: string;
  source?: unknown;
  said?: unknown;
}

const questions: Question[] = loadQuestions(FILE).map((q) => ({
  q: q.q,
  page: pathOf(q.page),
  also: q.also?.map(pathOf),
}));
/** The rest of the tuning half; its sibling, the held-out half, is measured only by held-out.test.ts. */
const tuningQuestions: Question[] = loadSourced(TUNING_FILE).map((q) => ({
  q: q.q,
  page: pathOf(q.page),
  also: q.also?.map(pathOf),
}));
let box: Search;
let page: Search;

beforeAll(async () => {
  box = await createPluginSearch();
  page = await createPageSearch();
});

describe('the real questions set', () => {
  it(`has ≥ ${MIN_REAL_QUESTIONS} questions, each with its public source and the user's words`, () => {
    const entries = (parse(readFileSync(FILE, 'utf8')) as {questions: Sourced[]}).questions;
    expect(entries.length).toBeGreaterThanOrEqual(MIN_REAL_QUESTIONS);
    const problems = entries.flatMap(({q, source, said}) => [
      ...(typeof source === 'string' &&
      /^https:\/\/github\.com\/lightdash\/[\w.-]+\/(issues|pull|discussions)\/\d+$/.test(source)
        ? []
        : [`"${q}": source must be a lightdash GitHub issue, pull request or discussion`]),
      ...(typeof said === 'string' && said.trim() ? [] : [`"${q}": \`said\` (the user's words) is missing`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('points every question at a page of the released index', () => {
    const index = JSON.parse(readFileSync(path.join(BUILD_DIR, 'search-index.json'), 'utf8')) as {
      documents: {u: string}[];
    }[];
    const pages = new Set(index.flatMap((part) => part.documents.map((d) => pathOf(d.u))));
    const missing = questions.flatMap((q) =>
      [q.page, ...(q.also ?? [])].filter((page) => !pages.has(page)).map((page) => `${q.q} → ${page}`),
    );
    expect(missing).toEqual([]);
  });
});

/**
 * A hundred questions through /search's whole-site ranking (a hundred results each, with page scores) took 64 s in CI
 * on be0ec3b beside the browser tests, past vitest's 60 s default; the held-out test has the same budget.
 */
const MEASURE_TIMEOUT = 300_000;

describe('the search on real questions', () => {
  it.each([
    ['home', 'in the box on the home page', () => box, ''],
    ['guide', 'in the box on a guide', () => box, 'guides'],
    ['page', 'on /search (every section, its default)', () => page, ''],
  ] as const)(
    '%s: %s keeps its figures',
    async (view, _what, search, context) => {
      const summary = await score(questions, (q) => search()(q, context));
      const text = `${view}: ${report(summary)}`;
      console.log(text.split('\n')[0]);
      expect(summary.top1, text).toBeGreaterThanOrEqual(FLOORS[view].top1);
      expect(summary.top5, text).toBeGreaterThanOrEqual(FLOORS[view].top5);
      // Issue 34: a real question never gets an empty list, whatever its words.
      expect(summary.outcomes.filter((o) => o.first === NO_RESULTS).map((o) => o.q)).toEqual([]);
    },
    MEASURE_TIMEOUT,
  );
});

describe('the search on the rest of the tuning half (tuning-questions.yaml)', () => {
  it.each([
    ['home', () => box, ''],
    ['guide', () => box, 'guides'],
    ['page', () => page, ''],
  ] as const)(
    '%s keeps its figures',
    async (view, search, context) => {
      const summary = await score(tuningQuestions, (q) => search()(q, context));
      const text = `tuning ${view}: ${report(summary)}`;
      console.log(text.split('\n')[0]);
      expect(summary.top1, text).toBeGreaterThanOrEqual(TUNING_FLOORS[view].top1);
      expect(summary.top5, text).toBeGreaterThanOrEqual(TUNING_FLOORS[view].top5);
      expect(summary.outcomes.filter((o) => o.first === NO_RESULTS).map((o) => o.q)).toEqual([]);
    },
    MEASURE_TIMEOUT,
  );
});
