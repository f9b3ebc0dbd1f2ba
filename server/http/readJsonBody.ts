import type { Context } from 'hono';
import type { z } from 'zod';
import { API_ERROR, describeFieldErrors, fieldPath, toFieldErrors } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/** The raw JSON body, refused with 415 when it is not JSON and 400 when it does not parse. */
export async function readJson(c: Context): Promise<{ raw: string; value: unknown }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, API_ERROR.unsupported_media_type, 'the body must be JSON (Content-Type: application/json)');
  }
  const raw = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    throw new ApiError(400, API_ERROR.invalid_request, 'the body is not valid JSON');
  }
  const nul = pathOfNul(raw, value);
  if (nul)
    throw new ApiError(400, API_ERROR.invalid_request, `${nul}: ${NUL_MESSAGE}`, [{ path: nul, message: NUL_MESSAGE }]);
  return { raw, value };
}

/** No text field has a use for U+0000, and PostgreSQL text cannot store it: refused up front, by field. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * The dotted path of the first string (or key) holding U+0000, if any. In JSON text U+0000 can only be written
 * as the escape `\u0000`, so most bodies skip the walk; the walk is iterative, as a body may nest deeply.
 */
function pathOfNul(raw: string, value: unknown): string | undefined {
  if (!raw.includes('\\u0000')) return undefined;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return fieldPath(path);
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push({ value: item, path: [...path, i] });
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return fieldPath([...path, key]);
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** Parses `value` with `schema`; a failure is a 400 naming every failing field by its path. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error);
  throw new ApiError(400, API_ERROR.invalid_request, describeFieldErrors(fields), fields);
}
