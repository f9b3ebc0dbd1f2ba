import { bodyLimit } from 'hono/body-limit';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * Refuses a body over `maxBytes` with 413 in the API's error envelope, before it is read into memory. The rest
 * of that body is never read, so the connection cannot carry another request: `Connection: close` says so
 * (a kept-alive client would otherwise send its next request into a socket that is being torn down).
 */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, API_ERROR.payload_too_large, `the body must be at most ${maxBytes} bytes`, undefined, { Connection: 'close' });
    },
  });
}
