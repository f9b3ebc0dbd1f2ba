import { z } from 'zod';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/** A page boundary: the sort key of the last row shown. Opaque to the caller, so the key can change freely. */
export interface Boundary {
  at: string;
  id: string;
}

function encodeCursor(boundary: Boundary): string {
  return Buffer.from(JSON.stringify([boundary.at, boundary.id]), 'utf8').toString('base64url');
}

/** Reads a cursor this API handed out; anything else is a 400 naming the `cursor` parameter. */
export function decodeCursor(cursor: string | undefined): Boundary | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && isPlainText(value[0]) && isPlainText(value[1]))
      return { at: value[0], id: value[1] };
  } catch {
    // fall through to the error below
  }
  throw new ApiError(400, API_ERROR.invalid_request, 'cursor: is not a cursor from this API', [
    { path: 'cursor', message: 'is not a cursor from this API' },
  ]);
}

/** A string the store can hold: PostgreSQL text cannot contain U+0000. */
const isPlainText = (v: unknown): v is string => typeof v === 'string' && !v.includes('\u0000');

/** The next page's cursor when the page is full (one extra row was fetched to know). */
export function nextCursor<T>(
  rows: T[],
  limit: number,
  boundary: (row: T) => Boundary,
): { page: T[]; next_cursor: string | null } {
  if (rows.length <= limit) return { page: rows, next_cursor: null };
  const page = rows.slice(0, limit);
  return { page, next_cursor: encodeCursor(boundary(page[page.length - 1]!)) };
}

/** A list's `limit` query parameter: 1 to `max` rows, 50 when not given; a wrong one is a 400 naming it. */
export function pageLimit(max: number) {
  return z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(50);
}
