import { configDefaults, defineConfig } from 'vitest/config';

// One runner for unit, integration and browser tests, in two projects. Unit and integration tests (real servers on
// free loopback ports) run first, files in parallel across the machine's cores. Browser tests (e2e/) run after
// them, one file at a time: each file starts its own sandbox, backend and Chromium, and two of those at once on
// a 2-core machine would only make each slower and their time-outs flaky. Their globalSetup builds the bundles
// once, when the sources are newer than dist/.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // the widget's stylesheet is imported with `?url` (widget/theme/injectStylesheet.ts): processed, it has a URL
    // in tests as in the build
    css: { include: [/widget\/theme\/widget\.css/] },
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,server,sandbox,widget,admin,client,scripts,bench,testing}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.{ts,tsx}'],
          globalSetup: ['e2e/harness/buildBundles.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
