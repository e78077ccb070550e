import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/content/**/*.test.ts',
      'tests/search/**/*.test.ts',
      'tests/mcp/**/*.test.ts',
    ],
    // Contract compilation and Redocly lint take a few seconds each on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
