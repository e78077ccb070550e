/**
 * Re-ranks the results of the search plugin (@easyops-cn/docusaurus-search-local 0.55.3) so that the page
 * a reader wants comes first. Pure: no DOM, no fetch, no plugin import, so the search box (through
 * ./worker.ts), the relevance test and the docs MCP server (all through ./engine.ts) apply exactly the
 * same order.
 *
 * Why: the plugin orders results by which of its query variants found them (exact, then prefix, then
 * fuzzy) and which index (titles, headings, descriptions, keywords, content) answered first, and stops
 * at `limit`. Since the API reference became searchable, its ~500 operation and schema pages (short
 * titles such as `BigqueryConnection` or `PinnedItem`) win that race for task questions, and a page's
 * many headings crowd out other pages. The design:
 * - Ask for a wide pool of candidates (CANDIDATE_LIMIT) and score pages, not lines.
 * - A line (title, heading, description, keywords, paragraph) weighs by the share of the typed words it
 *   matches (squared, so a line with every word beats one with most of them), by where it is
 *   (PLACE_WEIGHT), and a little by lunr's own score. A paragraph under "Next steps" weighs less: it
 *   describes the pages it links to.
 * - A page scores by its best line, plus: the share of typed words found anywhere on it (of those some
 *   candidate holds, so at most all of them), how many of
 *   its lines match (a guide about the subject matches in several places, up to six count), the share
 *   of typed words in its title, and typed words that stand side by side in one of its lines or in
 *   its title (a phrase), and how close together a paragraph holds the typed words it matches (term
 *   proximity, PROXIMITY_WEIGHT; not with a typed name). All of that is multiplied by the weight of its section (SECTION_WEIGHT): for a task
 *   question API schemas weigh 0.39, operations 0.64 and API recipes 0.6 against 1 for the docs
 *   (Lightdash's own docs weigh API pages 0.4).
 * - API-shaped queries (the word "api", an identifier such as `runQuery` or `MetricQuery`, a
 *   `METHOD /path`) turn those weights round, and a page whose title or operation keywords carry exactly
 *   the typed identifier or path comes first. The word "api" itself is not searched for (see ApiShape).
 * - A scripting question ("create spaces from a script", "endpoint that lists charts": SCRIPTING_WORDS,
 *   no identifier) weighs API operations and recipes 1 and docs 0.56 (SECTION_WEIGHT.script).
 * - A typed name the docs hold (./identifiers.ts) puts the pages that hold it first (IDENTIFIER_BONUS).
 * - A question of 4 or more words adds the page's BM25F score (./pageScore.ts) as a share of the best
 *   page's (PAGE_SCORE_WEIGHT): its words are spread over a page's parts rather than held by one line.
 * - Each page shows one line, so one page's headings cannot fill the list: its title, or the heading or
 *   paragraph that matches more of the typed words than the title does (a link straight to the
 *   section). Pages that are copies of each other (the same title and line, in two tracks of the docs)
 *   are shown once.
 * The weights were fitted on tests/search/questions.yaml (156 reader questions) and kept only where a
 * small change of them does not change the outcome much; a weight that did nothing was dropped.
 */
import type {SearchResult} from './types';
import {SearchDocumentType} from './documentTypes.mjs';
import type {NamedPages} from './identifiers';
import type {PageScores} from './pageScore';

/**
 * Weight of the page's BM25F score (./pageScore.ts), as a share of the best page's, for a question of
 * PAGE_SCORE_FULL_WORDS or more words the docs have. It grows from nothing at PAGE_SCORE_FROM_WORDS words
 * (a quarter of it at 4): a short query is answered by a line that holds every word (the line weights
 * above), a long question by a page whose title, headings and paragraphs hold its words between them.
 * Measured on the tuning half (real-questions.yaml and tuning-questions.yaml) in two folds by source
 * thread: 0.6 to all of it at 7 words; weights 0.45, 0.8 and 1, full at 5, 6 or 9 words and ramps by
 * rare words only each lost on a fold. From 3 words lost one on a fold while the page score was the
 * whole page's; since it is mostly the best section's it gains on both (A 85 → 86, B 81 → 83).
 */
