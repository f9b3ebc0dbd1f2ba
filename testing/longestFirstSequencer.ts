/**
 * The order in which `vitest run` starts the test files: the longest first, whatever their project. With two files
 * at a time, a file that takes a minute and starts last keeps one core busy alone for that minute; started first, it
 * runs beside many short ones. Vitest's own order puts the projects one after another by name (browser, dom,
 * processes, unit) and a project's files by size, so the 1,000-order bulk test (a short file, in `unit`) came last.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the tests of each file over 10 s took in one run of the CI script on a fresh clone (2026-11-28 05:38Z, a 2-core
 * machine: the `(N tests) <ms>` of each file's line in Vitest's output); only their order is used. A file not listed
 * counts as 0 s (it runs after these, the larger files first). Refresh it when a file gets long.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = Object.fromEntries([
  ['server/operations/bulk1000.test.ts', 169],
  ['e2e/reliability/crashRefundBatch.postgres.test.ts', 76],
  ['e2e/reliability/crashRefundBatch.sqlite.test.ts', 59],
  ['e2e/admin/adminPage.test.ts', 55],
  ['e2e/accessibility.test.ts', 53],
  ['e2e/reliability/fuzzRoutes.test.ts', 53],
  ['e2e/journeys/neverStuck.test.ts', 44],
  ['server/operations/bulkActions.test.ts', 39],
  ['e2e/journeys/cardFrameOnPhone.test.ts', 36],
  ['e2e/journeys/neverPayTwice.test.ts', 36],
  ['e2e/journeys/sampleDialect.test.ts', 32],
  ['e2e/journeys/review.test.ts', 32],
  ['e2e/reliability/ownerActionFaults.test.ts', 32],
  ['e2e/journeys/apm.test.ts', 31],
  ['e2e/journeys/localesThemes.test.ts', 29],
  ['e2e/reliability/twoProcesses.test.ts', 28],
  ['e2e/reliability/ownerConnectionFaults.test.ts', 28],
  ['e2e/reliability/paymentFaults.test.ts', 28],
  ['e2e/reliability/securityInbound.test.ts', 27],
  ['e2e/journeys/crossOrigin.test.ts', 23],
  ['e2e/admin/productionSignIn.test.ts', 22],
  ['server/disputes/routes/adminDisputes.test.ts', 21],
  ['e2e/journeys/cardCaptureRefund.test.ts', 21],
  ['e2e/journeys/notificationTiming.test.ts', 21],
  ['scripts/migrate.test.ts', 19],
  ['e2e/journeys/pendingCard.test.ts', 19],
  ['e2e/admin/readingIt.test.ts', 18],
  ['server/main.test.ts', 18],
  ['e2e/journeys/threeDSecure.test.ts', 17],
  ['e2e/journeys/readmeEmbed.test.ts', 17],
  ['e2e/packages/packages.test.ts', 15],
  ['e2e/reliability/refundLifecycle.test.ts', 15],
  ['scripts/cliEvents.test.ts', 14],
  ['server/shutdown/twoProcesses.test.ts', 14],
  ['e2e/journeys/declineRetry.test.ts', 14],
  ['server/payouts/payouts.test.ts', 13],
  ['server/reconcile/backoff.test.ts', 13],
  ['server/shopEvents/shopEventsProcesses.test.ts', 13],
  ['e2e/reliability/crashPayment.test.ts', 12],
  ['e2e/journeys/phoneCard.test.ts', 12],
  ['server/checkout/routes/payments.test.ts', 12],
  ['e2e/fingerprint.test.ts', 11],
  ['server/shopEvents/deliveryLimits.test.ts', 11],
  ['e2e/admin/phoneLayout.test.ts', 11],
  ['e2e/reliability/securityAccess.test.ts', 11],
  ['e2e/reliability/notificationFaults.test.ts', 11],
  ['e2e/journeys/reconcile.test.ts', 10],
  ['server/reconcile/reconcile.test.ts', 10],
  ['e2e/fields.test.ts', 10],
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
