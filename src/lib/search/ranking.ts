/**
 * Re-ranks the results of the search plugin (@easyops-cn/docusaurus-search-local 0.55.3) so that the page
 * a reader wants comes first. Pure: no DOM, no fetch, no plugin import, so the search box (through
 * ./worker.ts), the relevance test and any other consumer (a docs MCP server calling the plugin's
 * `SearchWorker` in node) apply exactly the same order.
 *
 * Why: the plugin orders results by which of its query variants found them (exact, then prefix, then
 * fuzzy) and which index (titles, headings, descriptions, keywords, content) answered first, and stops
 * at `limit`. Since the API reference became searchable, its ~500 operation and schema pages (short
 * titles such as `BigqueryConnection` or `PinnedItem`) win that race for task questions, and a page's
 * many headings crowd out other pages. The design:
 * - Ask the plugin for a wide pool of candidates (CANDIDATE_LIMIT) and score pages, not lines.
 * - A page scores by how many of the typed words it matches (squared, so a page matching every word
 *   beats one matching most of them), by where the best match is (title > keywords > heading >
 *   description > body text), by the share of typed words in its title, and by its section: API schema
 *   pages weigh 0.4 and other API pages 0.5 (Lightdash's own docs weigh API pages 0.4), unless the
 *   query is API-shaped.
 * - API-shaped queries (the word "api", an identifier such as `runQuery` or `MetricQuery`, a
 *   `METHOD /path`) lift the API weights, and a page whose title or operation keywords carry exactly
 *   the typed identifier or path comes first.
 * - Each page shows one line, so one page's headings cannot fill the list: its title, or the heading or
 *   paragraph that matches more of the typed words than the title does (a link straight to the section).
 */

/** One indexed item, as the plugin stores it: a page title, a heading (`h`) or a text (`s` = its heading). */
export interface RankableDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
}

