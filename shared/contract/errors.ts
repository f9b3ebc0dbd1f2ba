import type { z } from 'zod';

/**
 * The backend's one error envelope: `{error:{code, message, fields?}}` with a 4xx status. A field error names
 * the field by its dotted path (`shopper.billing.country`, `items.1.quantity`).
 */
export interface FieldError {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldError[] };
}

/** Stable error codes of the backend API (the gateway's own codes travel as `gateway_<code>`). */
export const API_ERROR = {
  invalid_request: 'invalid_request',
  unauthorized: 'unauthorized',
  /** sign-in: the password was right, the person's second factor (a TOTP or recovery code) is needed too */
  code_required: 'code_required',
  /**
   * a signed-in person whose session may only set up a second factor (production, none yet) asked for something
   * else: 403, not 401, because the session has not ended
   */
  enrolment_required: 'enrolment_required',
  forbidden: 'forbidden',
  /** a browser request from a page whose origin is not in ALLOWED_ORIGINS (server/middleware/widgetCors.ts) */
  origin_not_allowed: 'origin_not_allowed',
  not_found: 'not_found',
  conflict: 'conflict',
  idempotency_key_reused: 'idempotency_key_reused',
  session_expired: 'session_expired',
  session_completed: 'session_completed',
  payload_too_large: 'payload_too_large',
  unsupported_media_type: 'unsupported_media_type',
  rate_limited: 'rate_limited',
  gateway_error: 'gateway_error',
  gateway_unavailable: 'gateway_unavailable',
  internal: 'internal',
} as const;
export type ApiErrorCode = (typeof API_ERROR)[keyof typeof API_ERROR];

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.') || '(body)';
}

/** zod issues -> field errors, one per issue (one per key for unknown keys), with the dotted path. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    // an unknown key is named as its own field (e.g. `amount` sent with a payment), not as "(body)"
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: fieldPath([...issue.path, key]), message: 'is not allowed' }))
      : [{ path: fieldPath(issue.path), message: issue.message }],
  );
}

/** One human sentence that names the first failing field, for the envelope's `message`. */
export function describeFieldErrors(fields: readonly FieldError[]): string {
  const first = fields[0];
  if (!first) return 'invalid request';
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
  return `${first.path}: ${first.message}${more}`;
}
