import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { admin, orderIn, refundsFinal } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

/** A refund the gateway took: received, accepted, or already succeeded by the time the answer was written. */
const SENT = /^(received|accepted|succeeded)$/;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('admin bulk operations against the sandbox', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  /** The item counts of every batch call of `operation` this backend made after audit event `afterId`. */
  const batchSizes = async (operation: string, afterId: number) => {
    const calls = await backend.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('kind', '=', 'gateway_call')
      .where('id', '>', afterId)
      .execute();
    return calls
      .map((e) => JSON.parse(e.detail!) as { operation: string; request?: Record<string, unknown> })
      .filter((d) => d.operation === operation)
      .map((d) => (d.request![`${operation}_orders`] as unknown[]).length);
  };
  const lastAuditId = async () =>
    (await backend.store.db.selectFrom('audit_events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())
      ?.id ?? 0;

  it.each([1, 50, 51, 120])('refunds %i orders in batches within the limit, one result per order', async (n) => {
    const orders = await makeOrders(backend, n, 'paid');
    const calls = await sandboxApi(sandbox.url).requestCount('/v1/refund');
    const since = await lastAuditId();
    const res = await admin(backend, '/orders/refund', {
      body: { orders: orders.map((o) => ({ order_no: o.order_no })) },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { order_no: string }) => r.order_no)).toEqual(orders.map((o) => o.order_no));
    // refunds are asynchronous: the answer says the gateway has them, and each succeeds a moment later
    expect(
      res.body.results.filter((r: { ok: boolean; refund_state?: string }) => !r.ok || !SENT.test(r.refund_state ?? '')),
    ).toEqual([]);
    const sizes = await batchSizes('refund', since);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    expect((await sandboxApi(sandbox.url).requestCount('/v1/refund')) - calls).toBe(Math.ceil(n / 50));
    await refundsFinal(backend, orders[0]!.order_no);
    // the refund's state and the order's status come from two answers (refund search, query): waited for together
    await vi.waitFor(
      async () =>
        expect((await admin(backend, `/orders/${orders[0]!.order_no}`)).body).toMatchObject({
          status: 'refunded',
          captured: '50.00',
          refunded: '50.00',
          refunds: [{ seq: 1, amount: '50.00', status: 'succeeded' }],
        }),
      { timeout: 15_000, interval: 100 },
    );
  });

  it('a mixed request: wrong states and unknown orders never reach the gateway, the rest are captured', async () => {
    const [authorised, partial] = await makeOrders(backend, 2, 'authorised');
    const [paid] = await makeOrders(backend, 1, 'paid');
    const res = await admin(backend, '/orders/capture', {
      body: {
        orders: [
          { order_no: authorised!.order_no },
          { order_no: paid!.order_no },
          { order_no: 'no-such-order' },
          { transaction_id: partial!.transaction_id, amount: '5.00' },
          { order_no: authorised!.order_no },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { order_no: authorised!.order_no, ok: true, status: 'paid' },
      {
        order_no: paid!.order_no,
        ok: false,
        error: { code: 'E0009', message: 'Wrong operation for the order status: the order is paid' },
      },
      { order_no: 'no-such-order', ok: false, error: { code: 'I0115', message: expect.stringContaining('not found') } },
      { order_no: partial!.order_no, transaction_id: partial!.transaction_id, ok: true, status: 'paid' },
      {
        order_no: authorised!.order_no,
        ok: false,
        error: { code: 'E0008', message: expect.stringContaining('more than once') },
      },
    ]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/capture', paid!.gateway_order_no)).toBe(0);
    expect((await sandboxApi(sandbox.url).transaction(partial!.gateway_order_no)).payment_status).toBe('3000');
    // a partial capture is what can be refunded
    const detail = await admin(backend, `/orders/${partial!.order_no}`);
    expect(detail.body).toMatchObject({ status: 'paid', amount: '20.00', captured: '5.00' });
    const over = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: partial!.order_no, amount: '6.00' }] },
    });
    expect(over.body.results[0]).toMatchObject({ ok: false, error: { code: 'B0002' } });
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', partial!.gateway_order_no)).toBe(0);
    // the history shows the capture, the refusal and the state change
    const types = detail.body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['capture', 'transition', 'notification']));
  });

  it('cancel and review (approve, reject) move orders through the state machine', async () => {
    const [toCancel] = await makeOrders(backend, 1, 'authorised');
    const [approve, reject] = await makeOrders(backend, 2, 'review');
    const cancelled = await admin(backend, '/orders/cancel', {
      body: { orders: [{ order_no: toCancel!.order_no }, { order_no: approve!.order_no }] },
    });
    expect(cancelled.body.results).toEqual([
      { order_no: toCancel!.order_no, ok: true, status: 'cancelled' },
      {
        order_no: approve!.order_no,
        ok: false,
        error: { code: 'E0009', message: expect.stringContaining('the order is review') },
      },
    ]);
    const reviewed = await admin(backend, '/orders/review', {
      body: {
        orders: [
          { order_no: approve!.order_no, approve: true },
          { order_no: reject!.order_no, approve: false },
        ],
      },
    });
    expect(reviewed.body.results).toEqual([
      { order_no: approve!.order_no, ok: true, status: 'authorised' },
      { order_no: reject!.order_no, ok: true, status: 'cancelled' },
    ]);
    const missingFlag = await admin(backend, '/orders/review', { body: { orders: [{ order_no: approve!.order_no }] } });
    expect(missingFlag.status).toBe(200);
    expect(missingFlag.body.results[0].error.fields).toEqual([
      { path: 'approve', message: 'is required: true approves, false rejects' },
    ]);
  });

  it('partial refunds never add up to more than was captured, sequentially or at the same time', async () => {
    const [a, b] = await makeOrders(backend, 2, 'paid');
    const refund = (orderNo: string, amount?: string) =>
      admin(backend, '/orders/refund', {
        body: { orders: [{ order_no: orderNo, ...(amount ? { amount } : {}), reason: 'returned' }] },
      });
    expect((await refund(a!.order_no, '20.00')).body.results[0]).toMatchObject({
      order_no: a!.order_no,
      ok: true,
      refund_state: expect.stringMatching(SENT),
    });
    const calls = await sandboxApi(sandbox.url).requestCount('/v1/refund', a!.gateway_order_no);
    const over = (await refund(a!.order_no, '30.01')).body.results[0];
    expect(over).toMatchObject({
      ok: false,
      error: {
        code: 'B0002',
        message: expect.stringContaining('30.01 BRL asked, 30.00 BRL left of 50.00 BRL captured'),
      },
    });
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', a!.gateway_order_no)).toBe(calls);
    expect((await refund(a!.order_no)).body.results[0]).toMatchObject({
      order_no: a!.order_no,
      ok: true,
      refund_state: expect.stringMatching(SENT),
    });
    // nothing is left, in flight or refunded; once both succeeded the order is refunded and takes no refund at all
    expect((await refund(a!.order_no, '0.01')).body.results[0]).toMatchObject({ ok: false });
    await orderIn(backend, a!.order_no, 'refunded');
    expect((await refund(a!.order_no, '0.01')).body.results[0]).toMatchObject({ ok: false, error: { code: 'E0009' } });
    // the order's status and its refunds' come from two answers (query, refund search): waited for together
    await vi.waitFor(
      async () =>
        expect((await admin(backend, `/orders/${a!.order_no}`)).body).toMatchObject({
          refunded: '50.00',
          refunds: [{ amount: '20.00' }, { amount: '30.00' }],
        }),
      { timeout: 15_000, interval: 100 },
    );

    // two owners refund 30.00 of the same 50.00 at once: one wins, the other is refused before the gateway
    const [first, second] = await Promise.all([refund(b!.order_no, '30.00'), refund(b!.order_no, '30.00')]);
    const both = [first.body.results[0], second.body.results[0]];
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toMatchObject([{ error: { code: 'B0002' } }]);
    const atGateway = await sandboxApi(sandbox.url).transaction(b!.gateway_order_no);
    expect(atGateway.refunds.map((r: { refund_amount: string }) => r.refund_amount)).toEqual(['30.00']);
  });

  it('sync applies what the gateway reports, for named orders or a date range', async () => {
    const [o] = await makeOrders(backend, 1, 'paid');
    // the order moved at the gateway behind the backend's back: its stored state is stale
    await backend.store.db
      .updateTable('orders')
      .set({ status: 'pending', payment_status: '1000' })
      .where('order_no', '=', o!.order_no)
      .execute();
    await backend.store.db
      .updateTable('payment_attempts')
      .set({ status: 'pending', payment_status: '1000' })
      .where('gateway_order_no', '=', o!.gateway_order_no)
      .execute();
    const res = await admin(backend, '/orders/sync', { body: { order_nos: [o!.order_no, 'unknown-order'] } });
    expect(res.body.results).toEqual([
      { order_no: o!.order_no, ok: true, status: 'paid' },
      { order_no: 'unknown-order', ok: false, error: { code: 'I0115', message: expect.any(String) } },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await admin(backend, '/orders/sync', { body: { from: today, to: today } });
    expect(ranged.status).toBe(200);
    expect(ranged.body.results.find((r: { order_no: string }) => r.order_no === o!.order_no)).toEqual({
      order_no: o!.order_no,
      ok: true,
      status: 'paid',
    });
    expect((await admin(backend, '/orders/sync', { body: { from: today } })).body.error.fields).toEqual([
      { path: 'to', message: 'is required: give order_nos or both from and to' },
    ]);
  });
});
