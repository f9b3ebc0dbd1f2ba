/**
 * The shop's and the shopper's side of a payment over HTTP, against any backend URL (in-process or a process):
 * the shop server creates a session with the shop secret, the widget starts a payment, the shopper presses a
 * button on the sandbox's issuer page or types a card on its hosted page. Reliability tests use these to make
 * real payments the faults can then hit.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_DEFAULTS } from '../../../server/config';
import { payByCard, pressIssuerButton, type Returned } from '../../../server/gateway/testing/playShopper';
import { callJson, paymentBody } from '../../../server/testing/shopClient';

export interface StartedSession {
  id: string;
  client_secret: string;
  order_no: string;
}

/** `POST /api/sessions` with the demo shop secret; fails the test on anything but 201. */
export async function openSession(backendUrl: string, body: Record<string, unknown> = {}): Promise<StartedSession> {
  const res = await callJson(`${backendUrl}/api/sessions`, {
    body: { amount: '10.00', currency: 'BRL', country: 'BR', ...body },
    headers: { Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` },
  });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as StartedSession;
}

/** `POST /api/sessions/:id/payments` as the widget sends it; answers whatever the backend answers. */
export function startPayment(
  backendUrl: string,
  session: StartedSession,
  method: 'pix' | 'card',
  idempotencyKey = randomUUID(),
  extra: Record<string, unknown> = {},
) {
  return callJson(`${backendUrl}/api/sessions/${session.id}/payments`, {
    body: paymentBody(session.client_secret, method, extra),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A Pix payment up to the issuer page: the session, and the page's URL (the backend's redirect). */
export async function startPix(
  backendUrl: string,
  body: Record<string, unknown> = {},
): Promise<{ session: StartedSession; issuerUrl: string }> {
  const session = await openSession(backendUrl, body);
  const res = await startPayment(backendUrl, session, 'pix');
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
  backendUrl: string,
  card = '4242424242424242',
  body: Record<string, unknown> = {},
): Promise<{ session: StartedSession; returned: Returned }> {
  const session = await openSession(backendUrl, { amount: '20.00', currency: 'USD', country: undefined, ...body });
  const res = await startPayment(backendUrl, session, 'card');
  if (res.status !== 200) throw new Error(`payment not started: ${res.status} ${JSON.stringify(res.body)}`);
  const frame = await fetch(res.body.action.url as string);
  if (frame.status !== 200) throw new Error(`card frame: HTTP ${frame.status}`);
  const returned = await payByCard(await frame.text(), card);
  // back on the shop: the backend confirms by query, so the order's state is settled when this returns
  await followReturn(returned);
  return { session, returned };
}

/** A paid Pix order (3000): approved on the issuer page, the shopper back on the shop. */
export async function paidPixOrder(backendUrl: string, body: Record<string, unknown> = {}): Promise<StartedSession> {
  const { session, issuerUrl } = await startPix(backendUrl, body);
  await followReturn(await approveOnIssuerPage(issuerUrl));
  return session;
}
