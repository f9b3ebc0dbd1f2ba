import { afterAll, beforeAll, expect, it } from 'vitest';
import { settleAttempt } from '../orders/settleAttempt';
import { newAttempt, newOrder } from '../checkout/testing/paymentFixtures';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { recordOrderEvents } from './recordOrderEvents';

describeOnStores('order events of attempts that start and settle', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  const eventsOf = async (orderId: string) =>
    (
      await backend.store.db
        .selectFrom('shop_events')
        .select('type')
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);
  const settle = (attempt: Awaited<ReturnType<typeof newAttempt>>, status: 'pending' | 'declined') =>
    settleAttempt(backend.deps, attempt, { status, message: status === 'declined' ? 'D:no' : null }, {
      status: 200,
      body: {},
    } as never);

  // a new attempt clears the order's event mark in the update that makes it current (server/orders/orders.ts), and the
  // mirror's update hands the settled order to recordOrderEvents without a read: the events stay the same
  it('a second declined attempt is news again; a pending one and a repeated status are not', async () => {
    const { order } = await newOrder(backend.deps);
    const first = await newAttempt(backend.deps, order);
    await settle(first, 'declined');
    expect(await eventsOf(order.id)).toEqual(['order.declined']);
    const second = await newAttempt(backend.deps, order);
    expect(await eventsOf(order.id)).toEqual(['order.declined']);
    await settle(second, 'declined');
    expect(await eventsOf(order.id)).toEqual(['order.declined', 'order.declined']);
    const third = await newAttempt(backend.deps, order);
    await settle(third, 'pending');
    expect(await eventsOf(order.id)).toEqual(['order.declined', 'order.declined']);
    // an earlier attempt settling again changes nothing: it has left `created`, and is no longer the current one
    await settle(first, 'declined');
    expect(await eventsOf(order.id)).toEqual(['order.declined', 'order.declined']);
  });

  // the gateway's status may say partially refunded before the refund itself is recorded as succeeded: the shop
  // was told `partially_refunded` with refunded 0.00, then again with 5.00 (a flaky shopEvents test on PostgreSQL)
  it('a partial refund is told once, when its amount is known, not first with nothing refunded', async () => {
    const { order } = await newOrder(backend.deps);
    const { db } = backend.store;
    const at = () => new Date().toISOString();
    await db
      .updateTable('orders')
      .set({ status: 'partially_refunded', refunded_minor: 0 })
      .where('id', '=', order.id)
      .execute();
    await recordOrderEvents(db, [order.id], at());
    expect(await eventsOf(order.id)).toEqual([]);
    await db.updateTable('orders').set({ refunded_minor: 500 }).where('id', '=', order.id).execute();
    await recordOrderEvents(db, [order.id], at());
    await recordOrderEvents(db, [order.id], at());
    expect(await eventsOf(order.id)).toEqual(['order.partially_refunded']);
  });
});
