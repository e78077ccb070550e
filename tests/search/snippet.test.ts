// The search page's snippets (src/search/snippet.ts): the matched words marked, the text cut
// around them, nothing read as markup or as a pattern.
import {describe, expect, it} from 'vitest';
import {matchPositions, snippetOf, snippetParts, wordStartSpans} from '../../src/search/snippet';

const render = (parts: {text: string; mark: boolean}[]) => parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('');

describe('matchPositions', () => {
  it("reads lunr's positions for field t, sorted", () => {
    const metadata = {
      schedul: {t: {position: [[20, 9]]}},
      deliveri: {
        t: {
          position: [
            [0, 9],
            [40, 10],
          ],
        },
      },
    };
    expect(matchPositions(metadata)).toEqual([
      [0, 9],
      [20, 9],
      [40, 10],
    ]);
  });

  it.each([
    null,
    undefined,
    'x',
    {a: null},
    {a: {t: {position: 'no'}}},
    {
      a: {
        t: {
          position: [
            ['1', 2],
            [3, 0],
          ],
        },
      },
    },
  ])('gives nothing for %j', (metadata) => {
    expect(matchPositions(metadata)).toEqual([]);
  });
});

describe('wordStartSpans', () => {
  it('marks whole words that start with a typed word, in any case', () => {
    const text = 'Scheduled deliveries: schedule a delivery';
    expect(render(snippetParts(text, wordStartSpans(text, ['schedul', 'deliver'])))).toBe(
      '[Scheduled] [deliveries]: [schedule] a [delivery]',
    );
  });

  it('never reads a typed word as a pattern', () => {
    expect(wordStartSpans('a.b (*+?[\\ c', ['.', '(*+?[\\', 'a.b'])).toEqual([]);
  });
});

describe('snippetParts', () => {
  it('keeps a short text whole', () => {
    expect(render(snippetParts('Pin a chart', [[0, 3]]))).toBe('[Pin] a chart');
  });

  it('cuts a long text between words around the first match, with … where text was left out', () => {
    const words = Array.from({length: 100}, (_, i) => `word${i}`);
    const text = words.join(' ');
    const at = text.indexOf('word50');
    const parts = snippetParts(text, [[at, 6]], 60);
    const shown = render(parts);
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).toContain('[word50]');
    // Only whole words between the ellipses.
    expect(
      shown
        .slice(1, -1)
        .split(' ')
        .every((w) => /^\[?word\d+\]?$/.test(w)),
    ).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(60 + 2 + 2);
  });

  it('starts at the beginning when the match is there, and ignores spans outside the text', () => {
    const text = `Metrics ${'x '.repeat(200)}`;
    const shown = render(
      snippetParts(
        text,
        [
          [0, 7],
          [9999, 3],
          [-1, 2],
        ],
        40,
      ),
    );
    expect(shown.startsWith('[Metrics]')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('gives markup back as text', () => {
    const text = '<img src=x onerror=alert(1)> metrics';
    expect(snippetParts(text, [[29, 7]])).toEqual([
      {text: '<img src=x onerror=alert(1)> ', mark: false},
      {text: 'metrics', mark: true},
    ]);
  });

  it('marks overlapping spans once', () => {
    expect(
      render(
        snippetParts('environment variables', [
          [0, 11],
          [0, 3],
          [12, 9],
        ]),
      ),
    ).toBe('[environment] [variables]');
  });
});

describe('snippetOf', () => {
  it("prefers lunr's positions (stems) and falls back to the typed words", () => {
    const text = 'Schedule deliveries';
    expect(render(snippetOf(text, {schedul: {t: {position: [[0, 8]]}}}, ['nothing']))).toBe('[Schedule] deliveries');
    expect(render(snippetOf(text, undefined, ['deliv']))).toBe('Schedule [deliveries]');
  });
});
