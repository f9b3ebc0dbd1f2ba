import type { Context } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/** What a key may be: 1 to 255 visible ASCII characters (a UUID, or a name the caller derives). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's `Idempotency-Key` header: refused with a 400 naming the header when malformed, or when absent
 * and `required`; undefined when absent and optional.
 */
export function readIdempotencyKey(c: Context, required: boolean, meaning: string): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined && !required) return undefined;
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(
      400,
      API_ERROR.invalid_request,
      `Idempotency-Key: a header of 1 to 255 visible ASCII characters is ${required ? 'required' : 'expected when given'}; ${meaning}`,
      [{ path: 'Idempotency-Key', message: required ? 'is required' : 'must be 1 to 255 visible ASCII characters' }],
    );
  }
  return key;
}
