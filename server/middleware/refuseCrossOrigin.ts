import type { MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection of the admin API for browsers (issue #22): a state-changing request that does not carry an
 * `Authorization` header and does carry the session `cookie`, or is one of the `ambient` routes (sign-in, where the
 * credentials are in the body), must come from the admin page's own origin, PUBLIC_URL's: its `Origin` header
 * must be that origin, or, where a browser sends no Origin, `Sec-Fetch-Site` must say `same-origin`. A request
 * with neither is refused too: every browser this page supports sends one of them, so only a non-browser client
 * would omit both, and those use bearer keys. A request with no credential at all goes on to its plain 401.
 *
 * Bearer requests are exempt: a page on another site cannot make a browser attach an `Authorization` header to a
 * cross-origin request without a CORS preflight, which the admin API never grants. Hono's `csrf` middleware checks
 * form content types only, relying on JSON needing a preflight; this checks every method and type, so a future
 * route that reads a form, or a browser quirk, cannot open a hole.
 */
export function refuseCrossOrigin(publicUrl: string, options: { cookie: RegExp; ambient: RegExp }): MiddlewareHandler {
  const own = new URL(publicUrl).origin;
  return async function refuseCrossOriginMiddleware(c, next) {
    if (SAFE.has(c.req.method) || c.req.header('authorization') !== undefined) return next();
    if (!options.cookie.test(c.req.header('cookie') ?? '') && !options.ambient.test(c.req.path)) return next();
    const origin = c.req.header('origin');
    const sameOrigin = origin !== undefined ? origin === own : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) {
      throw new ApiError(
        403,
        API_ERROR.forbidden,
        `a request signed in by cookie must come from the admin page (${own}); scripts send an API key instead`,
      );
    }
    await next();
  };
}
