import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHOP_EVENT_TOLERANCE_SECONDS, type ShopEvent } from '../shared/contract/shopEvents';
import { ShopEventSignatureError } from './ShopEventSignatureError';

export interface VerifyShopEventOptions {
  /** how far `t` may be from now, either way, in seconds (default 300) */
  toleranceSeconds?: number;
  /** the moment to check `t` against (default: now) */
  now?: Date;
}

const TIMESTAMP = /^\d{1,12}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Checks a pushed shop event and returns it: the `Checkout-Signature` header (`t=<unix seconds>,v1=<hex>,...`,
 * shared/contract/shopEvents.ts) must carry a v1 equal to HMAC-SHA256 over `${t}.${rawBody}` keyed with one of
 * `secrets` (several while a rolled secret's overlap lasts), and `t` must be within the tolerance of now, which
 * refuses a recorded delivery sent again later. `rawBody` must be the exact bytes received: a body parsed and
 * serialised again differs in spacing and fails. Throws `ShopEventSignatureError`; never returns an unchecked event.
 *
 * @example
 * const event = verifyShopEvent(rawBody, req.headers['checkout-signature'], process.env.SHOP_EVENTS_SECRET);
 */
export function verifyShopEvent(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secrets: string | readonly string[],
  options: VerifyShopEventOptions = {},
): ShopEvent {
  const keys = (typeof secrets === 'string' ? [secrets] : [...secrets]).filter((s) => s.length > 0);
  if (keys.length === 0) throw new TypeError('verifyShopEvent: no secret given');
  const { t, signatures } = parseHeader(signatureHeader);

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  // every pair is compared, in constant time each: when a match is found says nothing about which secret it was
  let matched = false;
  for (const key of keys) {
    const expected = createHmac('sha256', key).update(`${t}.`, 'utf8').update(body).digest();
    for (const given of signatures) if (timingSafeEqual(expected, given)) matched = true;
  }
  if (!matched) throw new ShopEventSignatureError('no_match', 'no signature matches the secret: refused');

  const tolerance = options.toleranceSeconds ?? SHOP_EVENT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - t) > tolerance) {
    throw new ShopEventSignatureError(
      'replay',
      `signed at ${new Date(t * 1000).toISOString()}, more than ${tolerance} s from now: refused as a replay`,
    );
  }
  return parseEvent(body);
}

/** `t` and the v1 signatures as bytes; other schemes (a future v2) are skipped, as the contract allows. */
function parseHeader(header: string | undefined): { t: number; signatures: Buffer[] } {
  const malformed = (why: string) =>
    new ShopEventSignatureError('malformed_header', `Checkout-Signature ${why}: expected t=<unix seconds>,v1=<hex>`);
  if (!header) throw malformed('is missing');
  let t: number | undefined;
  const signatures: Buffer[] = [];
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
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === undefined) throw malformed('has no t');
  if (signatures.length === 0) throw malformed('has no v1');
  return { t, signatures };
}

function parseEvent(body: Buffer): ShopEvent {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ShopEventSignatureError('malformed_body', 'the body is not JSON');
  }
  const e = event as Partial<Record<'id' | 'type' | 'created_at', unknown>> | null;
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || typeof e.created_at !== 'string') {
    throw new ShopEventSignatureError('malformed_body', 'the body is not an event: it needs id, type and created_at');
  }
  return event as ShopEvent;
}
