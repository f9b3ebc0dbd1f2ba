/**
 * Many paid orders, made the way shoppers make them but without a browser (a bulk test needs 120, not 120
 * journeys): the shop server creates a session, the widget's payment call picks Pix, the issuer page's Approve
 * is posted, and the shopper's return is followed to the backend. Pix settles at once (paid, 3000).
 */
import { formAction, hiddenInputs } from '../../sandbox/testing/gatewayCalls';
import { paymentBody } from '../../testing/shopClient';
import type { System } from './startSystem';

async function call(url: string, init: RequestInit & { expect: number }): Promise<Response> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  if (res.status !== init.expect)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** One Pix order, approved (paid) unless the issuer page is told otherwise; returns its order_no. */
export async function payOneByPix(
  system: System,
  seq: number,
  issuerAction: 'approve' | 'decline' | 'cancel' = 'approve',
): Promise<string> {
  const backend = system.backend.url;
  const session = (await (
    await call(`${backend}/api/sessions`, {
      method: 'POST',
      expect: 201,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${system.shopSecret}` },
      body: JSON.stringify({ amount: '10.00', currency: 'BRL', country: 'BR', return_url: `${backend}/` }),
    })
  ).json()) as { id: string; client_secret: string; order_no: string };
  const payment = (await (
    await call(`${backend}/api/sessions/${session.id}/payments`, {
      method: 'POST',
      expect: 200,
      headers: { 'Content-Type': 'application/json', Origin: backend, 'Idempotency-Key': `seed-${seq}-${session.id}` },
      body: JSON.stringify(paymentBody(session.client_secret, 'pix')),
    })
  ).json()) as { action: { url: string } };
  const issuerPage = await (await call(payment.action.url, { expect: 200 })).text();
  const approved = await call(formAction(issuerPage), {
    method: 'POST',
    expect: 303,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenInputs(issuerPage), action: issuerAction }).toString(),
  });
  // the shopper's browser follows the gateway's redirect to the backend's return page, which confirms the payment
  await call(new URL(approved.headers.get('location')!, payment.action.url).toString(), { expect: 303 });
  return session.order_no;
}

/** `count` paid orders, `concurrency` at a time; their order numbers in no particular order. */
export async function seedPaidOrders(system: System, count: number, concurrency = 4): Promise<string[]> {
  const orderNos: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) orderNos.push(await payOneByPix(system, next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return orderNos;
}
