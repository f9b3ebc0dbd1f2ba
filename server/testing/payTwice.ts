import { expect } from 'vitest';
import { orderWhen } from '../../testing/adminClient';
import {
  approveOnIssuerPage,
  BR_ORDER,
  createSession,
  followReturn,
  startPayment,
  callJson,
} from '../../testing/shopClient';
import type { Backend } from './startBackend';

/**
 * A double payment made through the real flow (BRL 10.00): a Pix left pending for another Pix (the shopper chose
 * another method), the second paid, then the first too, at the bank. Answers the session, the order with its
 * double-payment alert, and the alert (the extra payment).
 */
export async function payTwice(backend: Backend) {
  const s = await createSession(backend.url, { return_url: 'https://shop.example/done' }, BR_ORDER);
  const first = await startPayment(backend.url, s, 'pix');
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const left = await callJson(`${backend.url}/api/sessions/${s.id}/payments/${first.body.payment_id}/abandon`, {
    body: { client_secret: s.client_secret },
  });
  expect(left.status, JSON.stringify(left.body)).toBe(200);
  const second = await startPayment(backend.url, s, 'pix');
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  await followReturn(await approveOnIssuerPage(second.body.action.url));
  await orderWhen(backend.url, s.order_no, (o) => o.status === 'paid', 'the second payment');
  // the first is paid late, at the bank
  await approveOnIssuerPage(first.body.action.url);
  await backend.reconcile();
  const order = await orderWhen(backend.url, s.order_no, (o) => o.alerts.length > 0, 'the double-payment alert');
  return { s, order, extra: order.alerts[0]! };
}
