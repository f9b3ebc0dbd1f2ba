import { ApiError } from './api/client';

/** A sentence for the owner from any failure; the API's own message when there is one. */
export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : 'Something went wrong. Try again.';
}
