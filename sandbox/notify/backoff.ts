/**
 * Retry schedule of notifications (docs/protocol-decisions.md 6): 1 s, 2 s, 4 s, ... doubling, capped at 12 h, for up
 * to 36 h after the event, each delay multiplied by `scale` (SANDBOX_NOTIFY_SCALE) so tests run the schedule in
 * seconds. Jitter spreads retries of many events that failed together over +-20 % of the delay.
 */
export const FIRST_RETRY_MS = 1000;
export const MAX_DELAY_MS = 12 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 36 * 60 * 60 * 1000;
const JITTER = 0.2;

/** Delay before attempt number `failedAttempts + 1`, after `failedAttempts` failures (>= 1). */
export function retryDelayMs(failedAttempts: number, scale: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.max(1, Math.round(jittered * scale));
}

/** True once the event is older than the retry window. */
export function isExpired(createdAt: number, now: number, scale: number): boolean {
  return now - createdAt > GIVE_UP_AFTER_MS * scale;
}
