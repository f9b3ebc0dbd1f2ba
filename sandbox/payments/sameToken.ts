import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of a page token (hashing first makes the lengths equal). */
export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
