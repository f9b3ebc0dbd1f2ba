import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payout's request_id (a UUID, the gateway's idempotency key) for the owner's Idempotency-Key: the key
 * itself when it is a UUID, else a name-based UUID (RFC 9562 version 8, from SHA-256) of it. The same key
 * always gives the same request_id, so a retry can only reach the payout already made.
 */
export function requestIdFor(idempotencyKey: string): string {
  if (UUID.test(idempotencyKey)) return idempotencyKey.toLowerCase();
  const hex = createHash('sha256').update(`payout:${idempotencyKey}`, 'utf8').digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
