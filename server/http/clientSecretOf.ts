import type { Context } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * The session's client secret as the widget sends it outside a JSON body: the X-Client-Secret header, or a Bearer
 * one. A secret in the query string is refused rather than ignored: URLs end up in access logs, proxies and history.
 */
export function clientSecretOf(c: Pick<Context, 'req'>): string | undefined {
  if (c.req.query('client_secret') !== undefined) {
    throw new ApiError(
      401,
      API_ERROR.unauthorized,
      'the client_secret must not be in the URL: send it in the X-Client-Secret header',
    );
  }
  const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  return c.req.header('x-client-secret') ?? bearer;
}
