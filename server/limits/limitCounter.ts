/** A key's count in its current window and how long that window still runs. */
export interface LimitWindow {
  count: number;
  /** milliseconds until the window ends and the key starts afresh (at least 1) */
  msLeft: number;
}

/**
 * Counts events per key in fixed windows, for the rate limits and the failed-authentication throttle. Where it
 * counts is the store's business: this process's memory (`memoryLimitCounter`, SQLite: one process), or one
 * table every backend process shares (`postgresLimitCounter`), so that N processes do not give a client N budgets.
 */
export interface LimitCounter {
  /** counts one event for `key`: its count in the current window (1 for the first) */
  hit(key: string): Promise<LimitWindow> | LimitWindow;
  /** `key`'s count without counting anything (0 when no window runs) */
  peek(key: string): Promise<LimitWindow> | LimitWindow;
  /** keys this process keeps in memory, for the tests that hold the memory bound */
  readonly size: number;
}

/** What a limit is: its name (part of every key it stores), how many events per key and window, the window. */
export interface LimitSpec {
  name: string;
  limit: number;
  windowMs: number;
  /** the most keys kept in this process's memory at once (default 100,000) */
  maxKeys?: number;
}

/** Makes the counter of one limit; `deps.limits` in the app, chosen by the store (`createLimitCounters`). */
export type LimitCounters = (spec: LimitSpec) => LimitCounter;
