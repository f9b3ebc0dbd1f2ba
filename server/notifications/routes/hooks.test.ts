import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { sign } from '../../../shared/gateway/hashNode';
import { faultyGatewayFetch } from '../../testing/faultyGatewayFetch';
import { callJson, createSession, paymentBody } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('gateway notifications', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    // the sandbox's own notifications are dropped: each test delivers exactly the notifications it names
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
    });
  });
  afterAll(() => backend?.close());

  /** A PIX payment left pending at the gateway; its gateway order_no and transaction_id. */
  async function pendingPayment() {
    const s = await createSession(backend, { amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' });
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'pix'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    const [record] = await backend.deps.gateway.query({ orders: [attempt.gateway_order_no] });
    return { sessionId: s.id, orderNo: attempt.gateway_order_no, transactionId: String(record!.transaction_id) };
  }

  function notification(
    p: { orderNo: string; transactionId: string },
    fields: Record<string, string> = {},
    key = backend.config.gateway.signKey,
  ) {
    const form = {
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      merchant_id: backend.config.gateway.merchantId,
      account_id: backend.config.gateway.accountId,
      transaction_id: p.transactionId,
      order_no: p.orderNo,
      currency: 'BRL',
      amount: '50.00',
      payment_status: '3000',
      message: '0000:Approved',
      notify_time: '20250101120000',
      ...fields,
    };
    return { ...form, encryption_data: sign('notification', form, key) } as Record<string, string> & {
      notify_id: string;
    };
  }

  async function deliver(form: Record<string, string>) {
    const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
    return { status: res.status, text: await res.text() };
  }

  const orderStatus = async (sessionId: string) =>
    (
      await backend.store.db
        .selectFrom('orders')
        .select('status')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).status;
  const recorded = (notifyId: string) =>
    backend.store.db.selectFrom('notifications').selectAll().where('notify_id', '=', notifyId).execute();
  const audit = (orderNo: string, kind: string) =>
    backend.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  it('applies a signed notification and answers success', async () => {
    const p = await pendingPayment();
    const n = notification(p);
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await orderStatus(p.sessionId)).toBe('paid');
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'applied', payment_status: '3000' }]);
    const [transition] = await audit(p.orderNo, 'transition');
    expect(transition!.summary).toBe('notification: pending -> paid');
    // the stored copy never keeps the signature
    expect(JSON.parse((await recorded(n.notify_id))[0]!.payload).encryption_data).toBe('[masked]');
  });

  it('refuses a forged notification (bad signature, or signed with another key) and stores nothing', async () => {
    const p = await pendingPayment();
    const badSignature = { ...notification(p), encryption_data: 'a'.repeat(64) };
    expect(await deliver(badSignature)).toEqual({ status: 400, text: 'invalid signature' });
    const otherKey = notification(p, {}, 'sk_sandbox_701001020');
    expect((await deliver(otherKey)).status).toBe(400);
    const tampered = { ...notification(p), amount: '0.01' };
    expect((await deliver(tampered)).status).toBe(400);
    expect(await orderStatus(p.sessionId)).toBe('pending');
    expect(await recorded(badSignature.notify_id)).toHaveLength(0);
    expect((await audit(p.orderNo, 'ignored')).map((e) => e.summary)).toContain(
      'notification: the signature does not verify',
    );
  });

  it('a bad signature queries the order (at most once a minute), counts it and applies what the query says', async () => {
    const p = await pendingPayment();
    const queries = async () =>
      (await audit(p.orderNo, 'gateway_call')).filter((e) => e.summary.startsWith('query')).length;
    // pendingPayment's own query is audited in the background: wait for it before counting
    await vi.waitFor(async () => expect(await queries()).toBe(1));
    const before = 1;
    const forged = { ...notification(p), encryption_data: 'b'.repeat(64) };
    expect(await deliver(forged)).toEqual({ status: 400, text: 'invalid signature' });
    await vi.waitFor(async () => expect(await queries()).toBe(before + 1));
    // a second one within the minute: counted, not queried again
    expect((await deliver({ ...forged, notify_id: randomUUID() })).status).toBe(400);
    const metric = () => backend.deps.metrics.registry.getSingleMetricAsString('merchant_gateway_bad_signature_total');
    await vi.waitFor(async () => expect(await metric()).toMatch(/source="notification"} [2-9]/));
    expect(await queries()).toBe(before + 1);
    // the gateway says pending: nothing the forged message claimed was applied
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a signature that is not 64 hex characters is a bad signature like any other, never a 500', async () => {
    const p = await pendingPayment();
    const metric = async () =>
      Number(
        /source="notification"} (\d+)/.exec(
          await backend.deps.metrics.registry.getSingleMetricAsString('merchant_gateway_bad_signature_total'),
        )?.[1] ?? 0,
      );
    const before = await metric();
    const good = String(notification(p).encryption_data);
    const malformed = ['zz', '', good.slice(0, 63), `${good}0`, 'g'.repeat(64), 'é'.repeat(64), '€'.repeat(64)];
    for (const encryption_data of malformed) {
      const res = await deliver({ ...notification(p), encryption_data });
      expect(res, JSON.stringify(encryption_data)).toEqual({ status: 400, text: 'invalid signature' });
    }
    await vi.waitFor(async () => expect(await metric()).toBe(before + malformed.length));
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a status code outside the profile is kept raw, shown in words, refused by owner actions and queried', async () => {
    const p = await pendingPayment();
    const n = notification(p, { payment_status: '7300' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'unknown_status' }]);
    const order = await backend.store.db
      .selectFrom('orders')
      .selectAll()
      .where('session_id', '=', p.sessionId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'unknown', payment_status: '7300' });
    const admin = { Authorization: `Bearer ${backend.config.adminToken}` };
    const view = await callJson(`${backend.url}/admin/api/orders/${order.order_no}`, { method: 'GET', headers: admin });
    expect(JSON.stringify(view.body)).toContain('the gateway reported status 7300, which this version does not know');
    for (const action of ['capture', 'cancel', 'refund']) {
      const res = await callJson(`${backend.url}/admin/api/orders/${action}`, {
        headers: admin,
        body: { orders: [{ order_no: order.order_no }] },
      });
      expect(res.body.results[0], action).toMatchObject({ ok: false, error: { code: 'E0009' } });
      expect(res.body.results[0].error.message, action).toContain('status 7300');
    }
    // the reconcile loop settles it by query: the gateway says pending
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', p.sessionId)
      .executeTakeFirstOrThrow();
    expect(attempt.next_check_at! <= new Date().toISOString()).toBe(true);
    await backend.reconcile();
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a notify_type outside the profile is acknowledged, not applied, and its order queried', async () => {
    const p = await pendingPayment();
    const queries = async () =>
      (await audit(p.orderNo, 'gateway_call')).filter((e) => e.summary.startsWith('query')).length;
    await vi.waitFor(async () => expect(await queries()).toBe(1));
    const n = notification(p, { notify_type: 'CHARGEBACK', payment_status: '3000' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'unknown_type' }]);
    await vi.waitFor(async () => expect(await queries()).toBe(2));
    // the gateway says pending: the paid the message claimed was not applied
    expect(await orderStatus(p.sessionId)).toBe('pending');
    expect(await backend.deps.metrics.registry.getSingleMetricAsString('merchant_notifications_total')).toMatch(
      /outcome="unknown_type"} 1/,
    );
  });

  it('ignores a duplicated delivery (same notify_id), also when copies arrive at once', async () => {
    const p = await pendingPayment();
    const n = notification(p);
    const answers = await Promise.all([1, 2, 3, 4].map(() => deliver(n)));
    expect(answers).toEqual(Array(4).fill({ status: 200, text: 'success' }));
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'applied' }]);
    expect(await audit(p.orderNo, 'transition')).toHaveLength(1);
    expect((await audit(p.orderNo, 'ignored')).filter((e) => e.summary.includes('duplicate delivery'))).toHaveLength(3);
  });

  it('ignores a replay under a new notify_id: the status is already applied', async () => {
    const p = await pendingPayment();
    await deliver(notification(p));
    const replay = notification(p);
    expect(await deliver(replay)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(replay.notify_id)).toMatchObject([{ outcome: 'same_status' }]);
    expect(await audit(p.orderNo, 'transition')).toHaveLength(1);
  });

  it('never moves backwards: a late pending after paid, and an out-of-order authorised after refunded', async () => {
    const p = await pendingPayment();
    await deliver(notification(p));
    const late = notification(p, { payment_status: '1000', message: '1000:Pending' });
    expect(await deliver(late)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(late.notify_id)).toMatchObject([{ outcome: 'backwards' }]);
    expect(await orderStatus(p.sessionId)).toBe('paid');

    const q = await pendingPayment();
    // the refund's notification overtakes the payment's: applied (forward), and the payment's is then stale
    expect((await deliver(notification(q, { notify_type: 'REFUND RESULT', payment_status: '4100' }))).status).toBe(200);
    const stale = notification(q, { payment_status: '3000' });
    expect((await deliver(stale)).status).toBe(200);
    expect(await recorded(stale.notify_id)).toMatchObject([{ outcome: 'backwards' }]);
    expect(await orderStatus(q.sessionId)).toBe('refunded');
    expect((await audit(q.orderNo, 'ignored')).map((e) => e.summary)).toContain(
      'notification: refunded -> paid would move backwards',
    );
  });

  it('does not apply an amount or currency that differs from the order: it asks the gateway instead', async () => {
    const p = await pendingPayment();
    const wrongAmount = notification(p, { amount: '5.00' });
    expect(await deliver(wrongAmount)).toEqual({ status: 200, text: 'success' });
    const wrongCurrency = notification(p, { currency: 'USD' });
    expect((await deliver(wrongCurrency)).status).toBe(200);
    expect(await recorded(wrongAmount.notify_id)).toMatchObject([{ outcome: 'mismatch' }]);
    expect(await recorded(wrongCurrency.notify_id)).toMatchObject([{ outcome: 'mismatch' }]);
    // the gateway says the payment is still pending, so it stays pending
    expect(await orderStatus(p.sessionId)).toBe('pending');
    const queries = (await audit(p.orderNo, 'gateway_call')).filter((e) => e.summary.startsWith('query'));
    expect(queries.length).toBeGreaterThanOrEqual(2);
  });

  it('acknowledges a notification for an order it does not know, and refuses what is not a form', async () => {
    const n = notification({ orderNo: 'NOT-OURS-1', transactionId: 'T1' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'unknown_order' }]);
    const json = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(n),
    });
    expect(json.status).toBe(415);
  });
});
