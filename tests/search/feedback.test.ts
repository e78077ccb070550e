/**
 * Pseudo-relevance feedback (src/search/feedback.ts) on a made-up index (no build needed): the words
 * the first ranking's top pages share and the question lacks, when few pages have them, give a bonus
 * to the candidates that hold them, and to no page outside the candidates ranked again.
 */
import lunr from 'lunr';
import {describe, expect, it} from 'vitest';
import {feedbackBonus, feedbackStems, FEEDBACK_POOL} from '../../src/search/feedback';
import {SearchDocumentType} from '../../src/search/documentTypes.mjs';
import type {LoadedIndexes, SearchDocument} from '../../src/search/types';

interface Builder {
  ref(name: string): void;
  field(name: string): void;
  metadataWhitelist: string[];
  add(document: object): void;
}
const buildIndex = lunr as unknown as (config: (this: Builder) => void) => object;

function part(type: number, documents: SearchDocument[]): LoadedIndexes['wrappedIndexes'][number] {
  const index = buildIndex(function () {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) this.add(document);
  });
  return {type, documents, index: index as unknown as LoadedIndexes['wrappedIndexes'][number]['index']};
}

/** Pages of a title and one paragraph each. */
function site(pages: {url: string; title: string; text: string}[]): LoadedIndexes {
  let id = 0;
  const titles: SearchDocument[] = [];
  const content: SearchDocument[] = [];
  for (const {url, title, text} of pages) {
    const p = id++;
    titles.push({i: p, t: title, u: url});
    content.push({i: id++, t: text, u: url, p});
  }
  return {
    wrappedIndexes: [
      part(SearchDocumentType.Title, titles),
      part(SearchDocumentType.Heading, []),
      part(SearchDocumentType.Description, []),
      part(SearchDocumentType.Keywords, []),
      part(SearchDocumentType.Content, content),
    ],
    zhDictionary: [],
  };
}

// A hundred pages about other things (they share "chart" and "project": common words), and four about
// sending results on a schedule, three of which the first ranking found first.
const others = Array.from({length: 100}, (_, n) => ({
  url: `/other-${n}`,
  title: `Other page ${n}`,
  text: `chart project settings page number ${n} explains something else`,
}));
const loaded = site([
  {url: '/deliveries', title: 'Scheduled deliveries', text: 'send a chart by email every monday with a cron timezone'},
  {url: '/slack', title: 'Slack', text: 'send a chart to slack every monday with a cron timezone'},
  {url: '/alerts', title: 'Alerts', text: 'send an alert with a cron timezone when a chart crosses a threshold'},
  {url: '/scheduler-settings', title: 'Scheduler settings', text: 'the cron timezone of the scheduler worker'},
  ...others,
]);
const typed = ['send', 'chart', 'every', 'monday'];

describe('pseudo-relevance feedback', () => {
  it('takes the rare words the top pages share, not the typed or common ones', () => {
    const stems = feedbackStems(loaded, typed, ['/deliveries', '/slack', '/alerts', '/other-1']);
    expect(stems).toEqual(expect.arrayContaining(['cron', 'timezon']));
    expect(stems).not.toContain('send');
    expect(stems).not.toContain('chart');
    expect(stems).not.toContain('project');
  });

  it('gives a bonus to the candidates that hold those words, and none outside the pool', () => {
    const pool = ['/deliveries', '/slack', '/alerts', '/scheduler-settings', ...others.map((page) => page.url)];
    const bonus = feedbackBonus(loaded, typed, pool);
    expect(bonus).toBeDefined();
    expect(bonus!('/scheduler-settings')).toBeGreaterThan(0);
    expect(bonus!('/other-1')).toBe(0);
    expect(pool.indexOf('/other-90')).toBeGreaterThanOrEqual(FEEDBACK_POOL);
    expect(bonus!('/other-90')).toBe(0);
  });

  it('adds nothing when the top pages share fewer than two rare words', () => {
    expect(feedbackBonus(loaded, typed, ['/other-1', '/other-2', '/other-3'])).toBeUndefined();
  });
});
