import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode, FieldError } from '../shared/contract/errors';

/** An error meant for the API caller: mapped to `{error:{code, message, fields?}}` by the one error mapper. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** extra response headers, e.g. Retry-After */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
