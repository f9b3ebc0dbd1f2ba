import type { AppDeps } from '../deps';
import { reconcileOnce } from './reconcileOnce';

/**
 * Runs a reconcile pass every `config.reconcile.intervalMs` until stopped. Passes never overlap in this process
 * (the next is scheduled when one ends) nor across processes (reconcileOnce's lock). `stop()` waits for a pass
 * in progress, so a shutdown does not cut one in half.
 */
export function startReconcileLoop(deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config' | 'metrics'>): {
  stop(): Promise<void>;
} {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = reconcileOnce(deps)
      .then((r) => {
        deps.metrics.reconcileRuns.inc({ result: r.ran ? 'ran' : 'skipped' });
        for (const result of ['checked', 'applied', 'closed', 'errors'] as const)
          deps.metrics.reconcileAttempts.inc({ result }, r[result]);
        if (r.checked || r.errors) deps.log.info(r, 'reconcile pass');
      })
      .catch((err: unknown) => {
        deps.metrics.reconcileRuns.inc({ result: 'failed' });
        deps.log.error({ err }, 'reconcile pass failed');
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, deps.config.reconcile.intervalMs);
      });
  };
  timer = setTimeout(tick, deps.config.reconcile.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
