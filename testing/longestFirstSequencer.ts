/**
 * The order in which `vitest run` starts the test files: the longest first, whatever their project. With two files
 * at a time, a file that takes a minute and starts last keeps one core busy alone for that minute; started first, it
 * runs beside many short ones. Vitest's own order puts the projects one after another by name (browser, dom,
 * processes, unit) and a project's files by size, so the 1,000-order bulk test (a short file, in `unit`) came last.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the tests of each file over 8 s took in one run of the CI script on a fresh clone (2026-11-28 10:04Z, a 2-core
 * machine: the `(N tests) <ms>` of each file's line in Vitest's output); only their order is used. A file not listed
 * counts as 0 s (it runs after these, the larger files first). Refresh it when a file gets long.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = Object.fromEntries([
  ['server/operations/bulk1000.test.ts', 78],
  ['e2e/reliability/crashRefundBatch.postgres.test.ts', 50],
  ['e2e/reliability/crashRefundBatch.sqlite.test.ts', 28],
  ['e2e/journeys/sampleDialect.test.ts', 25],
  ['e2e/reliability/ownerConnectionFaults.test.ts', 24],
  ['e2e/reliability/ownerActionFaults.test.ts', 23],
  ['e2e/reliability/fuzzRoutes.test.ts', 21],
  ['e2e/reliability/paymentFaults.test.ts', 21],
  ['server/disputes/routes/adminDisputes.test.ts', 20],
  ['e2e/packages/packages.test.ts', 18],
  ['e2e/journeys/neverStuck.test.ts', 17],
  ['e2e/accessibility.test.ts', 16],
  ['e2e/reliability/securityInbound.test.ts', 16],
  ['server/operations/bulkActions.test.ts', 15],
  ['e2e/admin/adminPage.test.ts', 15],
  ['scripts/cliEvents.test.ts', 13],
  ['e2e/journeys/review.test.ts', 11],
  ['server/payouts/payouts.test.ts', 11],
  ['e2e/journeys/apm.test.ts', 11],
  ['e2e/journeys/cardFrameOnPhone.test.ts', 11],
  ['e2e/journeys/notificationTiming.test.ts', 10],
  ['e2e/journeys/localesThemes.test.ts', 10],
  ['e2e/journeys/pendingCard.test.ts', 9],
  ['e2e/journeys/cardCaptureRefund.test.ts', 9],
  ['e2e/reliability/crashPayment.test.ts', 9],
  ['scripts/migrate.test.ts', 9],
  ['e2e/journeys/crossOrigin.test.ts', 8],
  ['e2e/journeys/neverPayTwice.test.ts', 8],
]);

/** `paths` longest first by `EXPECTED_SECONDS`; files not listed after them, larger first (`sizeOf`, in bytes). */
export function longestFirst<T>(items: readonly T[], pathOf: (item: T) => string, sizeOf: (item: T) => number): T[] {
  const seconds = (item: T) => EXPECTED_SECONDS[pathOf(item)] ?? 0;
  return [...items].sort((a, b) => seconds(b) - seconds(a) || sizeOf(b) - sizeOf(a));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const pathOf = (spec: TestSpecification) => relative(root, spec.moduleId);
    const sizeOf = (spec: TestSpecification) =>
      this.ctx.cache.getFileStats(`${spec.project.name}:${pathOf(spec)}`)?.size ?? 0;
    return longestFirst(files, pathOf, sizeOf);
  }
}
