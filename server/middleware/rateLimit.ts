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
}

/**
 * A fixed-window request counter per key, in this process's memory. It protects against floods from one
 * client; it is deliberately not shared between processes (nothing must happen exactly once here), so with N
 * processes behind a load balancer the effective limit is up to N times `limit`.
 *
 * @example
 * app.post('/api/sessions', rateLimit({ limit: 60, windowMs: 60_000, key: (c) => clientIp(c, 0) }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async function rateLimitMiddleware(c, next) {
    const t = now();
    // forget finished windows now and then, so the map stays as small as the set of active clients
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    const key = options.key(c);
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
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
}
