/**
 * Page scores (src/search/pageScore.ts) on a made-up index (no build needed): a page's score is mostly
 * its best section's, so a page that answers the question in one section beats a page of the same words
 * and length whose sections hold one word each.
 */
import lunr from 'lunr';
import {describe, expect, it} from 'vitest';
import {pageScores} from '../../src/search/pageScore';
import {SearchDocumentType} from '../../src/search/documentTypes.mjs';
import type {LoadedIndexes, SearchDocument} from '../../src/search/types';

const FILLER = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor';

/** lunr's index builder (the package's types here declare only what the site loads). */
interface Builder {
  ref(name: string): void;
  field(name: string): void;
  metadataWhitelist: string[];
  add(document: object): void;
}
const buildIndex = lunr as unknown as (config: (this: Builder) => void) => object;

/** A part of an index as the plugin writes it: its lines, each indexed in field `t` with word positions. */
function part(type: number, documents: SearchDocument[]): LoadedIndexes['wrappedIndexes'][number] {
  const index = buildIndex(function () {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) this.add(document);
  });
  return {type, documents, index: index as unknown as LoadedIndexes['wrappedIndexes'][number]['index']};
}

/** A made-up site: pages with a title and sections (a heading and a paragraph each). */
function site(pages: {url: string; title: string; sections: [string, string][]}[]): LoadedIndexes {
  let id = 0;
  const titles: SearchDocument[] = [];
  const headings: SearchDocument[] = [];
  const content: SearchDocument[] = [];
  for (const {url, title, sections} of pages) {
    const p = id++;
    titles.push({i: p, t: title, u: url});
    sections.forEach(([heading, text], n) => {
      headings.push({i: id++, t: heading, u: url, h: `#s${n}`, p});
      content.push({i: id++, t: text, u: url, h: `#s${n}`, s: heading, p});
    });
  }
  return {
    wrappedIndexes: [
      part(SearchDocumentType.Title, titles),
      part(SearchDocumentType.Heading, headings),
      part(SearchDocumentType.Description, []),
      part(SearchDocumentType.Keywords, []),
      part(SearchDocumentType.Content, content),
    ],
    zhDictionary: [],
  };
}

const loaded = site([
  {
    url: '/together',
    title: 'Warehouse guide',
    sections: [
      ['Setup', `rotate snowflake credentials ${FILLER}`],
      ['Notes', `${FILLER} one two three`],
      ['More', `${FILLER} four five six`],
    ],
  },
  {
    url: '/apart',
    title: 'Warehouse notes',
    sections: [
      ['Setup', `rotate ${FILLER} one two`],
      ['Notes', `snowflake ${FILLER} three four`],
      ['More', `credentials ${FILLER} five six`],
    ],
  },
  {url: '/titled', title: 'Snowflake', sections: [['Intro', FILLER]]},
  ...Array.from({length: 6}, (_, n) => ({
    url: `/other-${n}`,
    title: `Other ${n}`,
    sections: [['Intro', FILLER] as [string, string]],
  })),
]);

describe('pageScores', () => {
  it('ranks a page whose one section holds every typed word above one whose sections hold one each', () => {
    const {scores, best, words} = pageScores(loaded, ['rotate', 'snowflake', 'credentials']);
    expect(words).toEqual(['rotate', 'snowflake', 'credentials']);
    expect(scores.get('/together')).toBe(best);
    expect(scores.get('/together')! - scores.get('/apart')!).toBeGreaterThan(0.1);
  });

  it('scores a page whose title alone holds a word, and no page without one', () => {
    const {scores} = pageScores(loaded, ['snowflake']);
    expect(scores.get('/titled')).toBeGreaterThan(0);
    expect(scores.has('/other-0')).toBe(false);
  });

  it('scores nothing for words no page holds', () => {
    expect(pageScores(loaded, ['kubernetes'])).toEqual({scores: new Map(), best: 0, words: []});
  });
});
