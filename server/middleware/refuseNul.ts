import type { MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { NUL_MESSAGE } from '../http/readJsonBody';

/**
 * Refuses U+0000 in the URL (an id in the path, a filter in the query) with a 400 naming where it was, before a
 * route passes it to the store: PostgreSQL text cannot hold it, and no id or filter has a use for it. JSON
 * bodies are checked field by field when they are read (`readJson`).
 */
export function refuseNul(): MiddlewareHandler {
  return async function refuseNulMiddleware(c, next) {
    // a NUL reaches the path or the query only as `%00` or as itself: a URL with neither is not parsed at all
    const raw = c.req.url;
    if (!raw.includes('%00') && !raw.includes('\u0000')) return next();
    const url = new URL(raw);
    if (/%00/i.test(url.pathname) || url.pathname.includes('\u0000')) {
      throw new ApiError(400, API_ERROR.invalid_request, `path: ${NUL_MESSAGE}`, [
        { path: 'path', message: NUL_MESSAGE },
      ]);
    }
    for (const [name, value] of url.searchParams) {
      if (name.includes('\u0000') || value.includes('\u0000')) {
        throw new ApiError(400, API_ERROR.invalid_request, `${name}: ${NUL_MESSAGE}`, [
          { path: name, message: NUL_MESSAGE },
        ]);
      }
    }
    await next();
  };
}
