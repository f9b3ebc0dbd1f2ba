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
 * Constant-time equality of two hex signatures (any case), for the batch, refund-search and payout answers
 * whose encryption_data is the request's own value, echoed (PROTOCOL.md 3).
 */
export function sameSignature(given: unknown, sent: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given.toLowerCase().padEnd(64, '\0').slice(0, 64), 'utf8');
  const b = Buffer.from(sent.toLowerCase().padEnd(64, '\0').slice(0, 64), 'utf8');
  return timingSafeEqual(a, b) && given.length === sent.length;
}

/**
 * Constant-time check of `signature` (hex, any case) against the expected one for each of `signKeys` (several
 * keys are accepted during a key rotation). A signature of the wrong length or with non-hex characters fails
 * without a timing difference that depends on its content.
 */
export function verify(
  kind: SignedMessage,
  message: Readonly<Record<string, unknown>>,
  signature: unknown,
  signKeys: string | readonly string[],
  profile?: GatewayProfile,
): boolean {
  if (typeof signature !== 'string') return false;
  const given = Buffer.from(signature.toLowerCase().padEnd(64, '\0').slice(0, 64), 'utf8');
  const lengthOk = signature.length === 64;
  let ok = false;
  for (const key of typeof signKeys === 'string' ? [signKeys] : signKeys) {
    const expected = Buffer.from(sign(kind, message, key, profile), 'utf8');
    // evaluate every key, so the time does not say which one matched
    ok = timingSafeEqual(given, expected) || ok;
  }
  return ok && lengthOk;
}
