import type { Context } from 'hono';
import { API_ERROR, describeFieldErrors, type ErrorBody, type FieldError } from '../../shared/contract/errors';

/** The sandbox's test controls answer a wrong field as the backend does: 400 in the envelope, naming each field. */
export function invalid(c: Context, fields: FieldError[]): Response {
  const body: ErrorBody = { error: { code: API_ERROR.invalid_request, message: describeFieldErrors(fields), fields } };
  return c.json(body, 400);
}

/** An order, payment, refund or dispute the control names does not exist. */
export function notFound(c: Context, message: string): Response {
  const body: ErrorBody = { error: { code: API_ERROR.not_found, message } };
  return c.json(body, 404);
}
