/**
 * The search results page's logic outside React (src/theme/SearchPage renders it): how many results it
 * asks for, when typing searches, the address of a hit and the live status line.
 */
import type {SimilarPage} from './similarPages';
import type {SearchPlan} from './searchPageParams';
import type {SearchResult} from './types';
import {shorten} from './searchIndex';

/** Results asked for: the box shows 8, the page shows the rest of a wide search after them. */
export const PAGE_RESULTS = 100;
/** Typing searches once the reader pauses, not at every key (each search re-renders the list). */
export const TYPING_PAUSE_MS = 250;

/** The address of a hit, with the search terms as `_highlight` parameters, as the box's links carry. */
export function hitUrl({document, tokens}: SearchResult): string {
  const params = new URLSearchParams();
  for (const token of tokens) params.append('_highlight', token);
  const search = tokens.length > 0 ? `?${params.toString()}` : '';
  return `${document.u}${search}${document.h ?? ''}`;
}

/** What the search worker answered for `query` (SiteSearchWorker.searchPage). */
export interface Answer {
  /** The search it answers (answerKey): a list for other words or another section is not this one's. */
  key: string;
  results: SearchResult[];
  ignored: string[];
  closest: SimilarPage[];
  /** False while only the first stage (titles, headings) has answered. */
  complete: boolean;
}

export const answerKey = (query: string, plan: SearchPlan) =>
  JSON.stringify([query, plan.versionUrl, plan.context, plan.only]);

/** The live status line: how many results, or why there are none (yet). */
export function statusText(
  query: string,
  answer: Answer | null,
  current: boolean,
  shown: number,
  failed: boolean,
): string {
  if (!query) return '';
  if (failed) return 'Search could not run. Try again, or browse with the sidebar.';
  if (!answer || !current || (shown === 0 && !answer.complete)) return 'Searching…';
  if (shown === 0) return 'No results';
  const count = `${shown} ${shown === 1 ? 'result' : 'results'} for “${shorten(query, 80)}”`;
  return answer.complete ? count : `${count} in titles and headings; searching the full text…`;
}
