import { createHash } from 'node:crypto';

/**
 * SHA-256 of a request as JSON with sorted keys: the same request written in another key order hashes the same,
 * so an Idempotency-Key can be held to the one request it was first used for.
 */
export function hashRequest(value: unknown): string {
  const canonical = JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
  return createHash('sha256').update(canonical).digest('hex');
}
