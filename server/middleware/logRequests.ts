import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../deps';
import type { Logger, RequestLogFields } from '../log';

/**
 * Gives each request its child logger (`c.var.log`, bound to the request id) and one closing line: method, path
 * (never the query, which can carry signatures), route, status, time.
 */
export function logRequests(log: Logger): MiddlewareHandler<AppEnv> {
  return async function logRequestsMiddleware(c, next) {
    const started = performance.now();
    const fields: RequestLogFields = { requestId: c.get('requestId') };
    c.set('log', log.child(fields));
    await next();
    c.get('log').info(
      {
        method: c.req.method,
        path: c.req.path,
        route: routePath(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}

/**
 * Adds what a handler learned about the request (the order it is about) to every later line of its child logger,
 * the closing `request` line included.
 */
export function addLogFields(c: Context<AppEnv>, fields: Omit<RequestLogFields, 'requestId'>): void {
  const known = Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Omit<RequestLogFields, 'requestId'>;
  if (Object.keys(known).length === 0) return;
  c.set('log', c.get('log').child(known));
}
