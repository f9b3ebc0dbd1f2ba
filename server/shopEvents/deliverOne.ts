import { SHOP_EVENT_SIGNATURE_HEADER } from '../../shared/contract/shopEvents';
import type { Config } from '../config';
import type { DeliveryResult } from './shopDeliveries';
import { checkEndpointUrl } from './checkEndpointUrl';
import { signShopEvent } from './signShopEvent';

/** The first characters of an endpoint's answer kept for the owner (enough for an error message, not a page). */
const ANSWER_EXCERPT = 500;

/**
 * POSTs one event's exact JSON to `url`, signed with each of `secrets`, and says how it went: any 2xx is
 * delivered; anything else (another status, a time-out, a refused connection, a redirect: it is not followed)
 * is a failed attempt. In production the URL's host is checked again before each send, since its DNS may have
 * changed since it was registered.
 */
export async function deliverOne(
  target: { url: string; secrets: readonly string[]; eventId: string; body: string },
  config: Pick<Config, 'production' | 'shopEvents'>,
  now: () => Date,
): Promise<Omit<DeliveryResult, 'status' | 'nextAttemptAt'> & { ok: boolean }> {
  const started = now();
  const at = started.toISOString();
  const refused = config.production ? await checkEndpointUrl(target.url, true) : null;
  if (refused) return { ok: false, at, statusCode: null, error: `url ${refused}`, answer: null };
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(config.shopEvents.timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'checkout-shop-events/1',
        'Checkout-Event-Id': target.eventId,
        [SHOP_EVENT_SIGNATURE_HEADER]: signShopEvent(target.secrets, Math.floor(started.getTime() / 1000), target.body),
      },
      body: target.body,
    });
    const text = await res.text().catch(() => '');
    const ok = res.status >= 200 && res.status <= 299;
    return {
      ok,
      at,
      statusCode: res.status,
      error: ok ? null : `HTTP ${res.status}`,
      answer: text.slice(0, ANSWER_EXCERPT) || null,
    };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const reason = err.name === 'TimeoutError' ? `no answer within ${config.shopEvents.timeoutMs} ms` : undefined;
    return { ok: false, at, statusCode: null, error: reason ?? err.cause?.code ?? err.message, answer: null };
  }
}
