import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes drawn from the system's CSPRNG a page at a time and handed out once each: one `randomBytes`
 * call per id cost 1 % of the backend's time under load (bench/RESULTS.md), as Node's own `randomUUID` found.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function randomBytesOnce(n: number): Buffer {
  if (used + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}

/** A random, URL-safe identifier such as `ses_Xk2...` (16 random bytes: unguessable, no coordination needed). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytesOnce(16).toString('base64url')}`;
}

/** 32 random bytes, URL-safe: an unguessable one-time token (a card frame link's). */
export function newToken(): string {
  return randomBytesOnce(32).toString('base64url');
}

/** A bearer secret (32 random bytes) shown once to its owner; only its hash is stored. */
export function newSecret(prefix: string): string {
  return `${prefix}_${newToken()}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Constant-time check of a presented secret against a stored hash or a configured secret. Both sides are hashed
 * first, so the comparison has a fixed length and its time says nothing about the secret.
 */
export function secretMatchesHash(given: string | undefined, storedHash: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(Buffer.from(hashSecret(given), 'hex'), Buffer.from(storedHash, 'hex'));
}

export function secretEquals(given: string | undefined, expected: string): boolean {
  return secretMatchesHash(given, hashSecret(expected));
}
