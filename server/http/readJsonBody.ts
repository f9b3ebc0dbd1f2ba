import type { Context } from 'hono';
import type { z } from 'zod';
import { API_ERROR, describeFieldErrors, toFieldErrors } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/** The raw JSON body, refused with 415 when it is not JSON and 400 when it does not parse. */
export async function readJson(c: Context): Promise<{ raw: string; value: unknown }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, API_ERROR.unsupported_media_type, 'the body must be JSON (Content-Type: application/json)');
  }
  const raw = await c.req.text();
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw new ApiError(400, API_ERROR.invalid_request, 'the body is not valid JSON');
  }
}

/** Parses `value` with `schema`; a failure is a 400 naming every failing field by its path. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error);
  throw new ApiError(400, API_ERROR.invalid_request, describeFieldErrors(fields), fields);
}
