import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './testing/longestFirstSequencer.ts';

/** e2e files that drive Chromium from the reliability folder; the rest of that folder only starts processes. */
const BROWSER_RELIABILITY = [
  'e2e/reliability/securityAccess.test.ts',
  'e2e/reliability/securityFrame.test.ts',
  'e2e/reliability/securityInjection.test.ts',
];

// One runner, four projects, two files at a time (the machine's cores):
// - unit: node tests of shared/, server/, sandbox/, scripts/, packages/node/, ... Files of one worker share their imported modules
//   (isolate: false), which halves their CPU: no test here may leave state in a module (each starts its own
//   servers and stores).
// - dom: the widget's, admin page's and browser packages' (packages/js, packages/react) tests. Their files share
//   a worker's modules and its one document (happy-dom) too (isolate: false), half the wall time of a fresh module
//   graph and document per file: each file starts with no cookie and empty storage (testing/setupDomTests.ts),
//   and a test resets anything else it relies on in the document before it runs.
// - processes: e2e files that start the backend and the sandbox as processes (crash, restart, faults, two
//   processes) but no browser.
// - browser: e2e files that drive Chromium, each with its own backend process and in-process sandbox, and the
//   worker's one Chromium (e2e/harness/launchBrowser.ts), a context per test.
// The e2e projects share their worker processes' modules too (isolate: false): each file starts and stops its own
// servers, so a worker process only saves the second file its start, its imports and a browser launch.
// Every wait in them is for a condition, bounded generously, never a fixed time (README, Development, has the
// suite's times).
// Browser and process files share a globalSetup that builds the bundles once, when the sources are newer than dist/.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // the widget's stylesheet is imported with `?url` (widget/theme/injectStylesheet.ts): processed, it has a URL
    // in tests as in the build
    css: { include: [/widget\/theme\/widget\.css/] },
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, the whole suite in a row.
    // Two, the cores: the suite is CPU-bound, and three took 723 s against two's 660 s on one tree (README, Development)
    maxWorkers: 2,
    // the longest files start first, across the projects (testing/longestFirstSequencer.ts)
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,server,sandbox,scripts,bench,testing,packages/node}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          isolate: false,
          include: ['{widget,admin,packages/js,packages/react}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude],
          setupFiles: ['testing/setupDomTests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          isolate: false,
          include: ['e2e/reliability/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER_RELIABILITY],
          globalSetup: ['e2e/harness/buildBundles.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          isolate: false,
          include: ['e2e/*.test.ts', 'e2e/{admin,harness,journeys,packages}/**/*.test.ts', ...BROWSER_RELIABILITY],
          globalSetup: ['e2e/harness/buildBundles.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
