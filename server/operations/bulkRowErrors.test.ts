import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('a bulk request with some invalid rows', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  it('answers each invalid row with its position and field, and sends the valid rows', async () => {
    const [a, b, c, d] = await makeOrders(backend, 4, 'paid');
    const res = await admin(backend, '/orders/refund', {
      body: {
        orders: [
          { order_no: a!.order_no, amount: '1.00' },
          { order_no: b!.order_no, reason: 'x'.repeat(51) },
          { order_no: c!.order_no, amount: '1,00' },
          { amount: '2.00' },
          'ORD-9',
          { order_no: d!.order_no, approve: true },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ order_no: a!.order_no, ok: true, refund_state: expect.any(String) }),
      {
        order_no: b!.order_no,
        ok: false,
        position: 1,
        error: {
          code: 'invalid_request',
          message: 'reason: must be at most 50 characters',
          fields: [{ path: 'reason', message: 'must be at most 50 characters' }],
        },
      },
      {
        order_no: c!.order_no,
        ok: false,
        position: 2,
        error: expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(/^amount: /) }),
      },
      {
        order_no: '',
        ok: false,
        position: 3,
        error: expect.objectContaining({ message: 'order_no: needs order_no or transaction_id' }),
      },
      {
        order_no: '',
        ok: false,
        position: 4,
        error: expect.objectContaining({ code: 'invalid_request', message: expect.stringContaining('object') }),
      },
      {
        order_no: d!.order_no,
        ok: false,
        position: 5,
        error: expect.objectContaining({ message: 'approve: is not allowed for refund' }),
      },
    ]);
    for (const o of [b, c, d])
      expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', o!.gateway_order_no)).toBe(0);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', a!.gateway_order_no)).toBe(1);
  });

  it('an invalid row among captures: the valid order is captured, the invalid one named', async () => {
    const [a, b] = await makeOrders(backend, 2, 'authorised');
    const res = await admin(backend, '/orders/capture', {
      body: { orders: [{ order_no: a!.order_no, reason: 'no' }, { order_no: b!.order_no }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        ok: false,
        position: 0,
        error: expect.objectContaining({ message: 'reason: is not allowed for capture' }),
      }),
      { order_no: b!.order_no, ok: true, status: 'paid' },
    ]);
  });

  it('a request that is wrong as a whole is still a 400 naming the field', async () => {
    for (const [body, path] of [
      [{}, 'orders'],
      [{ orders: [] }, 'orders'],
      [{ orders: 'ORD-1' }, 'orders'],
      [{ orders: [{ order_no: 'x' }], extra: 1 }, 'extra'],
    ] as const) {
      const res = await admin(backend, '/orders/cancel', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
  });
});
