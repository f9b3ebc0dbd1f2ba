import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * CORS for the widget's routes, limited to the shop origins in ALLOWED_ORIGINS. A browser request from any
 * other origin is refused outright (403), not just left without CORS headers, so a page elsewhere cannot even
 * trigger a payment call with a "simple" request.
 */
export function widgetCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  const corsHeaders = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    // DELETE: the shopper removes a saved card (server/checkout/routes/savedCards.ts)
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Authorization', 'X-Client-Secret'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  return async function widgetCorsMiddleware(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      throw new ApiError(403, API_ERROR.forbidden, `origin ${origin} is not allowed (ALLOWED_ORIGINS)`);
    }
    return corsHeaders(c, next);
  };
}
