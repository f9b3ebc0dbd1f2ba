import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ disputeMs: 300 });
});
afterAll(() => sandbox?.close());

/** YYYYMMDD, `days` from today (UTC), as the gateway writes respond_by. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

describeOnStores('no refund of an order under an open chargeback without saying so (issue #32)', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  it('refused naming the dispute; refunded once the request names it; nothing reaches the gateway before', async () => {
    const [order, plain] = await makeOrders(backend, 2, 'paid');
    const opened = await sandboxApi(sandbox.url).openDispute({
      transaction_id: order!.transaction_id,
      amount: order!.amount,
      reason_code: '13.1',
      reason: 'Merchandise not received',
      respond_by: inDays(5),
    });
    await vi.waitFor(
      async () => expect((await admin(backend, `/disputes/${opened.dispute_id}`)).body.state).toBe('open'),
      { timeout: 15_000, interval: 50 },
    );
    const refused = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: order!.order_no }, { order_no: plain!.order_no, amount: '1.00' }] },
    });
    const [disputed, other] = refused.body.results;
    expect(disputed).toMatchObject({ order_no: order!.order_no, ok: false, error: { code: 'open_dispute' } });
    expect(disputed.error.message).toContain(`dispute ${opened.dispute_id}`);
    expect(disputed.error.message).toContain(`${order!.amount} ${order!.currency}`);
    expect(other).toMatchObject({ ok: true });
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', order!.gateway_order_no)).toBe(0);

    // another dispute's id does not confirm this one; a wrong field is named
    const wrong = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: order!.order_no, despite_dispute: 'not-that-one' }] },
    });
    expect(wrong.body.results[0]).toMatchObject({ ok: false, error: { code: 'open_dispute' } });
    const onCapture = await admin(backend, '/orders/capture', {
      body: { orders: [{ order_no: order!.order_no, despite_dispute: opened.dispute_id }] },
    });
    expect(JSON.stringify(onCapture.body)).toContain('despite_dispute');

    const confirmed = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: order!.order_no, amount: '1.00', despite_dispute: opened.dispute_id }] },
    });
    expect(confirmed.body.results[0]).toMatchObject({ ok: true });
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', order!.gateway_order_no)).toBe(1);
  });
});
