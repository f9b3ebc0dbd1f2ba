import { SHOP_EVENT_SIGNATURE_HEADER } from '../../shared/contract/shopEvents';
import type { Config } from '../config';
import { httpTransport, NotPublicAddress, type Transport, TransportTimeout } from '../gateway';
import type { DeliveryResult } from './shopDeliveries';
import { checkEndpointUrl } from './checkEndpointUrl';
import { signShopEvent } from './signShopEvent';

/**
 * The first bytes of an endpoint's answer kept for the owner (enough for an error message, not a page), and all
 * that is ever read of it: the status says whether the event was delivered, and an answer of 300 MiB read whole,
 * three at a time, once killed a backend held to 1 GiB (#33).
 */
const ANSWER_EXCERPT = 500;
/** Read of the answer at most: a few KiB, whatever the endpoint sends or for how long. */
const ANSWER_READ_BYTES = 4 * 1024;

let shared: Transport | undefined;
/** One transport for the process's deliveries (its keep-alive connections), made at the first delivery. */
function defaultTransport(): Transport {
  shared ??= httpTransport();
  return shared;
}

/**
 * POSTs one event's exact JSON to `url`, signed with each of `secrets`, and says how it went: any 2xx is
 * delivered; anything else (another status, a time-out, a refused connection, a redirect: it is not followed)
 * is a failed attempt. Only the status counts: at most ANSWER_READ_BYTES of the answer are read, then the
 * connection is closed. In production the URL must be HTTPS and its host a public address, checked before
 * each send (its DNS may have changed since it was registered), and the connection goes to the address
 * checked (no second resolution between the check and the connect).
 */
export async function deliverOne(
  target: { url: string; secrets: readonly string[]; eventId: string; body: string },
  config: Pick<Config, 'production' | 'shopEvents'>,
  now: () => Date,
  send: Transport = defaultTransport(),
): Promise<Omit<DeliveryResult, 'status' | 'nextAttemptAt'> & { ok: boolean }> {
  const started = now();
  const at = started.toISOString();
  // the scheme and the form of the URL; its address is the transport's to check, on the connection it makes
  const refused = config.production ? await checkEndpointUrl(target.url, true, { resolve: false }) : null;
  if (refused) return { ok: false, at, statusCode: null, error: `url ${refused}`, answer: null };
  try {
    const res = await send({
      method: 'POST',
      url: target.url,
      timeoutMs: config.shopEvents.timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'checkout-shop-events/1',
        'Checkout-Event-Id': target.eventId,
        [SHOP_EVENT_SIGNATURE_HEADER]: signShopEvent(target.secrets, Math.floor(started.getTime() / 1000), target.body),
      },
      body: target.body,
      maxBytes: ANSWER_READ_BYTES,
      readAtMost: ANSWER_READ_BYTES,
      publicAddressOnly: config.production,
    });
    const ok = res.status >= 200 && res.status <= 299;
    return {
      ok,
      at,
      statusCode: res.status,
      error: ok ? null : `HTTP ${res.status}`,
      answer: res.text.slice(0, ANSWER_EXCERPT) || null,
    };
  } catch (e) {
    if (e instanceof NotPublicAddress)
      return { ok: false, at, statusCode: null, error: `url ${e.message}`, answer: null };
    const err = e as Error & { code?: string; cause?: { code?: string } };
    const reason = e instanceof TransportTimeout ? `no answer within ${config.shopEvents.timeoutMs} ms` : undefined;
    return {
      ok: false,
      at,
      statusCode: null,
      error: reason ?? err.code ?? err.cause?.code ?? err.message,
      answer: null,
    };
  }
}
