import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { LimitCounters } from '../limits/limitCounter';
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
  const counters = options.counters ?? ((spec) => memoryLimitCounter(spec, options.now ?? Date.now));
  const counter = counters({
    name: options.name,
    limit: options.limit,
    windowMs: options.windowMs,
    ...(options.maxKeys === undefined ? {} : { maxKeys: options.maxKeys }),
  });
  const middleware: MiddlewareHandler = async function rateLimitMiddleware(c, next) {
    const w = await counter.hit(options.key(c));
    if (w.count > options.limit) {
      const retryAfter = String(Math.max(1, Math.ceil(w.msLeft / 1000)));
      throw new ApiError(429, API_ERROR.rate_limited, `too many requests, try again in ${retryAfter} s`, undefined, {
        'Retry-After': retryAfter,
      });
    }
    await next();
  };
  return Object.defineProperty(middleware, 'size', { get: () => counter.size }) as typeof middleware & {
    readonly size: number;
  };
}
