import { SHOP_EVENT_TOLERANCE_SECONDS, type ShopEvent } from '../../../shared/contract/shopEvents';
import { ShopEventSignatureError } from './ShopEventSignatureError';

/**
 * What verifyShopEvent.ts (node:crypto, sync) and verifyShopEventAsync.ts (Web Crypto) share: reading the
 * `Checkout-Signature` header, the bytes that are signed, the replay window and the event in the body. No Node
 * builtin here (no Buffer): the Web Crypto variant runs on edge runtimes that have none.
 */

export interface VerifyShopEventOptions {
  /** how far `t` may be from now, either way, in seconds (default 300) */
  toleranceSeconds?: number;
  /** the moment to check `t` against (default: now) */
  now?: Date;
}

/** The exact bytes received: a string is taken as its UTF-8 bytes, a Buffer is a Uint8Array. */
export type RawBody = string | Uint8Array | ArrayBuffer;

const TIMESTAMP = /^\d{1,12}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function bytesOf(body: RawBody): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

/** The secrets given, or a TypeError: with no secret nothing could be checked, and nothing must be accepted. */
export function secretsOf(secrets: string | readonly string[], caller: string): string[] {
  const keys = (typeof secrets === 'string' ? [secrets] : [...secrets]).filter((s) => s.length > 0);
  if (keys.length === 0) throw new TypeError(`${caller}: no secret given`);
  return keys;
}

/** `${t}.` followed by the body's bytes: what each v1 is the HMAC-SHA256 of. */
export function signedBytes(t: number, body: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  return signed;
}

export const noMatch = () => new ShopEventSignatureError('no_match', 'no signature matches the secret: refused');

/** `t` and the v1 signatures as bytes; other schemes (a future v2) are skipped, as the contract allows. */
export function parseSignatureHeader(header: string | null | undefined): { t: number; signatures: Uint8Array[] } {
  const malformed = (why: string) =>
    new ShopEventSignatureError('malformed_header', `Checkout-Signature ${why}: expected t=<unix seconds>,v1=<hex>`);
  if (!header) throw malformed('is missing');
  let t: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (eq < 1) throw malformed(`has a part without "=" (${JSON.stringify(part.slice(0, 20))})`);
    if (key === 't') {
      if (t !== undefined || !TIMESTAMP.test(value)) throw malformed('has a missing, repeated or non-numeric t');
      t = Number(value);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) throw malformed('has a v1 that is not 64 lowercase hex digits');
      signatures.push(Uint8Array.from(value.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)));
    }
  }
  if (t === undefined) throw malformed('has no t');
  if (signatures.length === 0) throw malformed('has no v1');
  return { t, signatures };
}

/** Refuses a `t` further from now than the tolerance: a recorded delivery sent again later. */
export function checkTimestamp(t: number, options: VerifyShopEventOptions): void {
  const tolerance = options.toleranceSeconds ?? SHOP_EVENT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - t) > tolerance) {
    throw new ShopEventSignatureError(
      'replay',
      `signed at ${new Date(t * 1000).toISOString()}, more than ${tolerance} s from now: refused as a replay`,
    );
  }
}

export function parseEvent(body: Uint8Array): ShopEvent {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new ShopEventSignatureError('malformed_body', 'the body is not JSON');
  }
  const e = event as Partial<Record<'id' | 'type' | 'created_at', unknown>> | null;
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || typeof e.created_at !== 'string') {
    throw new ShopEventSignatureError('malformed_body', 'the body is not an event: it needs id, type and created_at');
  }
  return event as ShopEvent;
}