/** The fields of the plugin's `SearchResult` the ranking reads; anything else is passed through. */
export interface RankableResult {
  document: RankableDocument;
  /** 0 title, 1 heading, 2 description, 3 keywords, 4 content (the plugin's SearchDocumentType). */
  type: number;
  /** The page's title document, for headings, descriptions and content. */
  page?: RankableDocument | false | undefined;
  /** The words of the query variant that found this result (every one of them matched). */
  tokens: string[];
  score: number;
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

/** How many results to ask the plugin for before ranking (the search page asks for 100 too). */
export const CANDIDATE_LIMIT = 30;
/** Lines a page may take in the list: its best line only, so eight suggestions are eight pages. */
export const MAX_LINES_PER_PAGE = 1;

/** Weight of the best match by where it is (index of the plugin's SearchDocumentType). */
const PLACE_WEIGHT: Record<number, number> = {0: 1, 1: 0.7, 2: 0.55, 3: 0.75, 4: 0.35};

/** Section weights for task questions and for API-shaped queries. */
const SECTION_WEIGHT = {
  task: {docs: 1, apiOperation: 0.5, apiSchema: 0.4},
  api: {docs: 0.85, apiOperation: 1, apiSchema: 0.9},
} as const;

/** Score added when the page carries the exact identifier or `METHOD /path` the reader typed. */
const EXACT_NAME_BONUS = 2;
/** Weight of the share of typed words found in the page's title (stop words count here: "what is dbt"). */
const TITLE_OVERLAP_WEIGHT = 0.3;

type Section = 'docs' | 'apiOperation' | 'apiSchema';

export function sectionOfUrl(url: string): Section {
  if (/^(?:\/[^/]+)?\/api\/v1\/schemas\//.test(url)) return 'apiSchema';
  if (/^(?:\/[^/]+)?\/api\/v1(?:\/|$)/.test(url)) return 'apiOperation';
  return 'docs';
}

const HTTP_METHOD = /^(get|post|put|patch|delete)$/i;

/** What in the query names an API thing: identifiers (`runQuery`, `MetricQuery`) and a `METHOD /path`. */
export interface ApiShape {
  /** The reader asks for the API: the word "api", an identifier or a path. */
  isApi: boolean;
  /** Identifiers with an inner capital, as typed (`upsertChartAsCode`, `CustomSqlDimension`). */
  identifiers: string[];
  /** `POST /api/v1/projects/{projectUuid}/spaces`, method upper-cased; null when none was typed. */
  route: string | null;
}

export function apiShapeOf(input: string): ApiShape {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const identifiers = words.filter((w) => /^[A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*$/.test(w));
  const pathIndex = words.findIndex((w) => w.startsWith('/'));
  let route: string | null = null;
  if (pathIndex >= 0) {
    const method = pathIndex > 0 && HTTP_METHOD.test(words[pathIndex - 1]) ? words[pathIndex - 1].toUpperCase() : '';
    route = `${method ? `${method} ` : ''}${words[pathIndex]}`;
  }
  const saysApi = words.some((w) => w.toLowerCase() === 'api');
  return {isApi: saysApi || identifiers.length > 0 || route !== null, identifiers, route};
}

/** The page a result belongs to (its title document), by URL when the plugin did not link it. */
function pageKeyOf(result: RankableResult): string {
  return result.document.u;
}

/** True when this result carries the exact identifier or route the reader typed. */
function namesExactly(result: RankableResult, shape: ApiShape): boolean {
  const {document, type} = result;
  if (type === 0) return shape.identifiers.includes(document.t.trim());
  if (type !== 3) return false;
  // Keywords of an operation page: "POST /api/v1/…, operationId, Tag"; of a schema page: "Name, schema".
  const items = document.t.split(',').map((item) => item.trim());
  if (shape.identifiers.some((id) => items.includes(id))) return true;
  if (!shape.route) return false;
  const route = shape.route;
  return items.some((item) => item === route || (!/^[A-Z]+ /.test(route) && item.endsWith(` ${route}`)));
}

/** A page among the results: its lines (results) and its score. */
export interface ScoredPage<T extends RankableResult> {
  url: string;
  score: number;
  lines: {result: T; order: number; weight: number}[];
  firstOrder: number;
}

/** Words of `text` in lower case, for comparing what was typed with a title. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** Share of the typed words (stop words too) that start a word of the page's title. */
function titleOverlap(typed: string[], title: string): number {
  if (typed.length === 0) return 0;
  const titleWords = wordsOf(title);
  return typed.filter((word) => titleWords.some((t) => t.startsWith(word) || word.startsWith(t))).length / typed.length;
}

/** The pages of `results` with their scores, best first (see the file's comment for the design). */
export function scorePages<T extends RankableResult>(input: string, results: readonly T[]): ScoredPage<T>[] {
  const shape = apiShapeOf(input);
  const weights = shape.isApi ? SECTION_WEIGHT.api : SECTION_WEIGHT.task;
  const wordCount = Math.max(1, ...results.map((r) => r.tokens.length));
  const typed = wordsOf(input);

  // lunr's scores are comparable only within one index (titles, headings, …): scaled to that index's best.
  const bestScoreOfPlace = new Map<number, number>();
  for (const r of results) bestScoreOfPlace.set(r.type, Math.max(bestScoreOfPlace.get(r.type) ?? 0, r.score));

  const groups = new Map<string, ScoredPage<T>>();
  results.forEach((result, order) => {
    const coverage = result.tokens.length / wordCount;
    const relative = result.score / (bestScoreOfPlace.get(result.type) || 1);
    const weight = coverage * coverage * (PLACE_WEIGHT[result.type] ?? 0.35) * (0.85 + 0.15 * relative);
    const url = pageKeyOf(result);
    const group = groups.get(url) ?? {url, lines: [], score: 0, firstOrder: order};
    group.lines.push({result, order, weight});
    groups.set(url, group);
  });

  for (const group of groups.values()) {
    const words = new Set(group.lines.flatMap((line) => line.result.tokens));
    const pageCoverage = words.size / wordCount;
    const best = Math.max(...group.lines.map((line) => line.weight));
    // More matching lines say the page is about the query (a guide more than a short API page); more
    // than five say nothing more.
    const support = Math.min(group.lines.length - 1, 5) * 0.04;
    const first = group.lines[0].result;
    const title = first.type === 0 ? first.document.t : first.page ? first.page.t : (first.document.s ?? '');
    const overlap = TITLE_OVERLAP_WEIGHT * titleOverlap(typed, title);
    let score = weights[sectionOfUrl(group.url)] * (best + 0.15 * pageCoverage * pageCoverage + support + overlap);
    if (shape.isApi && group.lines.some((line) => namesExactly(line.result, shape))) score += EXACT_NAME_BONUS;
    group.score = score;
  }
  return [...groups.values()].sort((a, b) => b.score - a.score || a.firstOrder - b.firstOrder);
}

/**
 * Orders the plugin's results for `input` (as typed, case kept) and returns at most `limit` of them:
 * pages by score, each page as its best line, with the plugin's tree flags (`isInterOfTree`,
 * `isLastOfTree`) set again for the new order. The results are copied, not changed.
 */
export function rankSearchResults<T extends RankableResult>(input: string, results: readonly T[], limit: number): T[] {
  const ordered: T[] = [];
  for (const page of scorePages(input, results)) {
    // The title first unless another line matches more of the typed words.
    const coverage = (line: {result: T}) => line.result.tokens.length;
    const lines = page.lines
      .slice()
      .sort(
        (a, b) =>
          coverage(b) - coverage(a) ||
          Number(b.result.type === 0) - Number(a.result.type === 0) ||
          b.weight - a.weight ||
          a.order - b.order,
      )
      .slice(0, MAX_LINES_PER_PAGE);
    for (const {result} of lines) {
      ordered.push({...result});
      if (ordered.length >= limit) return markTrees(ordered);
    }
  }
  return markTrees(ordered);
}

/**
 * The plugin's tree marks (processTreeStatusOfSearchResults): a line under a page listed above it is
 * drawn as a branch, the last one as the branch's end.
 */
function markTrees<T extends RankableResult>(results: T[]): T[] {
  results.forEach((item, i) => {
    delete item.isInterOfTree;
    delete item.isLastOfTree;
    const page = item.page;
    if (i === 0 || !page) return;
    const underListedPage = results.slice(0, i).some((prev) => (prev.type === 3 ? prev.page : prev.document) === page);
    if (!underListedPage) return;
    if (i < results.length - 1 && results[i + 1].page === page) item.isInterOfTree = true;
    else item.isLastOfTree = true;
  });
  return results;
}
