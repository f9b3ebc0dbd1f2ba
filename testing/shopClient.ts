/**
 * The shop's and the shopper's side of the backend over HTTP, against a backend process or an in-process one: the
 * shop server creates a session with the shop secret, the widget starts a payment, the shopper presses a button on
 * the sandbox's issuer page or types a card on its hosted page. Answers are returned whatever their status where
 * the test judges them; the helpers that only set a scene fail on anything unexpected.
 */
import { randomUUID } from 'node:crypto';
import { payByCard, pressIssuerButton, type Returned } from '../server/gateway/testing/playShopper';
import type { CreateSessionResponse } from '../shared/contract/session';
import { type BackendRef, shopSecretOf, urlOf } from './backendRef';

/** A JSON call to the backend; answers status, headers and the parsed body. */
export async function callJson(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

export const DEMO_CART = {
  amount: '33.00',
  currency: 'USD',
  items: [
    { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 },
    { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1 },
  ],
};

/** A Brazilian order without items: what Pix (BRL, BR) takes. */
export const BR_ORDER = { amount: '10.00', currency: 'BRL', country: 'BR' };

/** `POST /api/sessions` as the shop's server does it, with the shop secret. */
export function postSession(backend: BackendRef, body: unknown, secret = shopSecretOf(backend)) {
  return callJson(`${urlOf(backend)}/api/sessions`, { body, headers: { Authorization: `Bearer ${secret}` } });
}

/** Creates a session for `cart` (the demo cart, USD) with `overrides`, or fails the test. */
export async function createSession(
  backend: BackendRef,
  overrides: Record<string, unknown> = {},
  cart: Record<string, unknown> = DEMO_CART,
): Promise<CreateSessionResponse> {
  const res = await postSession(backend, { ...cart, ...overrides });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreateSessionResponse;
}

/** A complete, valid payment body for `method`; `shopper` and `device` fields can be overridden. */
export function paymentBody(clientSecret: string, method: string, extra: Record<string, unknown> = {}) {
  return {
    client_secret: clientSecret,
    method,
    shopper: {
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '+55 11 91234 5678',
      billing: { country: 'BR', state: 'SP', city: 'São Paulo', address: 'Rua A 1', postal_code: '01000-000' },
    },
    device: {
      os: 'Linux',
      browser: 'Chromium',
      browser_lang: 'pt-BR',
      time_zone: '-3',
      resolution: '1920x1080',
      color_depth: '24',
      cookie_new: 'a=1',
      cookie_old: '',
      device_fingerprint: 'fp-123',
      device_type: 'desktop',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    },
    ...extra,
  };
}

/** `POST /api/sessions/:id/payments` as the widget sends it; answers whatever the backend answers. */
export function startPayment(
  backend: BackendRef,
  session: Pick<CreateSessionResponse, 'id' | 'client_secret'>,
  method: 'pix' | 'card',
  idempotencyKey: string = randomUUID(),
  extra: Record<string, unknown> = {},
) {
  return callJson(`${urlOf(backend)}/api/sessions/${session.id}/payments`, {
    body: paymentBody(session.client_secret, method, extra),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A Pix payment up to the issuer page: the session, and the page's URL (the backend's redirect). */
export async function startPix(
  backend: BackendRef,
  body: Record<string, unknown> = {},
): Promise<{ session: CreateSessionResponse; issuerUrl: string }> {
  const session = await createSession(backend, body, BR_ORDER);
  const res = await startPayment(backend, session, 'pix');
  if (res.status !== 200) throw new Error(`payment not started: ${res.status} ${JSON.stringify(res.body)}`);
  return { session, issuerUrl: res.body.action.url as string };
}

/** The shopper presses Approve; the return redirect is NOT followed (its caller decides whether the shopper gets back). */
export function approveOnIssuerPage(issuerUrl: string): Promise<Returned> {
  return pressIssuerButton(issuerUrl, 'approve');
}

/** The shopper's browser follows the gateway's 303 to the backend's return page. */
export async function followReturn(returned: Returned): Promise<number> {
  const res = await fetch(returned.returnUrl, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** A card payment in USD through the backend's frame and the sandbox's hosted page, with test card `card`, and the shopper's return. */
export async function payCard(
  backend: BackendRef,
  card = '4242424242424242',
  body: Record<string, unknown> = {},
): Promise<{ session: CreateSessionResponse; returned: Returned }> {
  const session = await createSession(backend, { amount: '20.00', currency: 'USD', ...body }, {});
  const res = await startPayment(backend, session, 'card');
  if (res.status !== 200) throw new Error(`payment not started: ${res.status} ${JSON.stringify(res.body)}`);
  const frame = await fetch(res.body.action.url as string);
  if (frame.status !== 200) throw new Error(`card frame: HTTP ${frame.status}`);
  const returned = await payByCard(await frame.text(), card);
  // back on the shop: the backend confirms by query, so the order's state is settled when this returns
  await followReturn(returned);
  return { session, returned };
}

/** A paid Pix order (3000): approved on the issuer page, the shopper back on the shop. */
export async function paidPixOrder(
  backend: BackendRef,
  body: Record<string, unknown> = {},
): Promise<CreateSessionResponse> {
  const { session, issuerUrl } = await startPix(backend, body);
  await followReturn(await approveOnIssuerPage(issuerUrl));
  return session;
}
