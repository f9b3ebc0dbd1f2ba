/**
 * The order in which `vitest run` starts the test files: the longest first, whatever their project. With two files
 * at a time, a file that takes a minute and starts last keeps one core busy alone for that minute; started first, it
 * runs beside many short ones. Vitest's own order puts the projects one after another by name (browser, dom,
 * processes, unit) and a project's files by size, so the 1,000-order bulk test (a short file, in `unit`) came last.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the longest files took in one run of the whole suite (`npx vitest run --reporter=json
 * --outputFile=run.json`, then each file's endTime - startTime), on a busy machine: only their order is used. A file
 * not listed counts as 0 s (it runs after these, the larger files first). Refresh it when a file gets long.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = Object.fromEntries([
  ['server/operations/bulk1000.test.ts', 485],
  ['e2e/reliability/crashRefundBatch.postgres.test.ts', 300],
  ['e2e/reliability/crashRefundBatch.sqlite.test.ts', 300],
  ['server/operations/bulkActions.test.ts', 292],
  ['e2e/reliability/fuzzRoutes.test.ts', 231],
  ['server/team/routes/signInLimits.test.ts', 220],
  ['e2e/admin/adminPage.test.ts', 114],
  // not in that run (added after it): its own runs took 101 to 146 s at that load
  ['e2e/packages/packages.test.ts', 120],
  ['e2e/reliability/paymentFaults.test.ts', 105],
  ['e2e/reliability/ownerActionFaults.test.ts', 86],
  ['e2e/reliability/crashPayout.test.ts', 83],
  ['e2e/accessibility.test.ts', 79],
  ['e2e/reliability/ownerConnectionFaults.test.ts', 74],
  ['server/main.test.ts', 71],
  ['server/team/routes/adminAccount.test.ts', 64],
  ['e2e/journeys/sampleDialect.test.ts', 61],
  ['e2e/reliability/securityInbound.test.ts', 59],
  ['server/shopEvents/shopEventsProcesses.test.ts', 56],
  ['e2e/reliability/twoProcesses.test.ts', 55],
  ['server/shutdown/twoProcesses.test.ts', 55],
  ['server/shopEvents/deliveryLimits.test.ts', 52],
  ['e2e/reliability/crashPayment.test.ts', 52],
  ['e2e/journeys/cardFrameOnPhone.test.ts', 47],
  ['widget/components/CheckoutApp.test.tsx', 46],
  ['server/reconcile/backoff.test.ts', 43],
  ['e2e/admin/productionSignIn.test.ts', 42],
  ['scripts/migrate.test.ts', 41],
  ['e2e/journeys/localesThemes.test.ts', 39],
  ['e2e/journeys/neverPayTwice.test.ts', 39],
  ['server/notifications/routes/hooks.test.ts', 37],
  ['server/checkout/routes/payments.test.ts', 35],
  ['server/disputes/disputeConformance.test.ts', 33],
  ['e2e/reliability/refundLifecycle.test.ts', 31],
  ['e2e/journeys/apm.test.ts', 31],
  ['e2e/reliability/paymentConnectionFaults.test.ts', 31],
  ['server/shutdown/shutdown.test.ts', 31],
  ['server/reconcile/reconcile.test.ts', 29],
  ['server/disputes/routes/adminDisputes.test.ts', 29],
  ['e2e/journeys/readmeEmbed.test.ts', 27],
  ['e2e/journeys/crossOrigin.test.ts', 27],
  ['server/refunds/refundNotifications.test.ts', 26],
  ['server/payouts/payouts.test.ts', 25],
  ['server/admin/roleMatrix.test.ts', 25],
  ['testing/startBackendProcess.test.ts', 25],
  ['e2e/journeys/cardCaptureRefund.test.ts', 25],
  ['scripts/cli.test.ts', 25],
  ['server/operations/bulkKeys.test.ts', 24],
  ['e2e/journeys/notificationTiming.test.ts', 22],
  ['server/operations/journal.test.ts', 22],
  ['e2e/reliability/sandboxRestart.test.ts', 20],
  ['admin/pages/Orders.test.tsx', 20],
  ['server/checkout/routes/sessions.test.ts', 20],
  ['e2e/reliability/notificationFaults.test.ts', 20],
  ['server/reconcile/reconcileOnce.test.ts', 19],
  ['server/shopEvents/shopEvents.test.ts', 19],
  ['server/checkout/savedCardLastUsed.test.ts', 18],
  ['server/notifications/returnLinkReplay.test.ts', 16],
  ['scripts/gatewayCheck.test.ts', 16],
  ['e2e/journeys/pendingCard.test.ts', 16],
  ['testing/startSandboxProcess.test.ts', 16],
  ['server/checkout/paymentOrderSources.test.ts', 15],
  ['e2e/reliability/securityAccess.test.ts', 15],
  ['server/checkout/replayAnswer.test.ts', 15],
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
