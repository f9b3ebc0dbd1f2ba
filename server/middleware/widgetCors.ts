import type { MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * CORS for the widget's routes, limited to the shop origins in ALLOWED_ORIGINS. A browser request from any
 * other origin is refused outright (403 `origin_not_allowed`), not just left without CORS headers, so a page
 * elsewhere cannot even trigger a payment call with a "simple" request. That refusal reaches the page's script as
 * a bare network failure (no CORS headers), so `GET /api/origin` says it readably to any origin: 204 for an
 * allowed origin (or none), else the same 403 with `Access-Control-Allow-Origin: *`; the widget asks it after a
 * failed call and tells its shop's developer "not in ALLOWED_ORIGINS" instead of "check your connection".
 */
export function widgetCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async function widgetCorsMiddleware(c, next) {
    const origin = c.req.header('origin');
    const check = c.req.path === '/api/origin' && c.req.method === 'GET';
    if (check) c.header('Access-Control-Allow-Origin', '*');
    if (origin !== undefined && !allowed.has(origin)) {
      throw new ApiError(
        403,
        API_ERROR.origin_not_allowed,
        `this page's origin ${origin} is not in ALLOWED_ORIGINS of the checkout backend; its operator must add it`,
      );
    }
    if (check) return c.body(null, 204);
    // the headers go on before the route answers (c.header), never onto c.res: touching c.res before the answer,
    // as hono/cors does, makes Hono rebuild the answer as a WHATWG Response with a stream body, and
    // @hono/node-server then sends it through its slow stream path (a tenth of the CPU of a payment)
    if (origin !== undefined) c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    c.header('Vary', 'Origin');
    if (c.req.method !== 'OPTIONS') return next();
    // a preflight: answered here, whatever the route
    c.header('Access-Control-Max-Age', '600');
    c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
    c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
    c.header('Vary', 'Access-Control-Request-Headers', { append: true });
    return c.body(null, 204);
  };
}

// DELETE: the shopper removes a saved card (server/checkout/routes/savedCards.ts)
const ALLOW_METHODS = 'GET,POST,DELETE,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Idempotency-Key,Authorization,X-Client-Secret';
const EXPOSE_HEADERS = 'X-Request-Id,Retry-After';
