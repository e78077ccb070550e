// Suggestions from the first-stage index are searched again once the whole index has loaded
// (src/lib/search/refresh.ts): when, and how the input is nudged. No browser: a fake input.
import {describe, expect, it} from 'vitest';
import {FirstStageRefresh, searchAgain} from '../../src/lib/search/refresh';

describe('FirstStageRefresh', () => {
  it('searches again for the query answered from the first stage, when the input still holds it', () => {
    const refresh = new FirstStageRefresh();
    refresh.answered('embed', true);
    expect(refresh.wholeLoaded('embed')).toBe('embed');
    // Asked once: a second load event does not search again.
    expect(refresh.wholeLoaded('embed')).toBeNull();
  });

  it('does nothing when the last answer came from the whole index or the reader typed on', () => {
    const refresh = new FirstStageRefresh();
    refresh.answered('emb', true);
    refresh.answered('embed', false);
    expect(refresh.wholeLoaded('embed')).toBeNull();
    refresh.answered('emb', true);
    expect(refresh.wholeLoaded('embedding')).toBeNull();
  });

  it('does nothing for an empty input', () => {
    const refresh = new FirstStageRefresh();
    refresh.answered('  ', true);
    expect(refresh.wholeLoaded('  ')).toBeNull();
  });
});

describe('searchAgain', () => {
  it('empties the input and puts its text back, with an input event each time', () => {
    const seen: string[] = [];
    const input = {
      value: 'table calc',
      dispatchEvent(event: Event) {
        seen.push(`${event.type}:${input.value}`);
        return true;
      },
    };
    searchAgain(input);
    expect(seen).toEqual(['input:', 'input:table calc']);
    expect(input.value).toBe('table calc');
  });
});
