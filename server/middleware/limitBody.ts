import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * Refuses a body over `maxBytes` with 413 in the API's error envelope, before it is read into memory. The rest
 * of that body is never read, so the connection cannot carry another request: `Connection: close` says so
 * (a kept-alive client would otherwise send its next request into a socket that is being torn down).
 *
 * A body with a Content-Length (what browsers and shop servers send) is judged by that header: Node's HTTP
 * parser never reads past it, and the body stays on @hono/node-server's fast path (reading `c.req.raw.body`, as
 * Hono's `bodyLimit` does, builds a WHATWG Request and stream for every request). A chunked body is counted as
 * it streams in, by `bodyLimit`.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const tooLarge = (): never => {
    throw new ApiError(413, API_ERROR.payload_too_large, `the body must be at most ${maxBytes} bytes`, undefined, {
      Connection: 'close',
    });
  };
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxBytes) tooLarge();
      return next();
    }
    return streamed(c, next);
  };
}
