import type { FieldError } from '../../../shared/contract/errors';

/** A failed call to the backend: its error envelope, or `network` when no answer came back. */
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
