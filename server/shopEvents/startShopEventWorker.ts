import type { AppDeps } from '../deps';
import { deliverDueEvents } from './deliverDueEvents';
import { onEventsWritten } from './wakeDeliveries';

/**
 * After being woken, passes run at these delays (ms): the event that woke the worker is written inside a
 * transaction that commits a moment later, so the first pass may not see it yet.
 */
const AFTER_WAKE_MS = [0, 20, 100, 500, 2_000];

/**
 * Delivers the shop's events from the outbox until stopped: a pass when an event is written in this process
 * (promptly, see AFTER_WAKE_MS), and every `config.shopEvents.pollMs` for events written by other processes and
 * retries that came due. Passes never overlap in this process; across processes the claim's lease keeps one
 * delivery with one worker. `stop()` waits for a pass in progress (its sends end within their time-out).
 */
export function startShopEventWorker(deps: Pick<AppDeps, 'store' | 'config' | 'now' | 'log'>): {
  stop(): Promise<void>;
} {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let poll: NodeJS.Timeout | undefined;
  const wakeTimers = new Set<NodeJS.Timeout>();

  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(poll);
    running = deliverDueEvents(deps)
      .then((r) => {
        // a full batch or a fresh fan-out may have left more due right now
        if (r.delivered + r.failed + r.retrying + r.fannedOut > 0) again = true;
        if (r.delivered || r.failed || r.retrying) deps.log.debug(r, 'shop events pass');
      })
      .catch((err: unknown) => deps.log.error({ err }, 'shop events pass failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(pass);
        } else poll = setTimeout(pass, deps.config.shopEvents.pollMs);
      });
  };

  const unsubscribe = onEventsWritten(() => {
    for (const ms of AFTER_WAKE_MS) {
      const t = setTimeout(() => {
        wakeTimers.delete(t);
        pass();
      }, ms);
      wakeTimers.add(t);
    }
  });
  poll = setTimeout(pass, 0);
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(poll);
      for (const t of wakeTimers) clearTimeout(t);
      await running;
    },
  };
}
