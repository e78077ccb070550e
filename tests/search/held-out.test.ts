/**
 * The held-out half of the real-questions corpus (issue 46, held-out-questions.yaml), measured as a reader
 * meets the search: the box on the home page, the box on a guide (the whole site) and
 * /search (every section), the same three views as real-questions.test.ts.
 *
 * Aggregates only: top-1, top-5, MRR over the first 10 results and the number of questions with no result.
 * This file never prints or asserts on a single held-out question, so a failure says by how much, not where:
 * the ranking is tuned on real-questions.yaml and tuning-questions.yaml, never on this half.
 *
 * With `SEARCH_QUALITY_OUT=<file>` (set by `npm run bench -- --only search-quality`) it also measures the search
 * plugin in its own order (as the classic peer ships it) and writes every figure to that file as JSON.
 */
import {writeFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {heldOutQuestions} from './corpus';
import {createPageSearch, createPluginSearch, type Search} from './pluginSearch';
import {NO_RESULTS, pathOf, score, type Question} from './relevance';

/** Results looked at per question for MRR (scripts/bench/search-quality.mjs uses the same depth). */
const MRR_DEPTH = 10;

/**
 * Floors: today's figures minus one question (one question fewer at top-1 and top-5, MRR lower by one question's
 * 1/100, one empty list more). First measured on 2026-11-28 (100 questions, commit 5dead1a's search): home
 * 49 % / 79 % / MRR 0.613 / 0 empty, guide 51 % / 79 % / 0.621 / 0, /search 49 % / 79 % / 0.614 / 0. Raised on
 * 2026-11-28 after the ranking of issue 46 (search engine, identifiers, glossary, rarity), as CI on 5fbced2
 * measured them (54 % / 84 %, MRR 0.679–0.681). The fresh claim audit that followed rewrote 25 pages (UI labels,
 * defaults, flows), and CI on ed666a8 measured one question fewer first: home 53 % / 84 % / 0.670 / 0, guide
 * 53 % / 84 % / 0.671 / 0, /search 53 % / 84 % / 0.671 / 0. Raised again on 2026-11-28 19:00 after the
 * whole-page BM25F score and the identifier reference slot (src/search/pageScore.ts, ranking.ts), measured on the
 * build of every released page audited: home 63 % / 92 % / 0.760 / 0, guide 61 % / 92 % / 0.752 / 0, /search
 * 63 % / 92 % / 0.760 / 0. Raised on 2026-11-28 21:25 after goal phrasing in 13 pages, the coverage and API-name
 * changes of the ranking (all tuned on the tuning half only) and a second full claim audit: home 69 % / 95 % / 0.803
 * / 0, guide 66 % / 95 % / 0.790 / 0, /search 69 % / 95 % / 0.804 / 0. A last audit of every other released page
 * (wave 4) then rewrote 60 claims; CI on that build measured home 68 % / 96 % / 0.797 / 0, guide 66 % / 95 % / 0.789
 * / 0, /search 68 % / 96 % / 0.798 / 0. Lowered on 2026-11-29 after three more claim audits of every released
 * page (about 330 claims reworded, most to state an exception the code makes): on that content the search measures
 * 65 % / 96 % / 0.784 / 0 in all three views, and the ranking of that session's start (5d96cf8) measured 65 % / 95 %
 * / 0.780 on the same build, so the words the audits added, not that session's ranking rounds, cost the three
 * questions at top-1. Raised on 2026-11-29 03:50 after search round 6 (80 more tuning questions, goal sentences on
 * 13 pages, two glossary entries), possessives indexed as their word and claim audit waves 8–10: 67 % / 97 % / 0.799 /
 * 0 in all three views (72e8529a). The floors are those minus one question.
 * Raise them as the search improves; lower them only with the reason in the commit.
 */
const FLOORS: Record<View, {top1: number; top5: number; mrr: number; maxEmpty: number}> = {
  home: {top1: 0.66, top5: 0.96, mrr: 0.789, maxEmpty: 1},
  guide: {top1: 0.66, top5: 0.96, mrr: 0.789, maxEmpty: 1},
  page: {top1: 0.66, top5: 0.96, mrr: 0.789, maxEmpty: 1},
};

/** A hundred long questions through /search's whole-site ranking took 81 s in CI beside the browser tests. */
const MEASURE_TIMEOUT = 300_000;

type View = 'home' | 'guide' | 'page';

interface Figures {
  n: number;
  top1: number;
  top5: number;
  mrr: number;
  empty: number;
}

const questions: Question[] = heldOutQuestions().map((q) => ({
  q: q.q,
  page: pathOf(q.page),
  also: q.also?.map(pathOf),
}));
const OUT = process.env.SEARCH_QUALITY_OUT;
const written: {ours: Partial<Record<View, Figures>>; plugin?: Figures} = {ours: {}};
let box: Search;
let page: Search;

async function measure(search: (q: string) => ReturnType<Search>): Promise<Figures> {
  const {outcomes, top1, top5} = await score(questions, search);
  const reciprocal = outcomes.reduce((sum, o) => sum + (o.rank !== null && o.rank <= MRR_DEPTH ? 1 / o.rank : 0), 0);
  return {
    n: outcomes.length,
    top1,
    top5,
    mrr: reciprocal / outcomes.length,
    empty: outcomes.filter((o) => o.first === NO_RESULTS).length,
  };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const line = (label: string, f: Figures) =>
  `${label}: ${f.n} held-out questions, top-1 ${percent(f.top1)}, top-5 ${percent(f.top5)}, ` +
  `MRR ${f.mrr.toFixed(3)}, empty ${f.empty}`;

beforeAll(async () => {
  box = await createPluginSearch();
  page = await createPageSearch();
});

afterAll(() => {
  if (OUT) writeFileSync(OUT, `${JSON.stringify(written, null, 2)}\n`);
});

describe('the search on the held-out half (aggregates only)', () => {
  it.each([
    ['home', () => box, ''],
    ['guide', () => box, 'guides'],
    ['page', () => page, ''],
  ] as const)(
    '%s keeps its floors',
    async (view, search, context) => {
      const figures = await measure((q) => search()(q, context));
      written.ours[view] = figures;
      const text = line(view, figures);
      console.log(text);
      const floor = FLOORS[view];
      expect(figures.top1, text).toBeGreaterThanOrEqual(floor.top1);
      expect(figures.top5, text).toBeGreaterThanOrEqual(floor.top5);
      expect(figures.mrr, text).toBeGreaterThanOrEqual(floor.mrr);
      expect(figures.empty, text).toBeLessThanOrEqual(floor.maxEmpty);
    },
    MEASURE_TIMEOUT,
  );

  it.runIf(OUT)(
    'measures the plugin in its own order, for the bench',
    async () => {
      const plugin = await createPluginSearch({ranked: false});
      written.plugin = await measure((q) => plugin(q, ''));
      console.log(line('plugin default', written.plugin));
      expect(written.plugin.n).toBe(questions.length);
    },
    MEASURE_TIMEOUT,
  );
});
