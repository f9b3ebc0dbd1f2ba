import { randomBytes } from 'node:crypto';
import { hashSecret } from '../ids';

/**
 * Recovery codes: ten one-time codes shown once at enrolment, for a person who lost the phone with the
 * authenticator. 50 random bits each, written `xxxxx-xxxxx` in a base32 alphabet without look-alikes; stored as
 * SHA-256 hashes (random codes need no slow hash) and removed from the list when used.
 */
/** 32 symbols: no i, l, o or 1, which people misread */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
const COUNT = 10;

function oneCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: COUNT }, oneCode);
  return { codes, hashes: codes.map((c) => hashSecret(normalizeRecoveryCode(c))) };
}

/** Spaces, case and the dash do not matter when the person types a code back. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