const PAGE_SCORE_WEIGHT = 0.6;
const PAGE_SCORE_FROM_WORDS = 3;
const PAGE_SCORE_FULL_WORDS = 7;

/** The fields of a search result the ranking reads (./types.d.ts); anything else is passed through. */
export type RankableResult = Pick<SearchResult, 'document' | 'type' | 'page' | 'tokens' | 'score' | 'metadata'>;

/** How many results to ask the plugin for before ranking (the search page asks for 100 too). */
export const CANDIDATE_LIMIT = 100;

/**
 * Weight of a line by where it is (its SearchDocumentType). A title weighs less than a heading because
 * the title's words count again in the title overlap (TITLE_OVERLAP_WEIGHT).
 */
const PLACE_WEIGHT: Record<number, number> = {
  [SearchDocumentType.Title]: 0.47,
  [SearchDocumentType.Heading]: 0.83,
  [SearchDocumentType.Description]: 0.58,
  [SearchDocumentType.Keywords]: 0.63,
  [SearchDocumentType.Content]: 0.26,
};
/** Weight of a line's lunr score (against the best of its index): the rest of the weight is fixed. */
const LUNR_SCORE_WEIGHT = 0.43;
/** Weight of a line in a "Next steps" section: it describes other pages, the ones it links to. */
const ONWARD_LINE_WEIGHT = 0.47;
/** Weight of the share of typed words found anywhere on the page (squared), of those any candidate holds. */
const PAGE_COVERAGE_WEIGHT = 0.11;
/** Score of each matching line of a page after the first, up to MAX_SUPPORT_LINES of them. */
const SUPPORT_PER_LINE = 0.03;
const MAX_SUPPORT_LINES = 5;
/** Weight of the share of typed words found in the page's title (stop words count here: "what is dbt"). */
const TITLE_OVERLAP_WEIGHT = 0.49;
/** Weight of the share of typed word pairs found side by side in a line (times that line's place). */
const PHRASE_WEIGHT = 0.16;
/**
 * Weight of how close together a paragraph or description holds the typed words it matches (proximityOf),
 * times that line's coverage squared and place: "pivot row totals blank" is answered by the paragraph where
 * row totals are blank, not by one that says "row" at its start and "totals" at its end. Term proximity
 * is a classic signal on top of a bag-of-words score (Tao & Zhai, "An Exploration of Proximity Measures in
 * Information Retrieval", SIGIR 2007; Büttcher, Clarke & Lushman, "Term Proximity Scoring for Ad-hoc
 * Retrieval", SIGIR 2006). Titles and headings are left out: they are a few words long, so whatever
 * words they hold stand close, and their place weight already says so. Measured on the tuning half in
 * two folds by source thread at 0.15, 0.2, 0.25 and 0.3 (issue 46's third round, the commit says more).
 */
const PROXIMITY_WEIGHT = 0.25;
/** Weight of the share of typed word pairs side by side in the page's title ("join tables"). */
const TITLE_PHRASE_WEIGHT = 0.15;
/** Score added when the page carries the exact identifier or `METHOD /path` the reader typed. */
const EXACT_NAME_BONUS = 2;
/**
 * Score added to a docs page with a line that holds, exactly, a setting's name the reader typed: an
 * environment variable (`S3_ENDPOINT`, `PGHOST`), a snake_case key (`required_attributes`) or a CLI flag
 * (`--skip-dbt-compile`). The plugin also finds lines one letter off every word ("minio" finds "minimal"):
 * a page that only has such near words must not pass one that explains the name.
 */
const SETTING_NAME_BONUS = 0.5;
/**
 * Score added to a page with a line that holds a typed identifier or quoted message (./identifiers.ts),
 * times the share of the typed identifiers it holds: more than any page can get from the other words
 * (a page's score without bonuses stays under 2), so the pages with the name come first whatever else
 * is typed, and the other words order them.
 */
