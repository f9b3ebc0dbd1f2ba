/**
 * Node-only half of the signature rules: SHA-256 and the constant-time compare. Kept apart from
 * `signature.ts` so the browser bundle never pulls in `node:crypto`. Imported by server/ and sandbox/ only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { GatewayProfile } from './profile';
import { stringToSign, type SignedMessage } from './signature';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** encryption_data for `message` of `kind`, signed with the account's case-sensitive `signKey`. */
export function sign(
  kind: SignedMessage,
  message: Readonly<Record<string, unknown>>,
  signKey: string,
  profile?: GatewayProfile,
): string {
  return sha256Hex(stringToSign(kind, message, profile) + signKey);
}

/**
 * A signature is 64 hex characters (any case). Anything else is refused before any comparison: the constant-time
 * compare needs buffers of equal byte length, and a non-ASCII string would otherwise make it throw.
 */
const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;

/**
 * Constant-time equality of two hex signatures (any case), for the batch, refund-search and payout answers
 * whose encryption_data is the request's own value, echoed (docs/protocol-decisions.md 3).
 */
export function sameSignature(given: unknown, sent: string): boolean {
  if (typeof given !== 'string' || !HEX_SIGNATURE.test(given) || !HEX_SIGNATURE.test(sent)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'utf8'), Buffer.from(sent.toLowerCase(), 'utf8'));
}

/**
 * Constant-time check of `signature` (hex, any case) against the expected one for each of `signKeys` (several
 * keys are accepted during a key rotation). A signature that is not 64 hex characters fails before any compare.
 */
export function verify(
  kind: SignedMessage,
  message: Readonly<Record<string, unknown>>,
  signature: unknown,
  signKeys: string | readonly string[],
  profile?: GatewayProfile,
): boolean {
  if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  let ok = false;
  for (const key of typeof signKeys === 'string' ? [signKeys] : signKeys) {
    const expected = Buffer.from(sign(kind, message, key, profile), 'utf8');
    // evaluate every key, so the time does not say which one matched
    ok = timingSafeEqual(given, expected) || ok;
  }
  return ok;
}
