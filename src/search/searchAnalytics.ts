/**
 * What readers could not find (issue 34, item 7): with analytics configured (ANALYTICS_URL), a search that ends with
 * no result, or that the reader leaves without opening a hit, is sent as an event with the query (trimmed, capped)
 * and the page it was typed on, so the maintainers know what to write. Nothing is sent when analytics is off or the
 * reader asked not to be tracked (src/lib/analytics.ts decides both).
 *
 * The search box and the results page report each answered search here (searchByWorker.ts); route changes and
 * leaving the page are reported by plugins/page-analytics. A hit is "opened" when the next page is reached through a
 * result link, which carries the plugin's `_highlight` parameter.
 */
import {analyticsEndpoint, sendEvent} from '../lib/analytics';

/** Longest query sent; a longer one is cut (a pasted error message can run to pages). */
export const MAX_SENT_QUERY = 100;
/** A query shorter than this is still being typed, not a question. */
const MIN_QUERY = 2;
/** Quiet time after an empty answer before it counts as the reader's last word. */
export const NO_RESULT_SETTLE_MS = 1500;
/** Time after the box loses focus for a hit's page to open before the search counts as left. */
export const LEAVE_GRACE_MS = 1000;

export type SearchView = 'box' | 'page';

export interface SearchEvent {
  type: 'search-no-results' | 'search-abandoned';
  query: string;
  path: string;
  view: SearchView;
  results?: number;
  timestamp: number;
}

/** The query as sent: whitespace collapsed, control characters dropped, at most MAX_SENT_QUERY characters. */
export function sentQuery(input: string): string {
  // Control characters become spaces (a query is one line of text in the event).
  const clean = Array.from(input, (c) => (c < ' ' || c === '\u007f' ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_SENT_QUERY ? clean.slice(0, MAX_SENT_QUERY) : clean;
}

interface Pending {
  query: string;
  path: string;
  view: SearchView;
  count: number;
}

/** The rules, free of the DOM and of time: the caller gives the clock's timers and the sender. */
export class SearchTracker {
  private pending: Pending | null = null;
  private noResultTimer: ReturnType<typeof setTimeout> | undefined;
  private leaveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Queries already reported as empty on this page, so a reader who retypes one is counted once. */
  private reportedEmpty = new Set<string>();

  constructor(
    private readonly send: (event: SearchEvent) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** A search was answered with `count` results. */
  searched(view: SearchView, input: string, count: number, path: string): void {
    clearTimeout(this.noResultTimer);
    clearTimeout(this.leaveTimer);
    const query = sentQuery(input);
    if (query.length < MIN_QUERY) {
      this.pending = null;
      return;
    }
    this.pending = {query, path, view, count};
    if (count > 0) return;
    this.noResultTimer = setTimeout(() => {
      const key = `${view}\u0000${query}`;
      if (this.pending?.query !== query || this.reportedEmpty.has(key)) return;
      this.reportedEmpty.add(key);
      this.emit('search-no-results', this.pending);
      // An empty search is reported once; leaving it afterwards is not an abandoned one as well.
      this.pending = null;
    }, NO_RESULT_SETTLE_MS);
  }

  /** The reader opened a hit: the search did its job. */
  openedHit(): void {
    clearTimeout(this.leaveTimer);
    this.pending = null;
  }

  /** The box lost focus: unless a hit's page opens soon, the search was left. */
  boxLeft(): void {
    if (this.pending?.view !== 'box') return;
    clearTimeout(this.leaveTimer);
    this.leaveTimer = setTimeout(() => this.left(), LEAVE_GRACE_MS);
  }

  /** The reader went elsewhere (another page not through a hit, or away from the site). */
  left(): void {
    clearTimeout(this.leaveTimer);
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    if (pending.count > 0) this.emit('search-abandoned', pending, pending.count);
    else if (!this.reportedEmpty.has(`${pending.view}\u0000${pending.query}`)) {
      clearTimeout(this.noResultTimer);
      this.reportedEmpty.add(`${pending.view}\u0000${pending.query}`);
      this.emit('search-no-results', pending);
    }
  }

  private emit(type: SearchEvent['type'], pending: Pending, results?: number): void {
    this.send({
      type,
      query: pending.query,
      path: pending.path,
      view: pending.view,
      ...(results === undefined ? {} : {results}),
      timestamp: this.now(),
    });
  }
}

let tracker: SearchTracker | null = null;

/** The page's tracker, or null when analytics is off (then nothing is even recorded). */
export function searchTracker(): SearchTracker | null {
  if (typeof window === 'undefined' || !analyticsEndpoint()) return null;
  tracker ??= new SearchTracker((event) => void sendEvent({...event}));
  return tracker;
}

/** Called by the search code with each answered search. */
export function reportSearch(view: SearchView, input: string, count: number): void {
  searchTracker()?.searched(view, input, count, window.location.pathname);
}
