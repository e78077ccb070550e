/**
 * Scoring of the search relevance set (questions.yaml): reading and checking the set, finding where the
 * expected page ranks in a result list, and summing up top-1 / top-5 rates with a table of misses.
 * No search happens here; the caller passes the results (see pluginSearch.ts).
 */
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';
import type {Hit} from './pluginSearch';

export interface Question {
  q: string;
  /** Route of the answering page, optionally with `#anchor`. */
  page: string;
  /**
   * `task`: a reader's task whose answer is a guide or reference that also has API pages about the same
   * thing; `api`: an API-shaped query (operationId, schema name, `METHOD /path`) answered by the API page.
   */
  kind?: QuestionKind;
  /**
   * Other routes that answer the question as well as `page` does (real-questions.yaml): a result on
   * any of them counts. Each entry that has them says why in `alsoWhy`.
   */
  also?: string[];
  alsoWhy?: string;
}

export const QUESTION_KINDS = ['task', 'api'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** Least number of questions of each kind (issue 19). */
export const MIN_PER_KIND: Record<QuestionKind, number> = {task: 20, api: 15};
/** Least number of questions in the whole set. */
export const MIN_QUESTIONS = 150;

/** The docs sections every set must cover (first path segment of the route; the API is `api/v1`). */
export const SECTIONS = ['get-started', 'guides', 'references', 'self-host', 'api/v1'] as const;
export const MIN_PER_SECTION = 10;
export const MAX_WORDS = 6;

/** `/references/metrics#types` → `/references/metrics`; a trailing slash does not count. */
export function pathOf(route: string): string {
  const path = route.split('#')[0];
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

export function sectionOf(route: string): string {
  const path = pathOf(route);
  return path.startsWith('/api/v1') ? 'api/v1' : path.split('/')[1] || '(home)';
}

/** An operation page of the API Reference, such as `/api/v1/spaces/create-space-in-project` (not a schema page). */
export function isOperationPage(route: string): boolean {
  return /^\/api\/v1\/(?!schemas\/)[^/#]+\/[^/#]+$/.test(pathOf(route));
}

/** `create space api` → `create space`: the question as typed where search covers only the API. */
export function withoutApiWord(q: string): string {
  return q
    .split(/\s+/)
    .filter((word) => word.toLowerCase() !== 'api')
    .join(' ');
}

/**
 * Reads and checks the question set; every problem is reported at once, with the entry it is in.
 * `maxWords`: the longest question allowed (the corpus of issue 46 keeps up to 15 of the asker's words).
 */
export function parseQuestions(text: string, source = 'questions.yaml', maxWords = MAX_WORDS): Question[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid YAML: ${(error as Error).message}`);
  }
  const list = (data as {questions?: unknown} | null)?.questions;
  if (!Array.isArray(list)) throw new Error(`${source} needs a top-level \`questions:\` list.`);
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((entry: Partial<Question> | null, i) => {
    const where = `${source} entry ${i + 1}${entry?.q ? ` ("${entry.q}")` : ''}`;
    if (typeof entry?.q !== 'string' || entry.q.trim() === '') return problems.push(`${where}: \`q\` is missing.`);
    if (typeof entry.page !== 'string' || !entry.page.startsWith('/')) {
      problems.push(`${where}: \`page\` must be a route starting with /, got ${JSON.stringify(entry.page)}.`);
    }
    if (entry.also !== undefined) {
      if (!Array.isArray(entry.also) || !entry.also.every((r) => typeof r === 'string' && r.startsWith('/'))) {
        problems.push(`${where}: \`also\` must be a list of routes starting with /.`);
      }
      if (typeof entry.alsoWhy !== 'string' || entry.alsoWhy.trim().length < 20) {
        problems.push(`${where}: \`also\` needs \`alsoWhy\`, what those pages say that answers the question.`);
      }
    }
    if (entry.kind !== undefined && !QUESTION_KINDS.includes(entry.kind)) {
      problems.push(
        `${where}: \`kind\` must be one of ${QUESTION_KINDS.join(', ')}, got ${JSON.stringify(entry.kind)}.`,
      );
    }
    if (entry.kind === 'api' && typeof entry.page === 'string' && sectionOf(entry.page) !== 'api/v1') {
      problems.push(`${where}: an API-shaped question must point at an API Reference page.`);
    }
    if (entry.kind === 'task' && typeof entry.page === 'string' && sectionOf(entry.page) === 'api/v1') {
      problems.push(`${where}: a task question must point at a guide or reference page, not the API Reference.`);
    }
    const words = entry.q.trim().split(/\s+/).length;
    if (words > maxWords) problems.push(`${where}: ${words} words; readers type at most ${maxWords}.`);
    const key = entry.q.trim().toLowerCase();
    if (seen.has(key)) problems.push(`${where}: asked twice.`);
    seen.add(key);
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return list as Question[];
}

export function loadQuestions(file: string): Question[] {
  return parseQuestions(readFileSync(file, 'utf8'), file);
}

/** Sections with fewer than MIN_PER_SECTION questions, as readable lines. */
export function thinSections(questions: Question[]): string[] {
  return SECTIONS.flatMap((section) => {
    const count = questions.filter((question) => sectionOf(question.page) === section).length;
    return count < MIN_PER_SECTION ? [`${section}: ${count} question(s), needs ${MIN_PER_SECTION}`] : [];
  });
}

/** Kinds with fewer than MIN_PER_KIND questions, as readable lines. */
export function thinKinds(questions: Question[]): string[] {
  return QUESTION_KINDS.flatMap((kind) => {
    const count = questions.filter((question) => question.kind === kind).length;
    return count < MIN_PER_KIND[kind] ? [`${kind}: ${count} question(s), needs ${MIN_PER_KIND[kind]}`] : [];
  });
}

/** 1-based position of the first result that answers `page`, or null when none does. */
export function rankOf(page: string, hits: Hit[]): number | null {
  const wanted = page.includes('#') ? `${pathOf(page)}#${page.split('#')[1]}` : pathOf(page);
  const index = hits.findIndex((hit) => {
    const got = page.includes('#') ? `${pathOf(hit.path)}${hit.url.slice(hit.path.length)}` : pathOf(hit.path);
    return got === wanted;
  });
  return index === -1 ? null : index + 1;
}

/** What `Outcome.first` says when the search gave no result at all. */
export const NO_RESULTS = '(no results)';

export interface Outcome extends Question {
  rank: number | null;
  /** What the reader saw first, for the miss table. */
  first: string;
}

export interface Summary {
  outcomes: Outcome[];
  top1: number;
  top5: number;
}

export async function score(questions: Question[], search: (q: string) => Promise<Hit[]>): Promise<Summary> {
  const outcomes: Outcome[] = [];
  for (const question of questions) {
    const hits = await search(question.q);
    const ranks = [question.page, ...(question.also ?? [])]
      .map((page) => rankOf(page, hits))
      .filter((rank): rank is number => rank !== null);
    const rank = ranks.length > 0 ? Math.min(...ranks) : null;
    outcomes.push({...question, rank, first: hits[0]?.url ?? NO_RESULTS});
  }
  const rate = (k: number) => outcomes.filter((o) => o.rank !== null && o.rank <= k).length / outcomes.length;
  return {outcomes, top1: rate(1), top5: rate(5)};
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** One line per question that did not come first: question → expected → first result (rank). */
export function missTable(outcomes: Outcome[]): string {
  const misses = outcomes.filter((o) => o.rank !== 1);
  if (misses.length === 0) return 'every question found its page first';
  const width = Math.max(...misses.map((o) => o.q.length));
  return misses
    .map((o) => {
      const rank = o.rank === null ? 'not in results' : `rank ${o.rank}`;
      return `${o.q.padEnd(width)}  →  ${o.page}  (${rank}); first: ${o.first}`;
    })
    .join('\n');
}

export function report(summary: Summary): string {
  const n = summary.outcomes.length;
  return [
    `${n} questions: top-1 ${percent(summary.top1)}, top-5 ${percent(summary.top5)}`,
    'Questions whose page was not the first result:',
    missTable(summary.outcomes),
  ].join('\n');
}
