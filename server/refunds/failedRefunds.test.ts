import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin, refundsFinal } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('failed refunds can be found without opening every order (issue #32)', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  it('lists the failed refunds not sent again, with amount and why; a retry takes one off the list', async () => {
    const [failing, fine] = await makeOrders(backend, 2, 'paid');
    await sandboxApi(sandbox.url).refundOutcome(failing!.gateway_order_no, 'fail');
    const sent = await admin(backend, '/orders/refund', {
      body: {
        orders: [{ order_no: failing!.order_no, amount: '7.50', reason: 'broken' }, { order_no: fine!.order_no }],
      },
    });
    // the failing one may have failed already by the time the gateway answered, or fail a moment later
    expect(sent.body.results[1], JSON.stringify(sent.body)).toMatchObject({ ok: true });
    await refundsFinal(backend, failing!.order_no);
    await refundsFinal(backend, fine!.order_no);

    const list = await admin(backend, '/refunds?status=failed');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      total: 1,
      refunds: [
        expect.objectContaining({
          order_no: failing!.order_no,
          seq: 1,
          amount: '7.50',
          currency: failing!.currency,
          reason: 'broken',
          message: expect.stringMatching(/.+/),
        }),
      ],
    });

    const retried = await admin(backend, `/orders/${failing!.order_no}/refunds/1/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    expect((await admin(backend, '/refunds?status=failed')).body).toEqual({ total: 0, refunds: [] });
    const wrong = await admin(backend, '/refunds?status=all');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields[0].path).toBe('status');
  });
});
