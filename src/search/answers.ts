/**
 * Answers already given by the search worker (./worker.ts), by index address, limit and input, while the
 * same index is loaded: a reader who deletes a letter, or starts the next query with the same letters,
 * gets them at once. The first letter or two of a word are the slowest searches (a prefix that matches
 * most words of the index). An answer from the first stage is not reused once the whole index is in.
 */
import type {LoadedIndexes, SearchResult} from './types';

type Search = (loaded: LoadedIndexes, input: string, limit: number) => SearchResult[];

export class AnswerCache {
  private readonly kept = new Map<string, {loaded: LoadedIndexes; results: SearchResult[]}>();

  /** `size`: past it the cache is emptied, so a long session does not grow it without end. */
  constructor(
    private readonly search: Search,
    private readonly size = 500,
  ) {}

  answer(address: string, loaded: LoadedIndexes, input: string, limit: number): SearchResult[] {
    const key = `${address}\n${limit}\n${input}`;
    const kept = this.kept.get(key);
    if (kept?.loaded === loaded) return kept.results;
    const results = this.search(loaded, input, limit);
    if (this.kept.size >= this.size) this.kept.clear();
    this.kept.set(key, {loaded, results});
    return results;
  }
}
