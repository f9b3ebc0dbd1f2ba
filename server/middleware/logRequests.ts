import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log';

/** One log line per request: method, path (never the query, which can carry signatures), status, time. */
export function logRequests(log: Logger): MiddlewareHandler {
  return async function logRequestsMiddleware(c, next) {
    const started = performance.now();
    await next();
    log.info(
      { requestId: c.get('requestId' as never), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}
