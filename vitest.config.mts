import {defineConfig} from 'vitest/config';

const ALL = [
  'tests/unit/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/content/**/*.test.ts',
  'tests/search/**/*.test.ts',
  'tests/mcp/**/*.test.ts',
  'tests/repo/**/*.test.ts',
];

/**
 * Files that replace modules (vi.mock) or globals (vi.stubGlobal: window, navigator, fetch, location)
 * for their whole run. They get a fresh module registry and globals each, as vitest gives by default.
 */
const ISOLATED = [
  'tests/unit/analytics.test.ts',
  'tests/unit/PageFeedback.test.ts',
  // tests/search/pluginSearch.ts: the search plugin's client code with its generated constants mocked.
  // Sharing one registry between these files fails: the mocks are set up when a file first imports. The
  // search's own unit tests live in the same folder (src/search/README.md) and run isolated with them.
  'tests/search/**/*.test.ts',
  'tests/mcp/search.test.ts',
];

export default defineConfig({
  test: {
    // Contract compilation and Redocly lint take a few seconds each on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'threads',
    projects: [
      {
        // The other files share each worker's modules: the contract, its Ajv schemas, the build's
        // indexes and the MDX parser are loaded once a worker instead of once a file. Measured, the
        // whole run alone: 110 → 72–81 CPU-seconds, 88 → 57–64 s (worker threads: forks took 82).
        // What they share is read-only: loadContract() freezes the contract it caches.
        extends: true,
        test: {name: 'shared', include: ALL, exclude: ISOLATED, isolate: false},
      },
      {extends: true, test: {name: 'isolated', include: ISOLATED}},
    ],
  },
});
