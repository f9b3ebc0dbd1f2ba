import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { admin } from '../../../testing/adminClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';
import { makeOrders } from '../../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/**
 * Issue #32, "Reading it": the order page's data in the owner's terms. The card it was paid with (from the gateway's
 * query record, brand and last four only), a timeline naming who captured it, and the shopper's device fields (cookies,
 * fingerprint, IP) shown to an owner only.
 */
describeOnStores("an order as its owner's team reads it", (store) => {
  let backend: Backend;
  let orderNo: string;
  let support: string;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
    const [made] = await makeOrders(backend, 1, 'authorised');
    orderNo = made!.order_no;
    const captured = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } });
    expect(captured.body.results).toEqual([{ order_no: orderNo, ok: true, status: 'paid' }]);
    const key = await admin(backend, '/keys', { method: 'POST', body: { name: 'desk', role: 'support' } });
    expect(key.status).toBe(201);
    support = key.body.key;
  });
  afterAll(() => backend?.close());

  it('names the card by brand and last four, and tells the order as a timeline: authorised, captured by whom', async () => {
    const order = await vi.waitFor(
      async () => {
        const o = (await admin(backend, `/orders/${orderNo}`)).body;
        expect(o.card).not.toBeNull();
        return o;
      },
      { timeout: 10_000 },
    );
    expect(order.card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(order.method).toBe('card');
    expect(JSON.stringify(order)).not.toContain('4242424242424242');
    const told = order.timeline.map((e: { what: string }) => e.what);
    expect(told.slice(0, 2)).toEqual(['created', 'payment_started']);
    expect(told).toContain('authorised');
    expect(order.timeline.find((e: { what: string }) => e.what === 'captured')).toMatchObject({
      what: 'captured',
      by: 'env:ADMIN_TOKEN',
      amount: '20.00',
      currency: order.currency,
    });
    expect(told.indexOf('authorised')).toBeLessThan(told.indexOf('captured'));
  });

  // the shopper's return asks the gateway only while the payment is open; here (as on a loaded machine) the
  // notification settles it first and the return never comes: the notification is then followed by the query
  it('names the card of an order the notification authorised before the shopper came back, before anyone acts on it', async () => {
    const [unreturned] = await makeOrders(backend, 1, 'authorised');
    const card = async () => (await admin(backend, `/orders/${unreturned!.order_no}`)).body.card;
    await vi.waitFor(async () => expect(await card()).toEqual({ brand: 'Visa', last4: '4242' }), { timeout: 10_000 });
    expect((await admin(backend, `/orders/${unreturned!.order_no}`)).body.status).toBe('authorised');
  });

  it("shows the shopper's cookies, fingerprint and IP to an owner only", async () => {
    const asOwner = (await admin(backend, `/orders/${orderNo}`)).body.attempts[0];
    expect(asOwner.device_hidden).toBe(false);
    expect(Object.keys(asOwner.payment_order)).toEqual(
      expect.arrayContaining(['shopper_ip', 'device_fingerprint', 'cookie_new']),
    );
    const res = await admin(backend, `/orders/${orderNo}`, { token: support });
    expect(res.status).toBe(200);
    const asSupport = res.body.attempts[0];
    expect(asSupport.device_hidden).toBe(true);
    for (const field of ['shopper_ip', 'device_fingerprint', 'cookie_new', 'cookie_old', 'user_agent'])
      expect(asSupport.payment_order, field).not.toHaveProperty(field);
    // the rest of what was sent stays: support reads the amount and the order number the gateway got
    expect(asSupport.payment_order).toMatchObject({ order_no: asOwner.payment_order.order_no, amount: '20.00' });
  });
});
