import type { MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { secretEquals } from '../ids';

/** `Authorization: Bearer <secret>`, compared in constant time. */
export function requireBearer(secret: string, realm: string): MiddlewareHandler {
  return async function requireBearerMiddleware(c, next) {
    const header = c.req.header('authorization') ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!secretEquals(given, secret)) {
      throw new ApiError(
        401,
        API_ERROR.unauthorized,
        `a valid "Authorization: Bearer <${realm}>" header is required`,
        undefined,
        {
          'WWW-Authenticate': `Bearer realm="${realm}"`,
        },
      );
    }
    await next();
  };
}
