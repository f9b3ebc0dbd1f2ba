import type { ShopEvent } from '../../../shared/contract/shopEvents';
import { bytesOf, secretsOf, signedBytes } from './signedEvent';
import { bufferSource, hmacKey } from './hmacKey';

export interface SignedTestEvent {
  /** the body to send, exactly as signed */
  body: string;
  /** the `Checkout-Signature` header's value: `t=<unix seconds>,v1=<hex>` (one v1 per secret) */
  signature: string;
  /** `Content-Type` and `Checkout-Signature`, ready for a fetch or a test request */
  headers: { 'Content-Type': 'application/json'; 'Checkout-Signature': string };
}

/**
 * Signs an event as the backend signs its deliveries (server/shopEvents/signShopEvent.ts: one
 * `v1 = HMAC-SHA256(secret, "${t}.${body}")` per secret), for a shop's own unit tests of its event endpoint: send
 * `body` with `headers` and the endpoint's verifyShopEvent accepts it as a real delivery. `event` may be a string
 * (sent as it is, e.g. to test a body your handler must refuse); `at` moves the signing time (a replay test).
 * Web Crypto: runs wherever verifyShopEventAsync does.
 *
 * @example
 * const { body, headers } = await signTestEvent({ id: 'evt_1', type: 'endpoint.test', created_at: new Date().toISOString() }, SECRET);
 * const res = await app.request('/checkout-events', { method: 'POST', body, headers });
 */
export async function signTestEvent(
  event: ShopEvent | string,
  secrets: string | readonly string[],
  options: { at?: Date } = {},
): Promise<SignedTestEvent> {
  const keys = secretsOf(secrets, 'signTestEvent');
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const t = Math.floor((options.at ?? new Date()).getTime() / 1000);
  const signed = signedBytes(t, bytesOf(body));
  const v1s = await Promise.all(
    keys.map(async (secret) => {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), bufferSource(signed)));
      return `v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    }),
  );
  const signature = [`t=${t}`, ...v1s].join(',');
  return { body, signature, headers: { 'Content-Type': 'application/json', 'Checkout-Signature': signature } };
}
