import { ApiError } from '../../shared/contract/ApiError';
import type { CheckoutError } from './types';

/** Any failure as the onError payload; a throw from the shop's own callback is reported as `callback_failed`. */
export function toCheckoutError(error: unknown): CheckoutError {
  if (error instanceof ApiError)
    return { code: error.code, message: error.message, ...(error.fields.length ? { fields: error.fields } : {}) };
  return { code: 'callback_failed', message: error instanceof Error ? error.message : String(error) };
}
