/**
 * Counts events per key in fixed windows, in this process's memory: what the rate limiter and the bad-signature
 * query throttle both need. Nothing that must happen exactly once depends on it (with N processes a key gets up
 * to N budgets), so it is deliberately not shared between processes.
 *
 * Its memory is bounded and each count costs O(1): windows sit in a Map in the order they started (a window that
 * restarts moves to the end), so the finished ones are at the front and a few are dropped on each count; past
 * `maxKeys` the oldest window is dropped too, and that key simply starts a new window when it comes back.
 */
export function createWindowCounter(options: { windowMs: number; now: () => number; maxKeys?: number }) {
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one event for `key`: its count in the current window (1 for the first) and when that window ends. */
    count(key: string): { count: number; resetAt: number } {
      const t = options.now();
      // two per count outpace the one a count can add, so finished windows never pile up
      for (let i = 0; i < 2; i++) {
        const oldest = windows.entries().next().value;
        if (!oldest || oldest[1].resetAt > t) break;
        windows.delete(oldest[0]);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        windows.delete(key);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        w = { count: 0, resetAt: t + options.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w;
    },
    /** `key`'s count in its current window without counting anything (0 when it has none running). */
    peek(key: string): { count: number; resetAt: number } {
      const w = windows.get(key);
      return w && w.resetAt > options.now() ? w : { count: 0, resetAt: options.now() + options.windowMs };
    },
    /** how many windows are kept, for the tests that hold the memory bound */
    get size() {
      return windows.size;
    },
  };
}
