import type { ErrorBody, FieldError } from './errors';

/**
 * A failed call to the backend as its clients see it (the widget, the admin page, the command line): the error
 * envelope's code, message and field errors, or code `network` with status 0 when no answer came back. The
 * backend's own thrown error is server/apiError.ts.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }

  /** Worth sending again with the same Idempotency-Key: nothing definite came back. */
  get retryable(): boolean {
    return (
      this.code === 'network' ||
      this.status === 502 ||
      this.status === 503 ||
      this.status === 504 ||
      this.code === 'conflict'
    );
  }
}

/**
 * The ApiError of a non-2xx answer: the error envelope's code, message and field errors, or `otherwise` when the
 * body is not an envelope (a proxy's HTML page, an empty body).
 */
export function apiErrorOf(status: number, body: unknown, otherwise: { code: string; message: string }): ApiError {
  const error = (body as Partial<ErrorBody> | null | undefined)?.error;
  if (typeof error?.code !== 'string') return new ApiError(status, otherwise.code, otherwise.message);
  return new ApiError(
    status,
    error.code,
    typeof error.message === 'string' ? error.message : error.code,
    Array.isArray(error.fields) ? error.fields : [],
  );
}
