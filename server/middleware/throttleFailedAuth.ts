import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { LimitCounters } from '../limits/limitCounter';
import { memoryLimitCounter } from '../limits/memoryLimitCounter';

export interface FailedAuthOptions {
  /** failed authentications (answers 401) allowed per key and window */
  limit: number;
  windowMs: number;
  /** who is counted: the client IP */
  key: (c: Context) => string;
  /** where it counts: `deps.limits` (shared by every process on PostgreSQL); default this process's memory */
  counters?: LimitCounters;
  /** the clock of the default memory counter */
  now?: () => number;
  /**
   * whether a 401 answer to this request counts as a failure (default: every one). A request that presented no
   * credential at all (the admin page asking whether it is signed in) guesses nothing.
   */
  isAttempt?: (c: Context) => boolean;
  /**
   * requests never refused while their address is throttled (default: none): a signed-in person's cookie (a
   * random 256-bit secret, nothing to guess) must keep working when someone else behind the same address guessed
   */
  passes?: (c: Context) => boolean;
}

/**
 * Makes guessing a Bearer secret impractical: each key (client IP) may fail authentication `limit` times per
 * fixed window, on every route this one middleware guards together; after that every request of it is answered
 * 429 with Retry-After until the window ends, before any credential is looked at.
 *
 * The right secret is refused too while its IP is throttled. Letting it through would mean comparing every
 * guess, and the answer (429 or 200) would tell the guesser when a guess was right. The lock-out is bounded by
 * the window (it never grows with more requests), so an owner who mistyped, or shares an IP with a guesser,
 * waits at most one window. On PostgreSQL the failures are counted in one table for all backend processes (a
 * guesser gets one budget however many processes there are), at the price of one read per guarded request
 * (none once this process knows the IP is throttled) and one write per failure.
 */
export function throttleFailedAuth(options: FailedAuthOptions): MiddlewareHandler {
  const counters = options.counters ?? ((spec) => memoryLimitCounter(spec, options.now ?? Date.now));
  const failures = counters({ name: 'auth-failures', limit: options.limit, windowMs: options.windowMs });
  return async function throttleFailedAuthMiddleware(c, next) {
    const key = options.key(c);
    const seen = options.passes?.(c) ? { count: 0, msLeft: 0 } : await failures.peek(key);
    if (seen.count >= options.limit) {
      const retryAfter = String(Math.max(1, Math.ceil(seen.msLeft / 1000)));
      throw new ApiError(
        429,
        API_ERROR.rate_limited,
        `too many failed authentications from this address, try again in ${retryAfter} s`,
        undefined,
        { 'Retry-After': retryAfter },
      );
    }
    await next();
    if (c.res.status === 401 && (options.isAttempt?.(c) ?? true)) await failures.hit(key);
  };
}
