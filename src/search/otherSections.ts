/**
 * The search box on a page of a section searches that section's index (the plugin's search contexts),
 * but a reader on a guide who types a self-hosting question must not hit a dead end. When the section
 * has no line with every word of the question, the box also shows the best hits of the other sections
 * (the all-sections index); their breadcrumbs say which section each is in. A hit that holds more of
 * the question's words than any of the section's comes first. The search page keeps its filter: this
 * is for the box only (./worker.ts).
 */
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';
import {TROUBLE_WORDS} from './relax';
import type {SearchResult} from './types';

/** How many hits from other sections the box shows beside a weak section's own. */
const OTHER_SECTION_HITS = 5;

/** The words of the question that say what it is about (not "not working"). */
function questionWords(input: string): Set<string> {
  return new Set(tokenize(input, language).filter((word) => !TROUBLE_WORDS.has(word)));
}

/** How many of the question's words this hit holds. */
function coverage(result: SearchResult, words: Set<string>): number {
  return new Set(result.tokens.filter((token) => words.has(token))).size;
}

/** True when no hit of the section holds every word of the question. */
function needsOtherSections(own: SearchResult[], input: string): boolean {
  const words = questionWords(input);
  if (words.size === 0) return false;
  return !own.some((result) => coverage(result, words) >= words.size);
}

const urlOf = (result: SearchResult) => `${result.document.u}${result.document.h ?? ''}`;

/**
 * The section's hits with up to OTHER_SECTION_HITS hits of the others (`everywhere` holds every
 * section, the section's own pages included): those that hold more of the question's words than the
 * section's best come first, the rest after the section's, at most `limit` in all.
 */
function withOtherSections(
  own: SearchResult[],
  everywhere: SearchResult[],
  sectionPath: string,
  input: string,
  limit: number,
): SearchResult[] {
  const words = questionWords(input);
  const ownUrls = new Set(own.map(urlOf));
  // `/guides/…` and `/next/guides/…`; the API's overview is `/api/v1/`.
  const inSection = (url: string) => url.includes(`/${sectionPath}/`);
  const others = everywhere
    .filter((result) => !ownUrls.has(urlOf(result)) && !inSection(result.document.u))
    .slice(0, own.length === 0 ? limit : OTHER_SECTION_HITS);
  const bestOwn = Math.max(0, ...own.map((result) => coverage(result, words)));
  const better = others.filter((result) => coverage(result, words) > bestOwn);
  const after = others.filter((result) => !better.includes(result));
  const kept = own.slice(0, Math.max(0, limit - others.length));
  return [...better, ...kept, ...after].slice(0, limit);
}

/**
 * What the box shows for `input` on a page of section `sectionPath` ('' outside any): the section's own
 * hits, with the other sections' when the section's are weak. `everywhere` is asked only then.
 */
export async function boxResults(
  own: SearchResult[],
  everywhere: () => Promise<SearchResult[]>,
  sectionPath: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (!sectionPath || !needsOtherSections(own, input)) return own;
  return withOtherSections(own, await everywhere(), sectionPath, input, limit);
}
