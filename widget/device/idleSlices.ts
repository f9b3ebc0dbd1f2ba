/**
 * Work on the page's main thread cut into idle slices, so that none of it makes a long task (over 50 ms, what
 * Lighthouse's total blocking time counts). Used by the fingerprint (fingerprintChunk.ts) for its cheap sources.
 */

/** What is left of a slice: `requestIdleCallback`'s deadline, or a stand-in's. */
interface SliceDeadline {
  timeRemaining(): number;
}

/** Waits for the next slice of time the page can spare. */
export type NextSlice = () => Promise<SliceDeadline>;

/**
 * A step starts in the current slice only while this much of it is left: an idle period is at most 50 ms, so a
 * slice's steps end within 50 - 25 ms plus the last step's own time (the fingerprint's main-thread sources each
 * take a few ms at 4x CPU slowdown, bench/RESULTS.md 4d).
 */
export const SLICE_RESERVE_MS = 25;

/** Without `requestIdleCallback` (Safari), a slice is a timer's task given this long. */
const TIMER_SLICE_MS = 10;

/** How long a slice may wait for idle time on a busy page before it runs anyway (it then runs one step). */
const IDLE_TIMEOUT_MS = 500;

/**
 * Runs `steps` in order, in slices from `nextSlice`: the first step of a slice always runs, the next ones only
 * while `reserveMs` of the slice is left. A step's result (a Promise for an asynchronous step) is returned as is,
 * without waiting for it: asynchronous steps go on in parallel, as FingerprintJS runs its asynchronous sources.
 */
export async function runInSlices<T>(
  steps: readonly (() => T)[],
  nextSlice: NextSlice,
  reserveMs = SLICE_RESERVE_MS,
): Promise<T[]> {
  const results: T[] = [];
  let deadline: SliceDeadline | undefined;
  for (const step of steps) {
    if (!deadline || deadline.timeRemaining() < reserveMs) deadline = await nextSlice();
    results.push(step());
  }
  return results;
}

/** The page's next idle period (`requestIdleCallback`, at most IDLE_TIMEOUT_MS away), or a short timer slice. */
export function idleSlice(win: Window): NextSlice {
  return () =>
    new Promise((resolve) => {
      if (typeof win.requestIdleCallback === 'function') {
        win.requestIdleCallback((deadline) => resolve(deadline), { timeout: IDLE_TIMEOUT_MS });
        return;
      }
      win.setTimeout(() => {
        const end = win.performance.now() + TIMER_SLICE_MS;
        resolve({ timeRemaining: () => Math.max(0, end - win.performance.now()) });
      }, 0);
    });
}
