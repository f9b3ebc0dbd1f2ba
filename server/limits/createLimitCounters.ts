import type { Logger } from '../log';
import type { Store } from '../store';
import type { LimitCounters } from './limitCounter';
import { memoryLimitCounter } from './memoryLimitCounter';
import { postgresLimitCounter, RATE_LIMIT_TABLE } from './postgresLimitCounter';

/** How often finished windows are deleted from the shared table (a key that comes back reuses its row). */
const SWEEP_EVERY_MS = 5 * 60_000;
/** A failing store is reported at most this often, not once per request. */
const WARN_EVERY_MS = 60_000;

export interface LimitCountersHandle {
  counters: LimitCounters;
  /** stops the sweep of the shared table */
  stop(): void;
}

/**
 * Where the rate limits and the failed-authentication throttle count: on PostgreSQL one table that every backend
 * process shares (so a client gets one budget however many processes serve it, README "Rate limits"), on SQLite
 * this process's memory (one process serves a SQLite file; its windows follow the app's clock).
 */
export function createLimitCounters(store: Store, now: () => Date, log: Logger): LimitCountersHandle {
  const { pool } = store;
  if (!pool) return { counters: (spec) => memoryLimitCounter(spec, () => now().getTime()), stop: () => {} };
  let warnedAt = -Infinity;
  const onStoreError = (error: unknown) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'rate limits: PostgreSQL failed, counting in this process meanwhile',
    );
  };
  const sweep = setInterval(() => {
    pool.query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [Date.now()]).catch(onStoreError);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    counters: (spec) => postgresLimitCounter(spec, pool, onStoreError),
    stop: () => clearInterval(sweep),
  };
}
