import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopEvent } from '../../../shared/contract/shopEvents';
import {
  bytesOf,
  checkTimestamp,
  noMatch,
  parseEvent,
  parseSignatureHeader,
  type RawBody,
  secretsOf,
  signedBytes,
  type VerifyShopEventOptions,
} from './signedEvent';

/**
 * Checks a pushed shop event and returns it: the `Checkout-Signature` header (`t=<unix seconds>,v1=<hex>,...`,
 * shared/contract/shopEvents.ts) must carry a v1 equal to HMAC-SHA256 over `${t}.${rawBody}` keyed with one of
 * `secrets` (several while a rolled secret's overlap lasts), and `t` must be within the tolerance of now, which
 * refuses a recorded delivery sent again later. `rawBody` must be the exact bytes received: a body parsed and
 * serialised again differs in spacing and fails. Throws `ShopEventSignatureError`; never returns an unchecked event.
 * Synchronous, through `node:crypto` (Node, Deno, Bun); verifyShopEventAsync.ts is the same check through Web Crypto.
 *
 * @example
 * const event = verifyShopEvent(rawBody, req.headers['checkout-signature'], process.env.SHOP_EVENTS_SECRET);
 */
export function verifyShopEvent(
  rawBody: RawBody,
  signatureHeader: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyShopEventOptions = {},
): ShopEvent {
  const keys = secretsOf(secrets, 'verifyShopEvent');
  const { t, signatures } = parseSignatureHeader(signatureHeader);
  const body = bytesOf(rawBody);
  const signed = signedBytes(t, body);
  // every pair is compared, in constant time each: when a match is found says nothing about which secret it was
  let matched = false;
  for (const key of keys) {
    const expected = createHmac('sha256', key).update(signed).digest();
    for (const given of signatures) if (timingSafeEqual(expected, given)) matched = true;
  }
  if (!matched) throw noMatch();
  checkTimestamp(t, options);
  return parseEvent(body);
}
