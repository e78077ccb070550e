/**
 * The box's searches to the worker (src/search/searchByWorker.ts): typed fast, only the newest text
 * goes to the worker once it is free, so the final text's answer is not queued behind one search per
 * key (issue 46: a fast typist saw an earlier prefix's list for ~1.5 s). The worker is a fake that
 * answers after a delay; tests/e2e/search.spec.ts measures the same in a browser.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

// No analytics endpoint: reportSearch does nothing.
vi.mock('@generated/docusaurus.config', () => ({default: {customFields: {}}}));

const sent: string[] = [];

vi.mock('comlink', () => ({
  wrap: () =>
    class FakeWorker {
      async search(_baseUrl: string, _context: string, input: string) {
        sent.push(input);
        await new Promise((resolve) => setTimeout(resolve, 30));
        return [{document: {i: 1, t: input, u: `/${input}`}, type: 0, score: 1, tokens: [input]}];
      }
    },
}));

beforeEach(() => {
  sent.length = 0;
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubGlobal(
    'Worker',
    class {
      addEventListener() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('searchByWorker', () => {
  it('sends the first text and then only the newest, and every caller gets an answer', async () => {
    const {searchByWorker} = await import('../../src/search/searchByWorker');
    const prefixes = ['d', 'db', 'dbt', 'dbt ', 'dbt p', 'dbt pr', 'dbt pro'];
    const answers = prefixes.map((text) => searchByWorker('/', '', text, 8));
    const results = await Promise.all(answers);
    expect(sent).toEqual(['d', 'dbt pro']);
    // The last text gets its own answer; a passed-over one gets the newer answer (the box ignores it).
    expect(results.at(-1)?.[0].document.t).toBe('dbt pro');
    expect(results.every((list) => list.length === 1)).toBe(true);
  });

  it('a text typed after the answer is sent on its own', async () => {
    const {searchByWorker} = await import('../../src/search/searchByWorker');
    await searchByWorker('/', '', 'metrics', 8);
    await searchByWorker('/', '', 'metric', 8);
    expect(sent).toEqual(['metrics', 'metric']);
  });
});
