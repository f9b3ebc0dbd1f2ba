import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

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
 * A fixed-window request counter per key, in this process's memory. It protects against floods from one
 * client; it is deliberately not shared between processes (nothing must happen exactly once here), so with N
 * processes behind a load balancer the effective limit is up to N times `limit`.
 *
 * Its memory is bounded and each request costs O(1): windows sit in a Map in the order they started (a window
 * that restarts moves to the end), so the finished ones are at the front and a few are dropped on each request;
 * past `maxKeys` the oldest window is dropped too, and that key simply starts a new window when it comes back.
 *
 * @example
 * app.post('/api/sessions', rateLimit({ limit: 60, windowMs: 60_000, key: (c) => clientIp(c, 0) }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler & { readonly size: number } {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  const middleware: MiddlewareHandler = async function rateLimitMiddleware(c, next) {
    const t = now();
    // two per request outpace the one a request can add, so finished windows never pile up
    for (let i = 0; i < 2; i++) {
      const oldest = windows.entries().next().value;
      if (!oldest || oldest[1].resetAt > t) break;
      windows.delete(oldest[0]);
    }
    const key = options.key(c);
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
      windows.delete(key);
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
      w = { count: 0, resetAt: t + options.windowMs };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > options.limit) {
      const retryAfter = String(Math.max(1, Math.ceil((w.resetAt - t) / 1000)));
      throw new ApiError(429, API_ERROR.rate_limited, `too many requests, try again in ${retryAfter} s`, undefined, {
        'Retry-After': retryAfter,
      });
    }
    await next();
  };
  // how many windows are kept, for the tests that hold the memory bound
  return Object.defineProperty(middleware, 'size', { get: () => windows.size }) as typeof middleware & {
    readonly size: number;
  };
}
