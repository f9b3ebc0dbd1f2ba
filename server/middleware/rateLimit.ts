import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { createWindowCounter } from '../windowCounter';

export interface RateLimitOptions {
  /** requests allowed per window and key */
  limit: number;
  windowMs: number;
  /** what is counted, e.g. the client IP; requests with the same key share a budget */
  key: (c: Context) => string;
  now?: () => number;
  /** the most keys kept at once: past it the oldest window is forgotten (default 100,000) */
  maxKeys?: number;
}

/**
 * A fixed-window request counter per key (`createWindowCounter`: in this process's memory, bounded, O(1) per
 * request). It protects against floods from one client; with N processes behind a load balancer the effective
 * limit is up to N times `limit`.
 *
 * @example
 * app.post('/api/sessions', rateLimit({ limit: 60, windowMs: 60_000, key: (c) => clientIp(c, 0) }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler & { readonly size: number } {
  const now = options.now ?? Date.now;
  const windows = createWindowCounter({
    windowMs: options.windowMs,
    now,
    ...(options.maxKeys === undefined ? {} : { maxKeys: options.maxKeys }),
  });
  const middleware: MiddlewareHandler = async function rateLimitMiddleware(c, next) {
    const w = windows.count(options.key(c));
    if (w.count > options.limit) {
      const retryAfter = String(Math.max(1, Math.ceil((w.resetAt - now()) / 1000)));
      throw new ApiError(429, API_ERROR.rate_limited, `too many requests, try again in ${retryAfter} s`, undefined, {
        'Retry-After': retryAfter,
      });
    }
    await next();
  };
  return Object.defineProperty(middleware, 'size', { get: () => windows.size }) as typeof middleware & {
    readonly size: number;
  };
}
