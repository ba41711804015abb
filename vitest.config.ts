import { defineConfig } from 'vitest/config';

// Four projects: pure domain rules, the API contract, web components (jsdom) and server/API tests on a real
// PostgreSQL (PGlite by default, the server in TEST_DATABASE_URL when set).
// Two workers: the machine has two cores and each PGlite instance costs ~0.8 GB.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/strict-console.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['src/contract/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/strict-console.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/strict-console.ts', 'tests/setup/jsdom-css.ts'],
          // A pane's first test loads its lazy chunks in jsdom (2–3 s alone); on 2 busy cores
          // that can pass 5 s. Waits inside tests keep their own shorter timeouts.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/process/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/setup/db-global.ts'],
          setupFiles: ['tests/setup/strict-console.ts'],
          // Files in one worker share one database (see tests/setup/db-global.ts); tests that
          // change data make their own merchants instead of resetting the shared one.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
