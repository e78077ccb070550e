/**
 * Suggestions shown from the first-stage index (./indexStages.ts) are asked for again once the whole
 * index has loaded, so the reader sees the whole index's ranking without typing again. Pure (the input
 * is anything with a value and dispatchEvent), so tests/unit/search-refresh.test.ts checks it in node.
 */

/** Something the reader types into: the search box or the search page's input. */
export interface TypedInput {
  value: string;
  dispatchEvent(event: Event): boolean;
}

/** Remembers what was answered from the first stage, to tell when the whole index changes the answer. */
export class FirstStageRefresh {
  /** The query whose suggestions came from the first stage, or null. */
  private pending: string | null = null;

  /** A search for `query` was answered; `fromFirstStage` when the whole index had not loaded yet. */
  answered(query: string, fromFirstStage: boolean): void {
    this.pending = fromFirstStage && query.trim() !== '' ? query : null;
  }

  /**
   * The whole index has loaded: the query to search again, when the suggestions on screen came from the
   * first stage and the reader has not typed on since (`currentQuery`, what the input holds now);
   * otherwise null (the next keystroke searches the whole index anyway). Asked once.
   */
  wholeLoaded(currentQuery: string): string | null {
    const query = this.pending;
    this.pending = null;
    return query !== null && query === currentQuery ? query : null;
  }
}

/**
 * Makes the input's suggestions be searched again for the same text. The plugin's autocomplete
 * searches only when the typed text changes (spaces aside), so the value is emptied and put back, each
 * with the `input` event a keystroke sends; both happen in one task, before the browser paints.
 */
export function searchAgain(input: TypedInput, createEvent: () => Event = () => new Event('input', {bubbles: true})) {
  const value = input.value;
  input.value = '';
  input.dispatchEvent(createEvent());
  input.value = value;
  input.dispatchEvent(createEvent());
}
