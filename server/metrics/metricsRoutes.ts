import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { bearerCredentials } from '../team';
import { authenticate, requirePermission } from '../team';

/**
 * `GET /metrics` on the main port, behind the admin token. With METRICS_PORT set the metrics are served there
 * instead (`serveMetrics`), and this route does not exist, so they never reach the public listener.
 */
export function metricsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  if (deps.config.metrics.port !== null) return app;
  return app.get(
    '/',
    authenticate(bearerCredentials(deps), 'admin token'),
    requirePermission('metrics.read'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.body(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType });
    },
  );
}
