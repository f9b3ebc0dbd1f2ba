/**
 * Issue #31: the shopper is handed a signed return link, and with the built-in profile the return and the
 * notification are signed over the same fields, so that link, posted to the receiver with the merchant account's ids
 * and the order's amount (all of which the shopper has seen), verifies as a notification of any type. It must never
 * be able to invent a dispute, close a real one, or mark a refund succeeded: those kinds are cues, and only the
 * backend's own query and refund search move them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin, orderIn, orderWhen } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { payByCard } from '../gateway/testing/playShopper';
import { startBackend, type Backend } from '../testing/startBackend';

/** the demo account that captures at once: a card payment is paid (3000), refundable and disputable */
const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };

let sandbox: Sandbox;
let backend: Backend;
/**
 * How far the backend's clock runs ahead of real time: each replay moves it on by the 2 s a payment's cues wait
 * after its last query (server/notifications/processCues.ts), so the query a replay prompts is asked at once, as it
 * would be 2 s later
 */
let ahead = 0;
beforeAll(async () => {
  sandbox = await startSandbox();
  backend = await startBackend({ gatewayUrl: sandbox.url, env: AUTO_CAPTURE, now: () => new Date(Date.now() + ahead) });
});
afterAll(async () => {
  await backend?.close();
  await sandbox?.close();
});

/** A 33.00 card payment the shopper made, and the return link the gateway sent them back with. */
async function paidByCard() {
  const s = await createSession(backend, { country: 'US' });
  const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
    body: paymentBody(s.client_secret, 'card'),
    headers: { 'Idempotency-Key': randomUUID(), Origin: 'http://shop.test', Accept: 'application/json' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
  expect(returned.query.payment_status).toBe('3000');
  const attempt = await backend.store.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('session_id', '=', s.id)
    .executeTakeFirstOrThrow();
  const order = await orderIn(backend, s.order_no, 'paid');
  return { orderNo: s.order_no, attempt, order, link: returned.query };
}

/** The shopper's return link posted to the receiver as a notification of `type`, with what they add to it. */
async function replay(
  p: Awaited<ReturnType<typeof paidByCard>>,
  type: string,
  added: Record<string, string>,
): Promise<number> {
  const form = {
    ...p.link,
    merchant_id: backend.config.gateway.merchantId,
    account_id: backend.config.gateway.accountId,
    currency: p.order.currency,
    amount: p.order.amount,
    notify_id: randomUUID(),
    notify_type: type,
    ...added,
  };
  // it verifies as a notification: the two signed lists are one in the built-in profile
  expect(backend.deps.gateway.verifyNotification(form)).toBe(true);
  ahead += 2_000;
  const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
  return res.status;
}

/** every cue of the order acted on: the gateway has answered what the backend asked */
const cuesDone = (gatewayOrderNo: string) =>
  vi.waitFor(
    async () => {
      const cues = await backend.store.db
        .selectFrom('notification_cues')
        .select('state')
        .where('order_no', '=', gatewayOrderNo)
        .execute();
      expect(cues.length).toBeGreaterThan(0);
      expect(cues.every((c) => c.state === 'done')).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );

const disputesOf = (orderId: string) =>
  backend.store.db.selectFrom('disputes').selectAll().where('order_id', '=', orderId).execute();

it('a return link posted as a dispute notification invents no dispute', async () => {
  const p = await paidByCard();
  const status = await replay(p, 'DISPUTE RECIEVED', {
    dispute_id: 'DSP-INVENTED-1',
    dispute_amount: '33.00',
    reason_code: '4837',
    reason: 'No cardholder authorisation',
    respond_by: '20991231',
  });
  expect(status).toBe(200);
  await cuesDone(p.attempt.gateway_order_no);
  expect(await disputesOf(p.attempt.order_id)).toEqual([]);
  const lost = await replay(p, 'DISPUTE RESULT', {
    dispute_id: 'DSP-INVENTED-2',
    dispute_amount: '33.00',
    dispute_result: 'lost',
    respond_by: '20991231',
  });
  expect(lost).toBe(200);
  await cuesDone(p.attempt.gateway_order_no);
  expect(await disputesOf(p.attempt.order_id)).toEqual([]);
  expect((await orderWhen(backend, p.orderNo, () => true, 'the order')).lost_in_disputes ?? '0.00').toBe('0.00');
});

it('a return link posted as a dispute result closes no real dispute, and the gateway\'s "lost" is still applied', async () => {
  const p = await paidByCard();
  const gateway = sandboxApi(sandbox.url);
  const dispute = await gateway.openDispute({ order_no: p.attempt.gateway_order_no, amount: '5.00', reason: 'Fraud' });
  await orderWhen(
    backend,
    p.orderNo,
    (o) => !!o.disputes?.some((d) => d.dispute_id === dispute.dispute_id && d.state === 'open'),
    'the dispute open',
  );
  expect(
    await replay(p, 'DISPUTE RESULT', {
      dispute_id: dispute.dispute_id,
      dispute_amount: '5.00',
      dispute_result: 'won',
      respond_by: '20991231',
    }),
  ).toBe(200);
  await cuesDone(p.attempt.gateway_order_no);
  expect(await disputesOf(p.attempt.order_id)).toMatchObject([{ dispute_id: dispute.dispute_id, state: 'open' }]);
  // the gateway decides: lost, and that is what the backend shows
  await gateway.decideDispute(dispute.dispute_id, 'lost');
  await orderWhen(
    backend,
    p.orderNo,
    (o) => !!o.disputes?.some((d) => d.dispute_id === dispute.dispute_id && d.outcome === 'lost'),
    'the dispute lost',
  );
});

it('a return link posted as a refund result marks no refund succeeded', async () => {
  const p = await paidByCard();
  const gateway = sandboxApi(sandbox.url);
  await gateway.refundOutcome(p.attempt.gateway_order_no, 'hold');
  const sent = await admin(backend, '/orders/refund', {
    body: { orders: [{ order_no: p.orderNo, amount: '10.00', reason: 'returned' }] },
  });
  expect(sent.body.results[0], JSON.stringify(sent.body)).toMatchObject({ ok: true });
  const refund = await vi.waitFor(
    async () => {
      const r = await backend.store.db
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', p.attempt.order_id)
        .executeTakeFirstOrThrow();
      expect(r.refund_reference_id).toBeTruthy();
      return r;
    },
    { timeout: 10_000, interval: 50 },
  );
  for (const type of ['REFUND RESULT', 'REFUND ACCEPTED'])
    expect(
      await replay(p, type, {
        refund_reference_id: refund.refund_reference_id!,
        refund_reference: refund.refund_reference,
        refund_amount: '10.00',
        refund_state: 'succeeded',
      }),
    ).toBe(200);
  await cuesDone(p.attempt.gateway_order_no);
  const after = await backend.store.db
    .selectFrom('refunds')
    .select('status')
    .where('id', '=', refund.id)
    .executeTakeFirstOrThrow();
  expect(after.status).not.toBe('succeeded');
  expect((await orderWhen(backend, p.orderNo, () => true, 'the order')).status).toBe('paid');
  // the gateway's own result is still applied
  await gateway.refundResult(refund.refund_reference_id!, 'succeeded');
  await orderWhen(backend, p.orderNo, (o) => o.refunds[0]?.status === 'succeeded', 'the refund succeeded');
});
