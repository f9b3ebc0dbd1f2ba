import { ApiError } from '../../../shared/contract/ApiError';

/**
 * A failed call of the typed client: the backend's error envelope (`{error:{code, message, fields?}}`) as
 * `status`, `code`, `message` and `fields` (each naming a field by its dotted path, e.g. `items.0.unit_price`).
 * No answer at all (a refused connection, the time-out) is status 0 with code `network`; `retryable` says whether
 * sending the same call again is worth it.
 */
export class CheckoutApiError extends ApiError {
  override name = 'CheckoutApiError';
}
