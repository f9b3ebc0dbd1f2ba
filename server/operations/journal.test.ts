import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import type { GatewayClient } from '../gateway';
import { callJson } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { admin, orderIn, refundsFinal } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';
import { serveWith, SimulatedCrash } from '../testing/serveWith';

/** A refund the gateway took: received, accepted, or already succeeded by the time the answer was written. */
const SENT = /^(received|accepted|succeeded)$/;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const MINUTE = 60_000;

describeOnStores('the admin journal survives a crash', (store) => {
  let backend: Backend;
  /** how far the backend's clock is ahead of real time: moved past the in-flight window instead of sleeping */
  let ahead = 0;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: BULK_ENV,
      now: () => new Date(Date.now() + ahead),
    });
  });
  afterAll(() => backend?.close());

  /** The same store served by a process whose gateway client "crashes" around one call. */
  async function crashing(operation: 'refund' | 'capture', when: 'before' | 'after') {
    const real = backend.deps.gateway;
    const gateway: GatewayClient = {
      ...real,
      [operation]: async (items: never) => {
        if (when === 'after') await (real[operation] as (i: never) => Promise<unknown>)(items);
        throw new SimulatedCrash(`crash ${when} the ${operation} call`);
      },
    };
    return serveWith(backend.deps, gateway);
  }
  const post = (url: string, path: string, body: unknown) =>
    callJson(`${url}/admin/api${path}`, { body, headers: { Authorization: `Bearer ${backend.config.adminToken}` } });
  const refundsOf = (orderNo: string) =>
    backend.store.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .selectAll('refunds')
      .where('orders.order_no', '=', orderNo)
      .execute();

  it('a crash between the journal and the gateway call: the retry sends the same reference, refunded once', async () => {
    const [o] = await makeOrders(backend, 1, 'paid');
    const crash = await crashing('refund', 'before');
    try {
      const res = await post(crash.url, '/orders/refund', { orders: [{ order_no: o!.order_no }] });
      expect(res.body.results).toEqual([
        { order_no: o!.order_no, ok: false, error: { code: 'outcome_unknown', message: expect.any(String) } },
      ]);
    } finally {
      await crash.close();
    }
    const [journalled] = await refundsOf(o!.order_no);
    expect(journalled).toMatchObject({ status: 'requested', seq: 1, amount_minor: 5000 });
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', o!.gateway_order_no)).toBe(0);

    // straight away the pending refund may still be in flight somewhere: its amount stays reserved
    const early = await admin(backend, '/orders/refund', { body: { orders: [{ order_no: o!.order_no }] } });
    expect(early.body.results[0]).toMatchObject({
      ok: false,
      error: { code: 'B0002', message: expect.stringContaining('50.00 BRL of it in refunds not yet succeeded') },
    });

    ahead += MINUTE;
    const retry = await admin(backend, '/orders/refund', { body: { orders: [{ order_no: o!.order_no }] } });
    expect(retry.body.results).toEqual([
      expect.objectContaining({ order_no: o!.order_no, ok: true, refund_state: expect.stringMatching(SENT) }),
    ]);
    await orderIn(backend, o!.order_no, 'refunded');
    const again = await admin(backend, '/orders/refund', { body: { orders: [{ order_no: o!.order_no }] } });
    expect(again.body.results[0]).toMatchObject({ ok: false, error: { code: 'E0009' } });

    const atGateway = await sandboxApi(sandbox.url).transaction(o!.gateway_order_no);
    expect(atGateway.refunds).toEqual([
      expect.objectContaining({ refund_amount: '50.00', refund_reference: journalled!.refund_reference }),
    ]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', o!.gateway_order_no)).toBe(1);
    expect(await refundsOf(o!.order_no)).toEqual([
      expect.objectContaining({ id: journalled!.id, status: 'succeeded' }),
    ]);
  });

  it('a crash after the gateway refunded: the retry finds the refund by its reference and sends nothing', async () => {
    const [o, synced] = await makeOrders(backend, 2, 'paid');
    const crash = await crashing('refund', 'after');
    try {
      const res = await post(crash.url, '/orders/refund', {
        orders: [{ order_no: o!.order_no, amount: '10.00' }, { order_no: synced!.order_no }],
      });
      expect(res.body.results.map((r: { error?: { code: string } }) => r.error?.code)).toEqual([
        'outcome_unknown',
        'outcome_unknown',
      ]);
    } finally {
      await crash.close();
    }
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', o!.gateway_order_no)).toBe(1);
    ahead += MINUTE;
    const retry = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: o!.order_no, amount: '10.00' }] },
    });
    expect(retry.body.results).toEqual([
      expect.objectContaining({
        order_no: o!.order_no,
        ok: true,
        refund_state: expect.stringMatching(SENT),
        note: expect.stringContaining('earlier request'),
      }),
    ]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', o!.gateway_order_no)).toBe(1);
    await refundsFinal(backend, o!.order_no);
    expect((await admin(backend, `/orders/${o!.order_no}`)).body).toMatchObject({
      refunded: '10.00',
      refunds: [{ amount: '10.00', status: 'succeeded' }],
    });

    // a sync settles the journal too (once the gateway has the refund's result)
    await vi.waitFor(
      async () =>
        expect((await sandboxApi(sandbox.url).transaction(synced!.gateway_order_no)).refunds[0].state).toBe(
          'succeeded',
        ),
      { timeout: 10_000, interval: 20 },
    );
    const sync = await admin(backend, '/orders/sync', { body: { order_nos: [synced!.order_no] } });
    expect(sync.body.results).toEqual([{ order_no: synced!.order_no, ok: true, status: 'refunded' }]);
    expect((await refundsOf(synced!.order_no)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a capture whose answer was lost is confirmed by a query on retry, not sent again', async () => {
    const [o] = await makeOrders(backend, 1, 'authorised');
    const crash = await crashing('capture', 'after');
    try {
      const res = await post(crash.url, '/orders/capture', { orders: [{ order_no: o!.order_no }] });
      expect(res.body.results[0]).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    } finally {
      await crash.close();
    }
    ahead += MINUTE;
    const retry = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: o!.order_no }] } });
    expect(retry.body.results).toEqual([
      { order_no: o!.order_no, ok: true, status: 'paid', note: 'already done by an earlier request' },
    ]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/capture', o!.gateway_order_no)).toBe(1);
    const ops = await backend.store.db.selectFrom('order_operations').selectAll().execute();
    expect(ops.filter((op) => op.status === 'pending')).toEqual([]);
  });
});
