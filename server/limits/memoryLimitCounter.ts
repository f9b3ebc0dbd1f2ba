import { createWindowCounter } from '../windowCounter';
import type { LimitCounter, LimitSpec } from './limitCounter';

/**
 * A limit counted in this process's memory (`createWindowCounter`: bounded, O(1) per event), on the clock the
 * app is given, so tests move time instead of waiting. The store of a single SQLite process; with several
 * processes each one counts on its own.
 */
export function memoryLimitCounter(spec: LimitSpec, now: () => number): LimitCounter {
  const windows = createWindowCounter({
    windowMs: spec.windowMs,
    now,
    ...(spec.maxKeys === undefined ? {} : { maxKeys: spec.maxKeys }),
  });
  const left = (w: { count: number; resetAt: number }) => ({ count: w.count, msLeft: Math.max(1, w.resetAt - now()) });
  return {
    hit: (key) => left(windows.count(key)),
    peek: (key) => left(windows.peek(key)),
    get size() {
      return windows.size;
    },
  };
}
