import type { CreatePaymentBody } from '../../shared/contract/payment';
import type { CreateSessionResponse } from '../../shared/contract/session';
import { DEMO_DEFAULTS } from '../../server/config';
import { mapConcurrent } from './mapConcurrent';

/** The shop origin startBackend allows besides its own (ALLOWED_ORIGINS): the widget's requests carry it. */
const SHOP_ORIGIN = 'http://shop.test';

export interface BenchSession extends CreateSessionResponse {
  amount: string;
  currency: string;
}

/** The shop server's call: one checkout session (the cart of the demo shop) per call. */
export async function createSession(backendUrl: string, amount = '25.00'): Promise<BenchSession> {
  const res = await fetch(`${backendUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` },
    body: JSON.stringify({
      amount,
      currency: 'USD',
      items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: amount, quantity: 1 }],
      country: 'US',
      return_url: 'https://shop.example/thanks',
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/sessions answered ${res.status}: ${text.slice(0, 300)}`);
  return { ...(JSON.parse(text) as CreateSessionResponse), amount, currency: 'USD' };
}

/** `count` sessions, created ahead of a timed window (a session can be paid once). */
export function createSessions(backendUrl: string, count: number, concurrency = 8): Promise<BenchSession[]> {
  return mapConcurrent(Array.from({ length: count }), concurrency, () => createSession(backendUrl));
}

/** What the widget sends to pay by card: a complete shopper and the device data it collects. */
function cardPaymentBody(clientSecret: string): CreatePaymentBody {
  return {
    client_secret: clientSecret,
    method: 'card',
    shopper: {
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '+1 415 555 0100',
      billing: { country: 'US', state: 'CA', city: 'San Francisco', address: '1 Market St', postal_code: '94105' },
    },
    device: {
      os: 'Linux',
      browser: 'Chrome 131',
      browser_lang: 'en-US',
      time_zone: '-8',
      resolution: '1920x1080',
      color_depth: '24',
      cookie_new: 'ck_new_0123456789abcdef',
      cookie_old: 'ck_old_0123456789abcdef',
      device_fingerprint: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      device_type: 'desktop',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    },
  };
}

let keys = 0;
/** The request the widget makes for one payment of `session` (a fresh Idempotency-Key each time). */
export function paymentRequest(session: Pick<CreateSessionResponse, 'id' | 'client_secret'>) {
  return {
    path: `/api/sessions/${session.id}/payments`,
    method: 'POST' as const,
    headers: {
      'Content-Type': 'application/json',
      Origin: SHOP_ORIGIN,
      'Idempotency-Key': `bench-${process.pid}-${++keys}`,
    },
    body: JSON.stringify(cardPaymentBody(session.client_secret)),
  };
}

/** Pays `session` by card through the backend; returns the payment id and the iframe URL. */
export async function payByCard(
  backendUrl: string,
  session: Pick<CreateSessionResponse, 'id' | 'client_secret'>,
): Promise<{ payment_id: string; url: string }> {
  const r = paymentRequest(session);
  const res = await fetch(`${backendUrl}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${r.path} answered ${res.status}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as { payment_id: string; action: { url: string } };
  return { payment_id: answer.payment_id, url: answer.action.url };
}
