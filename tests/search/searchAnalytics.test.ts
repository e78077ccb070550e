import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {
  LEAVE_GRACE_MS,
  MAX_SENT_QUERY,
  NO_RESULT_SETTLE_MS,
  SearchTracker,
  sentQuery,
  type SearchEvent,
} from '../../src/search/searchAnalytics';

// The tracker is given its sender; the module's own glue reads the build's analytics setting.
vi.mock('@generated/docusaurus.config', () => ({default: {customFields: {}}}));

// What readers could not find (issue 34, item 7): the rules of src/search/searchAnalytics.ts on a fake clock.
let sent: SearchEvent[];
let tracker: SearchTracker;
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  tracker = new SearchTracker(
    (event) => sent.push(event),
    () => 42,
  );
});
afterEach(() => vi.useRealTimers());

describe('the query sent', () => {
  it('is trimmed, on one line and capped', () => {
    expect(sentQuery('  site_url \n\t port  ')).toBe('site_url port');
    expect(sentQuery('a\u0000b\u007fc')).toBe('a b c');
    expect(sentQuery('x'.repeat(5000))).toHaveLength(MAX_SENT_QUERY);
  });
});

describe('a search with no result', () => {
  it('is sent once the reader stops typing, with the page it was typed on', () => {
    tracker.searched('box', 'zzq', 0, '/guides/pinning');
    tracker.searched('box', 'zzqxv', 0, '/guides/pinning');
    vi.advanceTimersByTime(NO_RESULT_SETTLE_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {type: 'search-no-results', query: 'zzqxv', path: '/guides/pinning', view: 'box', timestamp: 42},
    ]);
  });

  it('is not sent when the reader types on to words that match', () => {
    tracker.searched('box', 'metr', 0, '/');
    tracker.searched('box', 'metrics', 5, '/');
    vi.advanceTimersByTime(NO_RESULT_SETTLE_MS * 2);
    expect(sent).toEqual([]);
  });

  it('is sent once per query and page view, and sent at once when the reader leaves first', () => {
    tracker.searched('page', 'zzqxv', 0, '/search');
    vi.advanceTimersByTime(NO_RESULT_SETTLE_MS);
    tracker.searched('page', 'zzqxv', 0, '/search');
    vi.advanceTimersByTime(NO_RESULT_SETTLE_MS);
    expect(sent.map((e) => e.type)).toEqual(['search-no-results']);
    tracker.searched('box', 'qqwwee', 0, '/');
    tracker.left();
    expect(sent.at(-1)).toMatchObject({type: 'search-no-results', query: 'qqwwee', view: 'box'});
    vi.advanceTimersByTime(NO_RESULT_SETTLE_MS);
    expect(sent).toHaveLength(2);
  });
});

describe('an abandoned search', () => {
  it('is sent when the reader leaves with results but opens none', () => {
    tracker.searched('box', 'pinning', 6, '/');
    tracker.boxLeft();
    vi.advanceTimersByTime(LEAVE_GRACE_MS);
    expect(sent).toEqual([
      {type: 'search-abandoned', query: 'pinning', path: '/', view: 'box', results: 6, timestamp: 42},
    ]);
  });

  it('is not sent when a hit opens, even after the box lost focus to it', () => {
    tracker.searched('box', 'pinning', 6, '/');
    tracker.boxLeft();
    tracker.openedHit();
    vi.advanceTimersByTime(LEAVE_GRACE_MS * 2);
    tracker.left();
    expect(sent).toEqual([]);
  });

  it('is not sent for a letter or two, nor twice', () => {
    tracker.searched('box', 'p', 9, '/');
    tracker.left();
    tracker.searched('page', 'joins', 3, '/search');
    tracker.left();
    tracker.left();
    expect(sent.map((e) => [e.type, e.query])).toEqual([['search-abandoned', 'joins']]);
  });
});