const IDENTIFIER_BONUS = 2;
/** Added when the name is in the page's title, a heading or its API keywords: the page is about it. */
const IDENTIFIER_NAMED_BONUS = 0.3;
/**
 * Added, up to this, to a page that lists many names of the typed name's kind (the environment
 * variables reference for `SITE_URL`, the CLI reference for `--select`): where the name is defined,
 * rather than a guide that uses it in an example.
 */
const IDENTIFIER_REFERENCE_BONUS = 0.1;
const SETTING_NAME =
  /^(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z][A-Z0-9]{4,}|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|--?[a-z][a-z0-9-]+)$/;

/** The setting names among the typed words (see SETTING_NAME_BONUS), as typed. */
export function settingNamesOf(input: string): string[] {
  return input.split(/\s+/).filter((word) => SETTING_NAME.test(word));
}

/** True when the line's text holds `name` as a whole word, case kept. */
function holdsName(text: string, name: string): boolean {
  let at = text.indexOf(name);
  while (at >= 0) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + name.length] ?? ' ';
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    at = text.indexOf(name, at + 1);
  }
  return false;
}

/**
 * Words that say the reader wants to do something by API rather than in the app. Lightdash's API is
 * REST over HTTP, called from scripts with a personal access token: these are the words of that.
 */
const SCRIPTING_WORDS: ReadonlySet<string> = new Set([
  'api',
  'apis',
  'endpoint',
  'endpoints',
  'script',
  'scripts',
  'scripting',
  'programmatically',
  'programmatic',
  'curl',
]);

/**
 * Section weights for task questions, for API-shaped queries (an identifier or a route) and for
 * scripting questions (SCRIPTING_WORDS, no identifier). API recipes are guides, but about
 * doing a task through the API: for a task question the guide or reference that does it in the app
 * comes first, and for an API-shaped query the operation or schema page.
 */
export const SECTION_WEIGHT = {
  task: {docs: 1, apiRecipe: 0.6, apiOperation: 0.64, apiSchema: 0.39},
  api: {docs: 0.56, apiRecipe: 0.44, apiOperation: 1, apiSchema: 0.68},
  // A scripting question ("create spaces from a script", "endpoint that lists charts"): the operation
  // page and the API recipes do it, the guide does it in the app. Schemas describe, they do not do.
  script: {docs: 0.56, apiRecipe: 1, apiOperation: 1, apiSchema: 0.5},
} as const;

type Section = 'docs' | 'apiRecipe' | 'apiOperation' | 'apiSchema';

/**
 * What the ranking works out from a page's address or a line's text (its section, its words, its word
 * pairs) is kept between keystrokes: the same pages come back as candidates letter after letter. Each
 * of these caches is emptied when it grows past TEXT_CACHE_SIZE entries, so a long session does not
 * keep the whole index twice.
 */
const TEXT_CACHE_SIZE = 5000;

/** Sections of page addresses (three patterns to test otherwise, for every page of every keystroke). */
const sectionCache = new Map<string, Section>();

export function sectionOfUrl(url: string): Section {
  let section = sectionCache.get(url);
  if (!section) {
    section = sectionByPattern(url);
    if (sectionCache.size >= TEXT_CACHE_SIZE) sectionCache.clear();
    sectionCache.set(url, section);
  }
  return section;
}

