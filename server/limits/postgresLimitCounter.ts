import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitCounter, LimitSpec, LimitWindow } from './limitCounter';
import { memoryLimitCounter } from './memoryLimitCounter';
import { windowHits } from './windowHits';

/** The table migration 017 creates: rate-limiter-flexible's own layout (key, points, expire). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** The longest key stored as it is; a longer one (a session id from a URL is the client's to choose) is hashed. */
const MAX_PLAIN_KEY = 200;

/**
 * A limit every backend process shares, counted in PostgreSQL in rate-limiter-flexible's table: the events
 * started in one turn of the event loop (a payment's limits per IP and per session, `rateLimit`, and those of the
 * other requests read in that turn) in one upsert of all their keys (`windowHits`: one round trip), a peek by the
 * library's select. Fixed windows, as in memory: the row's `expire` is set when its window starts.
 *
 * Two layers keep PostgreSQL out of the way:
 * - a key this process has seen at its limit is answered from memory until its window ends (exact: in a fixed
 *   window a count only grows), so a flood from one client costs one round trip per process, not one per request;
 *   that memory holds at most `maxKeys` keys, the oldest forgotten first (it then asks PostgreSQL again);
 * - when PostgreSQL fails, the limit is counted in this process's memory meanwhile (`onStoreError` says so): a
 *   limit must never turn a database hiccup into refused payments, nor lift itself.
 *
 * Windows follow the real clock (`Date.now()`, the library's), not a test's moved clock.
 */
export function postgresLimitCounter(
  spec: LimitSpec,
  pool: pg.Pool,
  onStoreError: (error: unknown) => void,
): LimitCounter {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    // one sweep for the whole table (createLimitCounters), not a timer per limit
    clearExpiredByTimeout: false,
    keyPrefix: spec.name,
    points: spec.limit,
    duration: Math.max(1, Math.ceil(spec.windowMs / 1000)),
  });
  // the library's window (whole seconds) and key (`name:key`), so that its `get` reads what `hit` writes
  const windowMs = limiter.duration * 1000;
  const hitWindow = windowHits(pool);
  const maxKeys = spec.maxKeys ?? 100_000;
  /** keys at their limit, with the end of their window; in the order they were added */
  const atLimit = new Map<string, number>();
  const fallback = memoryLimitCounter(spec, Date.now);

  const stored = (key: string) =>
    key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
  function remember(key: string, w: LimitWindow): LimitWindow {
    if (w.count >= spec.limit) {
      atLimit.delete(key);
      if (atLimit.size >= maxKeys) atLimit.delete(atLimit.keys().next().value as string);
      atLimit.set(key, Date.now() + w.msLeft);
    }
    return w;
  }
  /** ms left of `key`'s window when it is known to be at its limit; finished ones at the front are dropped */
  function knownAtLimit(key: string): number {
    const t = Date.now();
    for (let i = 0; i < 2; i++) {
      const oldest = atLimit.entries().next().value;
      if (!oldest || oldest[1] > t) break;
      atLimit.delete(oldest[0]);
    }
    const until = atLimit.get(key);
    return until !== undefined && until > t ? until - t : 0;
  }
  const windowOf = (res: RateLimiterRes): LimitWindow => ({
    count: res.consumedPoints,
    msLeft: Math.max(1, res.msBeforeNext),
  });

  async function count(key: string): Promise<LimitWindow> {
    try {
      const { count, expire } = await hitWindow(limiter.getKey(stored(key)), windowMs);
      return remember(key, { count, msLeft: Math.max(1, expire - Date.now()) });
    } catch (e) {
      onStoreError(e);
      return fallback.hit(key);
    }
  }

  return {
    // synchronous when the key is known at its limit: `rateLimit` then refuses without starting the next limit's hit
    hit(key) {
      const msLeft = knownAtLimit(key);
      return msLeft ? { count: spec.limit + 1, msLeft } : count(key);
    },
    async peek(key) {
      const msLeft = knownAtLimit(key);
      if (msLeft) return { count: spec.limit, msLeft };
      try {
        const res = await limiter.get(stored(key));
        return res ? remember(key, windowOf(res)) : { count: 0, msLeft: spec.windowMs };
      } catch (e) {
        onStoreError(e);
        return fallback.peek(key);
      }
    },
    get size() {
      return atLimit.size + fallback.size;
    },
  };
}
