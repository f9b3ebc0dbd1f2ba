import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords at rest: scrypt (memory-hard, in node:crypto, no native add-on) with a fresh 16-byte salt per hash.
 * The cost parameters are stored with each hash (`scrypt$N$r$p$salt$hash`), so raising them later needs no
 * migration: old hashes keep verifying with their own parameters. N = 2^15, r = 8 takes 32 MiB and about 0.1 s a
 * check on a server core (0.2 s measured on this shared 2-core machine), which is what makes a stolen table slow to guess and is why sign-in is throttled.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

/** A hash of `password` at the production cost, or at N = `n` (tests only: `Config.people.passwordScryptN`). */
export async function hashPassword(password: string, n = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for any malformed hash. Compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** one dummy hash per cost: the production one, and in tests the cheaper one their backends hash with */
const dummies = new Map<number, Promise<string>>();

/**
 * A hash of nothing anyone knows, checked when the e-mail is unknown (or the account has no password yet), so
 * that such a sign-in costs the same scrypt work as a real one and its time does not tell who has an account.
 * `n` is the cost the backend hashes passwords with (`hashPassword`).
 */
export function dummyPasswordHash(n = N): Promise<string> {
  let dummy = dummies.get(n);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), n);
    dummies.set(n, dummy);
  }
  return dummy;
}