function sectionByPattern(url: string): Section {
  if (/^(?:\/[^/]+)?\/api\/v1\/schemas\//.test(url)) return 'apiSchema';
  if (/^(?:\/[^/]+)?\/api\/v1(?:\/|$)/.test(url)) return 'apiOperation';
  if (/^(?:\/[^/]+)?\/guides\/api-recipes\//.test(url)) return 'apiRecipe';
  return 'docs';
}

const HTTP_METHOD = /^(get|post|put|patch|delete)$/i;

/**
 * Words that name the documentation itself ("markdown tiles docs", "lightdash api documentation"): they
 * say where the reader looks, not what for, as "api" names a section. Searched for, they find the pages
 * about these docs (the home page, the docs for AI assistants) rather than the subject.
 */
const DOCS_WORDS: ReadonlySet<string> = new Set(['docs', 'doc', 'documentation']);

/** What in the query names an API thing: identifiers (`runQuery`, `MetricQuery`) and a `METHOD /path`. */
interface ApiShape {
  /** The reader asks for the API: the word "api", an identifier or a path. */
  isApi: boolean;
  /** The reader wants to do something by API (SCRIPTING_WORDS) and typed no identifier or path. */
  isScript: boolean;
  /**
   * The query without the word "api" and the words for the docs themselves (DOCS_WORDS) when it has
   * other words: what to look for. "api" names the section (the section weights see to it); as a word
   * it is in every guide that mentions the API and in no operation page (their paths are one token), so
   * searching for it would favour the guides.
   */
  terms: string;
  /** Identifiers with an inner capital, as typed (`upsertChartAsCode`, `CustomSqlDimension`). */
  identifiers: string[];
  /** `POST /api/v1/projects/{projectUuid}/spaces`, method upper-cased; null when none was typed. */
  route: string | null;
}

/**
 * `apiNames`: the API reference's own names (./identifiers.ts, apiNamesOf), lower case. With them, a
 * PascalCase word is an identifier only when the API defines it (`MetricQuery`, `UpsertChartAsCode`);
 * otherwise it is a product's name written the product's way (`GitHub`, `BigQuery`, `OneLogin`) and
 * is searched as a word. Without them every such word counts.
 */
export function apiShapeOf(input: string, apiNames?: ReadonlySet<string>): ApiShape {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const identifiers = words.filter(
    (w) =>
      /^[A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*$/.test(w) &&
      (!apiNames || !/^[A-Z]/.test(w) || apiNames.has(w.toLowerCase())),
  );
  const pathIndex = words.findIndex((w) => w.startsWith('/'));
  let route: string | null = null;
  if (pathIndex >= 0) {
    const method = pathIndex > 0 && HTTP_METHOD.test(words[pathIndex - 1]) ? words[pathIndex - 1].toUpperCase() : '';
    route = `${method ? `${method} ` : ''}${words[pathIndex]}`;
  }
  // "API:" and "api," are the word too.
  const bare = (w: string) => w.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const otherWords = words.filter((w) => bare(w) !== 'api');
  const saysApi = otherWords.length < words.length;
  const wanted = otherWords.filter((w) => !DOCS_WORDS.has(bare(w)));
  const terms = wanted.length > 0 && wanted.length < words.length ? wanted.join(' ') : input.trim();
  const named = identifiers.length > 0 || route !== null;
  const isScript = !named && words.some((w) => SCRIPTING_WORDS.has(bare(w)));
  return {isApi: saysApi || named, isScript, identifiers, route, terms};
}

/** True when this result carries the exact identifier or route the reader typed. */
function namesExactly(result: RankableResult, shape: ApiShape): boolean {
  const {document, type} = result;
  if (type === SearchDocumentType.Title) return shape.identifiers.includes(document.t.trim());
  if (type !== SearchDocumentType.Keywords) return false;
  // Keywords of an operation page: "POST /api/v1/…, operationId, Tag"; of a schema page: "Name, schema".
  const items = document.t.split(',').map((item) => item.trim());
  if (shape.identifiers.some((id) => items.includes(id))) return true;
  if (!shape.route) return false;
  const route = shape.route;
  return items.some((item) => item === route || (!/^[A-Z]+ /.test(route) && item.endsWith(` ${route}`)));
}

/** A page among the results: its lines (results) and its score. */
interface ScoredPage<T extends RankableResult> {
  url: string;
  score: number;
  lines: {result: T; order: number; weight: number}[];
  firstOrder: number;
  /** What the score is made of, for explaining an order (tests, tuning). */
  parts: Record<string, number>;
}

/**
 * Words of `text` in lower case, for comparing what was typed with a title or a line. An underscore
 * separates words here (`SCHEDULER_ENABLED` is "scheduler enabled"), on both sides of the comparison.
 */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of page titles (wordsOf), kept between keystrokes as the word pairs are (see pairsOf). */
const titleWordsCache = new Map<string, string[]>();

/** Share of the typed words (stop words too) that start a word of the page's title. */
function titleOverlap(typed: string[], title: string): number {
  if (typed.length === 0) return 0;
  let titleWords = titleWordsCache.get(title);
  if (!titleWords) {
    titleWords = wordsOf(title);
    if (titleWordsCache.size >= TEXT_CACHE_SIZE) titleWordsCache.clear();
    titleWordsCache.set(title, titleWords);
  }
  return typed.filter((word) => titleWords.some((t) => t.startsWith(word) || word.startsWith(t))).length / typed.length;
}

/** A word as compared in phrases: a plural `s` does not count ("dashboards" is "dashboard"). */
function plainWord(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * The word pairs of a title or line, kept between keystrokes: the same lines come back as candidates
 * letter after letter, and splitting them again was a tenth of a keystroke's work.
 */
const pairsCache = new Map<string, Set<string>>();

function pairsOf(text: string): Set<string> {
  let pairs = pairsCache.get(text);
  if (!pairs) {
    const words = wordsOf(text).map(plainWord);
    pairs = new Set(words.slice(1).map((word, i) => `${words[i]} ${word}`));
    if (pairsCache.size >= TEXT_CACHE_SIZE) pairsCache.clear();
    pairsCache.set(text, pairs);
  }
  return pairs;
}

/** Share of the typed word pairs ("who uses", "uses dashboards") that stand side by side in `text`. */
function phraseShare(typed: string[], text: string): number {
  if (typed.length < 2) return 0;
  const pairs = pairsOf(text);
  let found = 0;
  for (let i = 1; i < typed.length; i++) if (pairs.has(`${typed[i - 1]} ${typed[i]}`)) found++;
  return found / (typed.length - 1);
}

/** Where each word of a line's text starts (kept between keystrokes, as the word pairs are). */
const wordStartsCache = new Map<string, number[]>();

function wordStartsOf(text: string): number[] {
  let starts = wordStartsCache.get(text);
  if (!starts) {
    starts = [];
    for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) starts.push(match.index);
    if (wordStartsCache.size >= TEXT_CACHE_SIZE) wordStartsCache.clear();
    wordStartsCache.set(text, starts);
  }
  return starts;
}

/** Index of the word of `starts` that holds character `offset` (the last start at or before it). */
function wordAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * How close together the words lunr matched in a line stand, from its match data (`metadata[term].t.position`:
 * [start, length] pairs, as ./snippet.ts reads them): over the smallest window of words that holds every
 * matched term, (terms − 1) / (window − 1). 1 when they stand side by side (in any order), 0.5 when
 * two are one word apart, towards 0 as they scatter; 0 for a line with fewer than two matched terms.
 */
export function proximityOf(text: string, metadata: unknown): number {
  if (typeof metadata !== 'object' || metadata === null) return 0;
  const entries = Object.values(metadata as Record<string, unknown>);
  if (entries.length < 2) return 0;
  const starts = wordStartsOf(text);
  const hits: [word: number, term: number][] = [];
  entries.forEach((match, term) => {
    const positions = (match as {t?: {position?: unknown}} | null)?.t?.position;
    if (!Array.isArray(positions)) return;
    for (const item of positions)
      if (Array.isArray(item) && Number.isInteger(item[0])) hits.push([wordAt(starts, item[0] as number), term]);
  });
  const terms = new Set(hits.map((hit) => hit[1])).size;
  if (terms < 2) return 0;
  hits.sort((a, b) => a[0] - b[0]);
  const count = new Map<number, number>();
  let inWindow = 0;
  let best = Infinity;
  let left = 0;
  for (const [word, term] of hits) {
    const n = count.get(term) ?? 0;
    count.set(term, n + 1);
    if (n === 0) inWindow++;
    while (inWindow === terms) {
      best = Math.min(best, word - hits[left][0] + 1);
      const [, leftTerm] = hits[left];
      const m = (count.get(leftTerm) ?? 1) - 1;
      count.set(leftTerm, m);
      if (m === 0) inWindow--;
      left++;
    }
  }
  return best === Infinity ? 0 : (terms - 1) / Math.max(1, best - 1);
}

/**
 * The closest-held words of a page's paragraphs and descriptions: the best proximityOf of those lines,
 * each times its coverage of the typed words (squared, as a line's weight) and its place. A line that
 * holds two of six words side by side must not pass one that holds all six a little apart.
 */
function closestLine(
  lines: readonly {result: RankableResult}[],
  held: (tokens: string[]) => number,
  wordCount: number,
): number {
  let best = 0;
  for (const {result} of lines) {
    if (result.tokens.length < 2 || isOnwardLine(result)) continue;
    if (result.type !== SearchDocumentType.Content && result.type !== SearchDocumentType.Description) continue;
    const coverage = held(result.tokens) / wordCount;
    const weight = coverage * coverage * placeWeight(result);
    if (weight <= best) continue;
    best = Math.max(best, weight * proximityOf(result.document.t, result.metadata));
  }
  return best;
}

/** A line under a page's "Next steps" heading: it describes the pages it links to. */
function isOnwardLine(result: RankableResult): boolean {
  return result.document.h === '#next-steps';
}

/** The title of the page a result belongs to. */
function pageTitleOf(result: RankableResult): string {
  if (result.type === SearchDocumentType.Title) return result.document.t;
  return result.page ? result.page.t : (result.document.s ?? '');
}

/** Weight of where a result is: its place, less under "Next steps". */
function placeWeight(result: RankableResult): number {
  return (
    (PLACE_WEIGHT[result.type] ?? PLACE_WEIGHT[SearchDocumentType.Content]) *
    (isOnwardLine(result) ? ONWARD_LINE_WEIGHT : 1)
  );
}

/** The page's BM25F score over the best page's, times how much it counts for a question this long. */
function pageScoreShare(pageScore: PageScores, url: string): number {
  const share = Math.min(
    1,
    Math.max(0, (pageScore.words.length - PAGE_SCORE_FROM_WORDS) / (PAGE_SCORE_FULL_WORDS - PAGE_SCORE_FROM_WORDS)),
  );
  if (share === 0 || pageScore.best === 0) return 0;
  return (share * (pageScore.scores.get(url) ?? 0)) / pageScore.best;
}

/** The pages of `results` with their scores, best first (see the file's comment for the design). */
function scorePages<T extends RankableResult>(
  input: string,
  results: readonly T[],
  favour: (url: string) => number = () => 1,
  namedPages?: NamedPages,
  rarity?: (token: string) => number,
  pageScore?: PageScores,
  apiNames?: ReadonlySet<string>,
): ScoredPage<T>[] {
  const shape = apiShapeOf(input, apiNames);
  const weights = shape.isScript ? SECTION_WEIGHT.script : shape.isApi ? SECTION_WEIGHT.api : SECTION_WEIGHT.task;
  // The weight of the typed words a line holds: their rarity in the docs (./rarity.ts), 1 each without it.
  const held = (tokens: Iterable<string> & {length?: number; size?: number}) => {
    if (!rarity) return tokens.length ?? tokens.size ?? 0;
    let sum = 0;
    for (const token of tokens) sum += rarity(token);
    return sum;
  };
  // A page's coverage is over every typed word some candidate holds, not over the best line's: when no
  // line holds every word, the words a page gathers from several lines would otherwise count more than
  // all of them (five times as much for one long question), and the page with the most loose lines won.
  let wordCount = Number.MIN_VALUE;
  const typedFound = new Set<string>();
  for (const r of results) {
    wordCount = Math.max(wordCount, held(r.tokens));
    for (const token of r.tokens) typedFound.add(token);
  }
  const foundCount = Math.max(wordCount, held(typedFound));
  const typed = wordsOf(shape.terms);
  const typedPlain = typed.map(plainWord);
  const settingNames = settingNamesOf(input);

  // lunr's scores are comparable only within one index (titles, headings, …): scaled to that index's best.
  const bestScoreOfPlace = new Map<number, number>();
  for (const r of results) bestScoreOfPlace.set(r.type, Math.max(bestScoreOfPlace.get(r.type) ?? 0, r.score));

  const groups = new Map<string, ScoredPage<T>>();
  results.forEach((result, order) => {
    const coverage = held(result.tokens) / wordCount;
    const relative = result.score / (bestScoreOfPlace.get(result.type) || 1);
    const weight = coverage * coverage * placeWeight(result) * (1 - LUNR_SCORE_WEIGHT + LUNR_SCORE_WEIGHT * relative);
    const url = result.document.u;
    const group = groups.get(url) ?? {url, lines: [], score: 0, firstOrder: order, parts: {}};
    group.lines.push({result, order, weight});
    groups.set(url, group);
  });

  for (const group of groups.values()) {
    const lines = group.lines.map((line) => line.result);
    // Loops, not flatMap and spread arguments: this runs for every candidate page of every keystroke.
    const wordsOnPage = new Set<string>();
    for (const line of lines) for (const token of line.tokens) wordsOnPage.add(token);
    const pageCoverage = held(wordsOnPage) / foundCount;
    const best = group.lines.reduce((max, line) => Math.max(max, line.weight), -Infinity);
    // More matching lines say the page is about the query (a guide more than a short API page); lines
    // that point onward to other pages do not count.
    const ownLines = lines.filter((line) => !isOnwardLine(line)).length;
    const support = Math.min(Math.max(ownLines - 1, 0), MAX_SUPPORT_LINES) * SUPPORT_PER_LINE;
    const title = pageTitleOf(lines[0]);
    const overlap = titleOverlap(typed, title);
    const titlePhrase = phraseShare(typedPlain, title);
    const bm25 = pageScore ? pageScoreShare(pageScore, group.url) : 0;
    // Keywords are a list, not a sentence: no phrase there.
    const phrase = lines.reduce(
      (max, line) =>
        Math.max(
          max,
          line.type === SearchDocumentType.Keywords || isOnwardLine(line)
            ? 0
            : phraseShare(typedPlain, line.document.t) * placeWeight(line),
        ),
      -Infinity,
    );
    // With a typed name the identifier bonuses order the pages, as they do without the page scores.
    const proximity = namedPages?.names.length ? 0 : closestLine(group.lines, held, wordCount);
    const sectionWeight = weights[sectionOfUrl(group.url)];
    const named = shape.isApi && lines.some((line) => namesExactly(line, shape));
    const explainsSetting =
      settingNames.length > 0 &&
      sectionOfUrl(group.url) === 'docs' &&
      lines.some((line) => settingNames.some((name) => holdsName(line.document.t, name)));
    const holds = namedPages?.pages.get(group.url);
    const typedNames = namedPages?.names.length ?? 1;
    const heldShare = holds ? holds.held.size / typedNames : 0;
    const namedShare = holds ? holds.named.size / typedNames : 0;
    const listingShare = holds ? holds.listing / typedNames : 0;
    group.score =
      favour(group.url) *
        sectionWeight *
        (best +
          PAGE_COVERAGE_WEIGHT * pageCoverage * pageCoverage +
          support +
          TITLE_OVERLAP_WEIGHT * overlap +
          PHRASE_WEIGHT * phrase +
          TITLE_PHRASE_WEIGHT * titlePhrase +
          PAGE_SCORE_WEIGHT * bm25 +
          PROXIMITY_WEIGHT * proximity) +
      (named ? EXACT_NAME_BONUS : 0) +
      (explainsSetting ? SETTING_NAME_BONUS : 0) +
      IDENTIFIER_BONUS * heldShare +
      IDENTIFIER_NAMED_BONUS * namedShare +
      IDENTIFIER_REFERENCE_BONUS * listingShare;
    group.parts = {
      sectionWeight,
      best,
      pageCoverage,
      support,
      overlap,
      phrase,
      titlePhrase,
      bm25,
      proximity,
      named: Number(named),
      explainsSetting: Number(explainsSetting),
      heldShare,
      namedShare,
      listingShare,
    };
  }
  return withReferenceInReach([...groups.values()].sort((a, b) => b.score - a.score || a.firstOrder - b.firstOrder));
}

/**
 * A typed name's reference (the page that lists the most names of its kind: the environment variables page for
 * `SCHEDULER_ENABLED`, the CLI reference for `--select`) is kept among the first REFERENCE_SLOT pages. The bonuses
 * above order pages by how much they are about the name, and a guide that sets the name in its example (Helm values,
 * a compose file) can rightly come first; but the page that defines it must stay in sight whatever else is typed
 * (issue 46: identifiers as must-match). Moving it up to the last slot of the first three leaves the first two alone.
 */
const REFERENCE_SLOT = 3;
/** A page counts as the name's reference when it lists at least this share of the fullest list of its kind. */
const REFERENCE_LISTING = 0.9;

function withReferenceInReach<T extends RankableResult>(sorted: ScoredPage<T>[]): ScoredPage<T>[] {
  let reference = -1;
  for (let i = 0; i < sorted.length; i++) {
    const share = sorted[i].parts.listingShare ?? 0;
    if (share >= REFERENCE_LISTING && (reference < 0 || share > (sorted[reference].parts.listingShare ?? 0))) {
      reference = i;
    }
  }
  if (reference < REFERENCE_SLOT) return sorted;
  const reordered = [...sorted];
  const [page] = reordered.splice(reference, 1);
  reordered.splice(REFERENCE_SLOT - 1, 0, page);
  return reordered;
}

/**
 * Orders the plugin's results for `input` (as typed, case kept) and returns at most `limit` of them:
 * pages by score, each page as its best line. The results are copied, not changed. With one line per
 * page, the plugin's tree marks (`isInterOfTree`, `isLastOfTree`: a line drawn under its page listed
 * above it) never apply, so none are set.
 */
export function rankSearchResults<T extends RankableResult>(
  input: string,
  results: readonly T[],
  limit: number,
  favour?: (url: string) => number,
  named?: NamedPages,
  rarity?: (token: string) => number,
  pageScore?: PageScores,
  apiNames?: ReadonlySet<string>,
): T[] {
  const ordered: T[] = [];
  // The docs repeat some pages in several tracks (the same title and text at two addresses): a reader
  // gains nothing from the second copy, and it would push another page out of the list.
  const shown = new Set<string>();
  // The title unless another line matches more of the typed words.
  const coverage = (line: {result: T}) => line.result.tokens.length;
  const before = (a: ScoredPage<T>['lines'][number], b: ScoredPage<T>['lines'][number]) =>
    coverage(b) - coverage(a) ||
    Number(b.result.type === SearchDocumentType.Title) - Number(a.result.type === SearchDocumentType.Title) ||
    b.weight - a.weight ||
    a.order - b.order;
  for (const page of scorePages(input, results, favour, named, rarity, pageScore, apiNames)) {
    // The first line in that order (no two lines have the same `order`): one pass, not a sort per page.
    const {result} = page.lines.reduce((best, line) => (before(line, best) < 0 ? line : best));
    const copyKey = `${pageTitleOf(result)}\u0000${result.document.h ?? ''}\u0000${result.document.t}`;
    if (shown.has(copyKey)) continue;
    shown.add(copyKey);
    ordered.push({...result});
    if (ordered.length >= limit) break;
  }
  return ordered;
}
