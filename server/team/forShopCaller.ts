import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { bearerOf } from './authenticate';

/**
 * Runs `middleware` only when the shop's server, not the widget, reads session `:id`. `GET /api/sessions/:id`
 * serves both: the widget sends the session's client secret (in `X-Client-Secret`, or as a Bearer), the shop's
 * server its key or `SHOP_SECRET` as a Bearer. A client secret names its session (`<session id>_secret_...`,
 * server/checkout/createSession.ts), so any other Bearer is a shop credential, to be authenticated as one: a wrong key is
 * a 401 (and counts as a failed guess), not the widget's 404.
 */
export function forShopCaller(middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async function forShopCallerMiddleware(c, next) {
    if (isShopCaller(c)) return middleware(c, next);
    await next();
  };
}

function isShopCaller(c: Context<AppEnv>): boolean {
  if (c.req.header('x-client-secret') !== undefined || c.req.query('client_secret') !== undefined) return false;
  const bearer = bearerOf(c);
  return bearer !== undefined && !bearer.startsWith(`${c.req.param('id')}_secret_`);
}
