import { createHmac } from 'node:crypto';

/**
 * The `Checkout-Signature` header of one delivery (shared/contract/shopEvents.ts): `t=<unix seconds>` and one
 * `v1=<hex HMAC-SHA256 over "${t}.${body}">` per active secret, so a receiver that still has the previous secret
 * during a roll, or already has the new one, accepts the event. The timestamp is signed with the body, so an old
 * delivery replayed later fails the receiver's tolerance.
 */
export function signShopEvent(secrets: readonly string[], t: number, body: string): string {
  const signed = `${t}.${body}`;
  return [`t=${t}`, ...secrets.map((s) => `v1=${createHmac('sha256', s).update(signed, 'utf8').digest('hex')}`)].join(
    ',',
  );
}
