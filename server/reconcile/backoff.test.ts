/**
 * Issue #31: a refund or payment the gateway keeps open is asked about less and less often (the reconcile interval,
 * doubled after each answer that finds it unchanged, at most hourly), not on every pass; and again at once when it
 * moves. Counted on the gateway's side: the sandbox's request log of `/v1/retrievalRefund` and `/v1/retrievalTrans`
 * by order number. Before this, one refund held accepted was searched on every pass: 2,880 times a day at the
 * default 30 s interval.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { approveOnIssuerPage, paidPixOrder, startPix } from '../../testing/shopClient';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { BULK_ENV } from '../testing/makeOrders';
import { faultyGatewayFetch } from '../testing/faultyGatewayFetch';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(() => sandbox?.close());

describeOnStores('reconcile back-off', (store) => {
  let backend: Backend;
  /** how far the backend's clock runs ahead of real time: the test moves it instead of waiting */
  let ahead = 0;
  beforeAll(async () => {
    // the gateway's notifications never arrive: only the reconcile loop (or a notification the test delivers) can
    // tell the backend that something moved
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: BULK_ENV,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
      now: () => new Date(Date.now() + ahead),
    });
  });
  afterAll(() => backend?.close());

  const gw = () => sandboxApi(sandbox.url);
  const interval = () => backend.config.reconcile.intervalMs;

  /** Reconcile passes as the loop runs them, `step` apart, for `span` of the backend's time. */
  async function passes(span: number, step = interval()): Promise<void> {
    for (let t = 0; t < span; t += step) {
      ahead += step;
      await backend.reconcile();
    }
  }

  /** A day of the loop: every interval for the first hour, then every 10 minutes (the checks are hourly by then). */
  const aDay = async () => {
    await passes(HOUR);
    await passes(23 * HOUR, 10 * MINUTE);
  };

  it('a refund held accepted at the gateway is searched about 30 times a day, not 2,880; at once when it moves', async () => {
    const { order_no } = await paidPixOrder(backend, { amount: '50.00', currency: 'BRL', items: undefined });
    const gatewayOrderNo = `${order_no}-1`;
    const { transaction_id } = await gw().transaction(gatewayOrderNo);
    await gw().refundOutcome(gatewayOrderNo, 'hold');
    const sent = await admin(backend, '/orders/refund', { body: { orders: [{ order_no }] } });
    expect(sent.body.results[0]).toMatchObject({ ok: true, refund_state: 'received' });
    await vi.waitFor(async () => expect((await gw().transaction(gatewayOrderNo)).refunds[0].state).toBe('accepted'), {
      timeout: 10_000,
      interval: 20,
    });
    const searches = () => gw().requestCount('/v1/retrievalRefund', gatewayOrderNo);
    const refundRow = () =>
      backend.store.db
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .selectAll('refunds')
        .where('orders.order_no', '=', order_no)
        .executeTakeFirstOrThrow();
    expect(await searches()).toBe(0);

    await passes(3 * interval());
    // the first search found it accepted: it moved, so its back-off starts from the beginning
    expect(await searches()).toBe(1);
    expect(await refundRow()).toMatchObject({ status: 'accepted', checks: 0, next_check_at: null });

    await passes(HOUR - 3 * interval());
    const inAnHour = await searches();
    await passes(23 * HOUR, 10 * MINUTE);
    const inADay = await searches();
    // 30 s, 1, 2, 4, 8, 16, 32 minutes apart, then hourly: about 8 in the first hour and 31 in the day
    expect(inAnHour).toBeGreaterThanOrEqual(5);
    expect(inAnHour).toBeLessThanOrEqual(10);
    expect(inADay).toBeGreaterThanOrEqual(inAnHour + 20);
    expect(inADay).toBeLessThanOrEqual(35);
    expect((await admin(backend, `/orders/${order_no}`)).body.refunds).toMatchObject([{ status: 'accepted' }]);

    // it fails at the gateway, whose notification (delivered here by hand) makes the backend search at once, not at
    // the next hourly check
    await gw().refundResult(`${transaction_id}-01`, 'failed');
    const form: Record<string, string> = {
      notify_id: `N${randomUUID()}`,
      notify_type: 'REFUND RESULT',
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id,
      order_no: gatewayOrderNo,
      currency: 'BRL',
      amount: '50.00',
      payment_status: '3000',
      message: 'R0001:Refund failed: the issuer refused it',
      refund_amount: '50.00',
      refund_reference_id: `${transaction_id}-01`,
      notify_time: '20250101120000',
    };
    form.encryption_data = createHash('sha256')
      .update(`701001701001010${transaction_id}${gatewayOrderNo}BRL50.003000sk_sandbox_701001010`)
      .digest('hex');
    const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
    expect([res.status, await res.text()]).toEqual([200, 'success']);
    // the notification is a cue (issue #31): it is acknowledged once stored, and the cue worker searches the refund
    // right after, not before the answer; so wait for the result, then count: exactly one search more
    await vi.waitFor(
      async () =>
        expect((await admin(backend, `/orders/${order_no}`)).body.refunds).toMatchObject([{ status: 'failed' }]),
      { timeout: 10_000, interval: 20 },
    );
    expect(await searches()).toBe(inADay + 1);
    // final: never searched again
    await passes(2 * HOUR, 10 * MINUTE);
    expect(await searches()).toBe(inADay + 1);
  });

  it('a refund that moves while nobody tells the backend is found within the hour', async () => {
    const { order_no } = await paidPixOrder(backend, { amount: '50.00', currency: 'BRL', items: undefined });
    const gatewayOrderNo = `${order_no}-1`;
    const { transaction_id } = await gw().transaction(gatewayOrderNo);
    await gw().refundOutcome(gatewayOrderNo, 'hold');
    await admin(backend, '/orders/refund', { body: { orders: [{ order_no }] } });
    await vi.waitFor(async () => expect((await gw().transaction(gatewayOrderNo)).refunds[0].state).toBe('accepted'), {
      timeout: 10_000,
      interval: 20,
    });
    await passes(HOUR);
    await passes(HOUR, 10 * MINUTE);
    const held = await gw().requestCount('/v1/retrievalRefund', gatewayOrderNo);
    expect(held).toBeLessThanOrEqual(10);

    await gw().refundResult(`${transaction_id}-01`, 'succeeded');
    await passes(HOUR + interval());
    expect((await admin(backend, `/orders/${order_no}`)).body).toMatchObject({
      status: 'refunded',
      refunds: [{ status: 'succeeded' }],
    });
    expect(await gw().requestCount('/v1/retrievalRefund', gatewayOrderNo)).toBeLessThanOrEqual(held + 1);
  });

  it('a payment held pending is queried about 30 times a day, and found paid within the hour once it is', async () => {
    const { session, issuerUrl } = await startPix(backend);
    const gatewayOrderNo = `${session.order_no}-1`;
    const queries = () => gw().requestCount('/v1/retrievalTrans', gatewayOrderNo);
    await aDay();
    const inADay = await queries();
    // first asked once it is RECONCILE_PENDING_AFTER_MS old, then less and less often, at most hourly
    expect(inADay).toBeGreaterThanOrEqual(20);
    expect(inADay).toBeLessThanOrEqual(35);
    expect((await admin(backend, `/orders/${session.order_no}`)).body.status).toBe('pending');

    await approveOnIssuerPage(issuerUrl);
    await passes(HOUR + interval());
    expect((await admin(backend, `/orders/${session.order_no}`)).body.status).toBe('paid');
    expect(await queries()).toBeLessThanOrEqual(inADay + 1);
    await passes(2 * HOUR, 10 * MINUTE);
    expect(await queries()).toBeLessThanOrEqual(inADay + 1);
  });
});
