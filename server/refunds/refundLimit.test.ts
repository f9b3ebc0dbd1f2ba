import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';
import { payTwice } from '../testing/payTwice';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores(
  'the support role refunds up to the limit the owner sets, per order, per day and currency',
  (store) => {
    let backend: Backend;
    let support: string;
    let finance: string;
    beforeAll(async () => {
      backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
      const key = async (role: string) =>
        (await admin(backend, '/keys', { method: 'POST', body: { name: role, role } })).body.key as string;
      support = await key('support');
      finance = await key('finance');
    });
    afterAll(() => backend?.close());

    const refund = (token: string, orders: unknown[]) =>
      admin(backend, '/orders/refund', { method: 'POST', body: { orders }, token });

    it('with no limit set for a currency, support refunds nothing in it; owner and finance refund as before', async () => {
      const [a, b] = await makeOrders(backend, 2, 'paid');
      expect((await admin(backend, '/settings/support-refund-limit')).body).toEqual({ limits: [] });
      const res = await refund(support, [{ order_no: a!.order_no, amount: '1.00' }]);
      expect(res.body.results).toEqual([
        {
          order_no: a!.order_no,
          ok: false,
          error: {
            code: 'over_refund_limit',
            message: `the support role may not refund in ${a!.currency}: the owner has set no refund limit for ${a!.currency}`,
          },
        },
      ]);
      expect((await refund(finance, [{ order_no: b!.order_no }])).body.results[0]).toMatchObject({ ok: true });
    });

    it('each order of a bulk is held to the limit: a full refund counts as what is left', async () => {
      const [full, within, over] = await makeOrders(backend, 3, 'paid');
      const currency = full!.currency;
      const put = await admin(backend, '/settings/support-refund-limit', {
        method: 'PUT',
        body: { limits: [{ currency, amount: '20.00' }] },
      });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ limits: [{ currency, amount: '20.00' }] });
      const res = await refund(support, [
        { order_no: full!.order_no },
        { order_no: within!.order_no, amount: '20.00' },
        { order_no: over!.order_no, amount: '20.01' },
      ]);
      expect(res.status).toBe(200);
      const [a, b, c] = res.body.results;
      expect(a).toMatchObject({
        ok: false,
        error: {
          code: 'over_refund_limit',
          message: `the support role may refund at most 20.00 ${currency} per order (the owner's limit); 0.00 ${currency} of this order was refunded by the role already, this refund is ${full!.amount} ${currency}`,
        },
      });
      expect(b).toMatchObject({ order_no: within!.order_no, ok: true });
      expect(c).toMatchObject({ ok: false, error: { code: 'over_refund_limit' } });
      expect(c.error.message).toContain(`at most 20.00 ${currency}`);
      // a second refund of the same order adds up with the first: the limit is per order, not per refund (#32)
      expect((await refund(support, [{ order_no: within!.order_no, amount: '0.01' }])).body.results[0]).toMatchObject({
        ok: false,
        error: { code: 'over_refund_limit', message: expect.stringContaining('per order') },
      });
      // nothing over the limit reached the gateway or the journal
      const refunds = await backend.store.db
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .select('orders.order_no')
        .where('orders.order_no', 'in', [full!.order_no, over!.order_no])
        .execute();
      expect(refunds).toEqual([]);
    });

    it('the limit is set by owners only, checked field by field, and audited with before and after', async () => {
      const bad: [unknown, string][] = [
        [{ limits: [{ currency: 'USD', amount: '20' }] }, 'limits.0.amount'],
        [{ limits: [{ currency: 'usd', amount: '20.00' }] }, 'limits.0.currency'],
        [{ limits: [{ currency: 'JPY', amount: '20.00' }] }, 'limits.0.amount'],
        [
          {
            limits: [
              { currency: 'USD', amount: '1.00' },
              { currency: 'USD', amount: '2.00' },
            ],
          },
          'limits.1.currency',
        ],
        [{ limits: [{ currency: 'USD', amount: '-1.00' }] }, 'limits.0.amount'],
        [{}, 'limits'],
      ];
      for (const [body, path] of bad) {
        const res = await admin(backend, '/settings/support-refund-limit', { method: 'PUT', body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(path);
      }
      const before = (await admin(backend, '/settings/support-refund-limit')).body.limits;
      const refused = await admin(backend, '/settings/support-refund-limit', {
        method: 'PUT',
        body: { limits: [{ currency: 'USD', amount: '1000.00' }] },
        token: support,
      });
      expect(refused.status).toBe(403);
      const res = await admin(backend, '/settings/support-refund-limit', {
        method: 'PUT',
        body: { limits: [{ currency: 'USD', amount: '50.00' }, ...before] },
      });
      expect(res.status).toBe(200);
      const [line] = (await admin(backend, '/events?type=settings&limit=1')).body.events;
      expect(line).toMatchObject({
        actor: 'env:ADMIN_TOKEN',
        detail: { setting: 'support_refund_limit', before, after: res.body.limits },
      });
      expect(res.body.limits.map((l: { currency: string }) => l.currency)).toEqual(
        [...before.map((l: { currency: string }) => l.currency), 'USD'].sort(),
      );
    });

    it('25.00 in three requests under a 10.00 limit: the limit holds per order and per day, also when sent at once (#32)', async () => {
      const orders = await makeOrders(backend, 6, 'paid', '50.00');
      const currency = orders[0]!.currency;
      // a currency of its own for this test, so the day's total starts at zero
      const others = (await admin(backend, '/settings/support-refund-limit')).body.limits.filter(
        (l: { currency: string }) => l.currency !== currency,
      );
      await admin(backend, '/settings/support-refund-limit', {
        method: 'PUT',
        body: { limits: [...others, { currency, amount: '10.00' }] },
      });
      // what earlier tests of this file refunded today in the currency counts: start from a clean day
      await backend.store.db.updateTable('refunds').set({ limited_role: null }).execute();
      const one = orders[0]!.order_no;
      const results = [];
      for (const amount of ['8.00', '8.00', '9.00'])
        results.push((await refund(support, [{ order_no: one, amount }])).body.results[0]);
      expect(results.map((r) => r.ok)).toEqual([true, false, false]);
      expect(results[1].error.message).toContain(`at most 10.00 ${currency} per order`);

      // the day: 8.00 is used; another order may take 2.00 more, not 2.01
      expect(
        (await refund(support, [{ order_no: orders[1]!.order_no, amount: '2.01' }])).body.results[0],
      ).toMatchObject({
        ok: false,
        error: { code: 'over_refund_limit', message: expect.stringContaining('a day') },
      });
      // four requests at once on four orders, 2.00 each: exactly one fits in what is left of the day
      const atOnce = await Promise.all(
        orders.slice(2).map((o) => refund(support, [{ order_no: o.order_no, amount: '2.00' }])),
      );
      expect(atOnce.map((r) => r.body.results[0].ok).filter(Boolean)).toHaveLength(1);
      // finance is not held to it
      expect((await refund(finance, [{ order_no: one, amount: '20.00' }])).body.results[0]).toMatchObject({ ok: true });
    });

    it("the refund of a double payment's extra payment counts with the order's refunds, per order and per day (#32)", async () => {
      // BRL 10.00, paid twice; a currency and a day of their own for this test
      const { order, extra } = await payTwice(backend);
      await backend.store.db.updateTable('refunds').set({ limited_role: null }).execute();
      const others = (await admin(backend, '/settings/support-refund-limit')).body.limits.filter(
        (l: { currency: string }) => l.currency !== 'BRL',
      );
      const limitTo = (amount: string) =>
        admin(backend, '/settings/support-refund-limit', {
          method: 'PUT',
          body: { limits: [...others, { currency: 'BRL', amount }] },
        });
      const refundExtra = (token: string) =>
        admin(backend, `/orders/${order.order_no}/alerts/${extra.id}/refund`, { method: 'POST', token });
      await limitTo('10.00');
      expect((await refund(support, [{ order_no: order.order_no, amount: '1.00' }])).body.results[0].ok).toBe(true);
      // 1.00 of the order refunded by support: the extra 10.00 would make 11.00 of a 10.00 limit
      const over = await refundExtra(support);
      expect(over.status).toBe(403);
      expect(over.body.error.message).toBe(
        "the support role may refund at most 10.00 BRL per order (the owner's limit); 1.00 BRL of this order was refunded by the role already, this refund is 10.00 BRL",
      );
      expect((await admin(backend, `/orders/${order.order_no}`)).body.alerts[0].refund).toBeNull();
      // under 15.00 it fits, and then counts: 11.00 of the order and of the day are used
      await limitTo('15.00');
      expect((await refundExtra(support)).status).toBe(200);
      const ofOrder = await refund(support, [{ order_no: order.order_no, amount: '5.00' }]);
      expect(ofOrder.body.results[0]).toMatchObject({
        ok: false,
        error: { code: 'over_refund_limit', message: expect.stringContaining('11.00 BRL of this order was refunded') },
      });
      const [other] = await makeOrders(backend, 1, 'paid');
      expect(other!.currency).toBe('BRL');
      const ofDay = await refund(support, [{ order_no: other!.order_no, amount: '4.01' }]);
      expect(ofDay.body.results[0]).toMatchObject({
        ok: false,
        error: {
          code: 'over_refund_limit',
          message: expect.stringContaining('11.00 BRL was refunded by the role today'),
        },
      });
      expect((await refund(support, [{ order_no: other!.order_no, amount: '4.00' }])).body.results[0].ok).toBe(true);
    });
  },
);
