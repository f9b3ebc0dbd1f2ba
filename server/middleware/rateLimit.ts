import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/clientIp';
import type { LimitCounters, LimitWindow } from '../limits/limitCounter';
import { memoryLimitCounter } from '../limits/memoryLimitCounter';

export interface RateLimitOptions {
  /** the limit's name, e.g. `pay-ip`: limits with different names never share a budget */
  name: string;
  /** requests allowed per window and key */
  limit: number;
  windowMs: number;
  /** what is counted, e.g. the client IP; requests with the same key share a budget */
  key: (c: Context) => string;
  /** where it counts: `deps.limits` (shared by every process on PostgreSQL); default this process's memory */
  counters?: LimitCounters;
  /** the clock of the default memory counter */
  now?: () => number;
  /** the most keys kept in memory at once: past it the oldest window is forgotten (default 100,000) */
  maxKeys?: number;
}

/**
 * A fixed-window request counter per key: `limit` requests per window, then 429 with Retry-After until the
 * window ends. It counts where `counters` says (server/limits/): one PostgreSQL table for all backend processes,
 * or this process's memory; either way bounded in memory and O(1) per request.
 *
 * @example
 * app.post('/api/sessions', rateLimit({ name: 'sessions', limit: 60, windowMs: 60_000, key: (c) => clientIp(c, 0), counters: deps.limits }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler & { readonly size: number } {
  return rateLimits([options]);
}

/**
 * A limit per client address (as the configured proxy hops tell it) and minute, counted where the process counts
 * (`deps.limits`: one table on PostgreSQL, memory on SQLite): the shape of every public route's own limit.
 */
export function perClientPerMinute(
  deps: Pick<AppDeps, 'config' | 'limits'>,
  name: string,
  limit: number,
): RateLimitOptions {
  return {
    name,
    limit,
    windowMs: 60_000,
    key: (c) => clientIp(c, deps.config.trustedProxyHops),
    counters: deps.limits,
  };
}

/**
 * Several limits on one route (a payment: per client IP and per session), in the order given: a request over any
 * of them gets 429 with the Retry-After of the first one it is over, as one `rateLimit` after the other did.
 *
 * Their events are counted together, not one after the other: all hits are started in one synchronous run, so
 * on PostgreSQL they go in one statement (server/limits/windowHits.ts, with those of the other requests of the same
 * turn of the event loop), at most one round trip per request instead of one per limit. A limit this process
 * already knows to be exceeded answers at once, and the limits after it are then not counted, as before. The one difference: when only PostgreSQL's answer shows an earlier limit exceeded (its
 * window was filled by other processes), the later limits have counted that refused request too (once per process
 * and window, after which this process knows): stricter, never looser.
 */
export function rateLimits(limits: RateLimitOptions[]): MiddlewareHandler & { readonly size: number } {
  const counted = limits.map((options) => {
    const counters = options.counters ?? ((spec) => memoryLimitCounter(spec, options.now ?? Date.now));
    const counter = counters({
      name: options.name,
      limit: options.limit,
      windowMs: options.windowMs,
      ...(options.maxKeys === undefined ? {} : { maxKeys: options.maxKeys }),
    });
    return { options, counter };
  });
  const middleware: MiddlewareHandler = async function rateLimitMiddleware(c, next) {
    const started: (Promise<LimitWindow> | LimitWindow)[] = [];
    for (const { options, counter } of counted) {
      const w = counter.hit(options.key(c));
      started.push(w);
      // known to be over without asking PostgreSQL: refused now, the limits after it not counted
      if (!(w instanceof Promise) && w.count > options.limit) break;
    }
    const windows = await Promise.all(started);
    const over = windows.find((w, i) => w.count > counted[i]!.options.limit);
    if (over) {
      const retryAfter = String(Math.max(1, Math.ceil(over.msLeft / 1000)));
      throw new ApiError(429, API_ERROR.rate_limited, `too many requests, try again in ${retryAfter} s`, undefined, {
        'Retry-After': retryAfter,
      });
    }
    await next();
  };
  return Object.defineProperty(middleware, 'size', {
    get: () => counted.reduce((sum, { counter }) => sum + counter.size, 0),
  }) as typeof middleware & { readonly size: number };
}
