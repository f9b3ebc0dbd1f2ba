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
import { bufferSource, hmacKey } from './hmacKey';

/**
 * verifyShopEvent.ts's check through Web Crypto instead of `node:crypto`, for runtimes without Node's builtins
 * (Cloudflare Workers, Vercel's and Netlify's edge functions, Deno Deploy): the same header, secrets, tolerance,
 * result and `ShopEventSignatureError` reasons. `crypto.subtle.verify` compares in constant time.
 *
 * @example
 * const event = await verifyShopEventAsync(await request.text(), request.headers.get('checkout-signature'), env.SECRET);
 */
export async function verifyShopEventAsync(
  rawBody: RawBody,
  signatureHeader: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyShopEventOptions = {},
): Promise<ShopEvent> {
  const keys = secretsOf(secrets, 'verifyShopEventAsync');
  const { t, signatures } = parseSignatureHeader(signatureHeader);
  const body = bytesOf(rawBody);
  const signed = signedBytes(t, body);
  // every pair is checked, as the sync variant does
  const checks = await Promise.all(
    keys.map(async (secret) => {
      const key = await hmacKey(secret, 'verify');
      return Promise.all(
        signatures.map((given) => crypto.subtle.verify('HMAC', key, bufferSource(given), bufferSource(signed))),
      );
    }),
  );
  if (!checks.flat().includes(true)) throw noMatch();
  checkTimestamp(t, options);
  return parseEvent(body);
}
