import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from './createMetrics';

/**
 * Times every request into `merchant_http_request_duration_seconds`, labelled by the pattern of the route that
 * answered (`/api/sessions/:id/payments`), so the number of series stays bounded whatever paths clients send.
 * A request no route matched carries the pattern of the last middleware it passed, such as `/*`.
 */
export function measureRequests(metrics: Metrics): MiddlewareHandler {
  return async function measureRequestsMiddleware(c, next) {
    const started = performance.now();
    await next();
    metrics.httpRequests.observe(
      { method: c.req.method, route: routePath(c), status: String(c.res.status) },
      (performance.now() - started) / 1000,
    );
  };
}
