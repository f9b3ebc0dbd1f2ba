import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, UTC) or an ISO-8601 moment with its offset, as the owner's filters send them. */
export const dayOrMoment = z
  .string()
  .refine(
    (v) => (DAY.test(v) ? z.iso.date().safeParse(v).success : z.iso.datetime({ offset: true }).safeParse(v).success),
    {
      message: 'must be a date as YYYY-MM-DD or an ISO 8601 time such as 2025-01-31T12:00:00Z',
    },
  );

/** The inclusive lower bound as stored times compare: a day starts at its midnight UTC. */
export function startOf(value: string): string {
  return DAY.test(value) ? `${value}T00:00:00.000Z` : new Date(value).toISOString();
}

/** The exclusive upper bound: a day `to` includes that whole day; a moment is taken as is. */
export function endOf(value: string): string {
  if (!DAY.test(value)) return new Date(value).toISOString();
  const next = new Date(`${value}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}
