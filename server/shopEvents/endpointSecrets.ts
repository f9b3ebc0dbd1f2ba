import { cardTokenSeal } from '../store';
import { newSecret } from '../ids';

/** One signing secret of an endpoint as stored: sealed (never in clear), with the end of its overlap once rolled. */
export interface StoredSecret {
  sealed: string;
  created_at: string;
  /** null: the current secret; set: rolled, still signing until then */
  expires_at: string | null;
}

/**
 * The endpoint secrets' seal: the backend must sign with them, so they are kept sealed (AES-256-GCM, the
 * saved cards' scheme) rather than hashed, under a key derived from TOKEN_KEY for this use only, so that a copy of
 * the database alone does not let anyone forge events.
 */
export function endpointSecretSeal(tokenKey: string) {
  return cardTokenSeal(`${tokenKey}\u0000shop endpoint secrets`);
}

/** A new endpoint secret `whsec_...`, shown once. */
export function newEndpointSecret(): string {
  return newSecret('whsec');
}

/** The secrets that still sign at `now`, newest first. */
export function activeSecrets(stored: readonly StoredSecret[], now: Date): StoredSecret[] {
  return stored.filter((s) => s.expires_at === null || Date.parse(s.expires_at) > now.getTime());
}

/**
 * After a roll: the new secret first, the previous current one kept until `now + overlapHours` (0: at once),
 * secrets already expired dropped.
 */
export function rollSecrets(
  stored: readonly StoredSecret[],
  sealedNew: string,
  now: Date,
  overlapHours: number,
): StoredSecret[] {
  const until = new Date(now.getTime() + overlapHours * 3_600_000).toISOString();
  const kept = activeSecrets(stored, now)
    .map((s) => (s.expires_at === null ? { ...s, expires_at: until } : s))
    .filter((s) => overlapHours > 0 && Date.parse(s.expires_at ?? until) > now.getTime());
  return [{ sealed: sealedNew, created_at: now.toISOString(), expires_at: null }, ...kept];
}
