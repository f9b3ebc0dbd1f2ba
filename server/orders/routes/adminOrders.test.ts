import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { pressIssuerButton } from '../../gateway/testing/playShopper';
import { writeAuditEvent } from '../auditEvents';
import { callJson, createSession, paymentBody, startPix } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';
import { admin, refundsFinal } from '../../../testing/adminClient';
import { makeOrders, type MadeOrder } from '../../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('orders, events and stats for the owner', (store) => {
  let backend: Backend;
  let paid: MadeOrder[];
  let zoe: string;
  let unpaid: string;
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
    paid = await makeOrders(backend, 2, 'paid');
    // one paid by a shopper with their own e-mail, one never paid
    const s = await createSession(backend, {
      amount: '12.34',
      currency: 'BRL',
      items: undefined,
      country: 'BR',
      order_no: `zoe_${randomUUID().slice(0, 8)}`,
    });
    const body = paymentBody(s.client_secret, 'pix');
    const pay = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: { ...body, shopper: { ...body.shopper, email: 'Zoe.Q@Example.org' } },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    await pressIssuerButton(pay.body.action.url, 'approve');
    zoe = s.order_no;
    await vi.waitFor(
      async () => expect((await admin(backend, `/orders/${zoe}`)).body.status, 'zoe paid').toBe('paid'),
      { timeout: 10_000 },
    );
    unpaid = (await createSession(backend, { amount: '7.00', currency: 'USD', items: undefined })).order_no;
  });
  afterAll(() => backend?.close());

  const orderNos = (res: { body: { orders: { order_no: string }[] } }) => res.body.orders.map((o) => o.order_no);

  it('lists orders newest first, filtered by status, date and text, in cursor pages', async () => {
    const all = await admin(backend, '/orders');
    // the paid ones were made concurrently: which of them the store holds as newer is its own (created_at, then id)
    expect(orderNos(all).slice(0, 2)).toEqual([unpaid, zoe]);
    expect(orderNos(all).slice(2).sort()).toEqual(paid.map((p) => p.order_no).sort());
    const created = all.body.orders.map((o: { created_at: string }) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.body.orders).toHaveLength(4);
    expect(all.body.total).toBe(4);
    expect(all.body.orders[0]).toEqual({
      order_no: unpaid,
      status: 'created',
      amount: '7.00',
      currency: 'USD',
      transaction_id: null,
      email: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      captured: null,
      refunded: null,
      alert: null,
      method: null,
    });
    expect(all.body.orders.find((o: { order_no: string }) => o.order_no === zoe)).toMatchObject({
      method: 'pix',
      status: 'paid',
      amount: '12.34',
      captured: '12.34',
      email: 'Zoe.Q@Example.org',
    });

    expect(orderNos(await admin(backend, '/orders?status=created'))).toEqual([unpaid]);
    // the count is of the whole filter, not of the page
    expect((await admin(backend, '/orders?status=paid&limit=1')).body).toMatchObject({ total: 3 });
    expect((await admin(backend, '/orders?q=zoe.q@EXAMPLE')).body.total).toBe(1);
    expect(orderNos(await admin(backend, '/orders?q=zoe.q@EXAMPLE'))).toEqual([zoe]);
    expect(orderNos(await admin(backend, `/orders?q=${encodeURIComponent(paid[0]!.transaction_id)}`))).toEqual([
      paid[0]!.order_no,
    ]);
    expect(orderNos(await admin(backend, '/orders?q=%25'))).toEqual([]); // a literal "%", not a wildcard
    expect(orderNos(await admin(backend, `/orders?from=${today}&to=${today}&status=`))).toHaveLength(4);
    expect(orderNos(await admin(backend, `/orders?from=${tomorrow}`))).toEqual([]);

    const seen: string[] = [];
    let cursor = '';
    for (let pages = 0; pages < 3; pages++) {
      const page = await admin(backend, `/orders?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...orderNos(page));
      if (!page.body.next_cursor) break;
      cursor = page.body.next_cursor;
    }
    expect(seen).toEqual(orderNos(all));

    const bad = await admin(backend, '/orders?status=shipped&limit=0&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['from', 'limit', 'status']);
  });

  it('shows one order with its history, attempts and refunds', async () => {
    const refund = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: paid[0]!.order_no, amount: '5.00' }] },
    });
    expect(refund.body.results[0]).toMatchObject({ ok: true });
    await refundsFinal(backend, paid[0]!.order_no);
    // the refund's state and the order's status come from two answers (refund search, query): waited for together
    const { body, status } = await vi.waitFor(
      async () => {
        const res = await admin(backend, `/orders/${paid[0]!.order_no}`);
        expect(res.body.status).toBe('partially_refunded');
        return res;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      order_no: paid[0]!.order_no,
      status: 'partially_refunded',
      captured: '50.00',
      refunded: '5.00',
    });
    expect(body.attempts).toEqual([
      expect.objectContaining({
        seq: 1,
        gateway_order_no: paid[0]!.gateway_order_no,
        method: 'pix',
        status: 'partially_refunded',
      }),
    ]);
    expect(body.attempts[0]).not.toHaveProperty('request_hash');
    expect(body.refunds).toEqual([
      expect.objectContaining({
        seq: 1,
        amount: '5.00',
        currency: 'BRL',
        status: 'succeeded',
        refund_reference_id: expect.stringMatching(/-01$/),
      }),
    ]);
    const types = body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['payment', 'gateway_call', 'notification', 'transition', 'refund']));
    const times = body.events.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort());
    expect((await admin(backend, '/orders/no-such-order')).status).toBe(404);
  });

  it('audit log: filter by order and type, page by cursor, secrets and card numbers masked', async () => {
    await writeAuditEvent(backend.store.db, {
      kind: 'gateway_call',
      summary: 'card 4242 4242 4242 4242 and order 1234567890123456 seen',
      order_no: paid[1]!.gateway_order_no,
      detail: {
        request: { encryption_data: 'abcdef0123', card_number: '4000000000000002', note: 'pan 4000000000000077' },
      },
    });
    const mine = await admin(backend, `/events?order_no=${paid[1]!.order_no}`);
    expect(mine.status).toBe(200);
    expect(mine.body.events.length).toBeGreaterThan(2);
    expect(mine.body.events.every((e: { order_no: string }) => e.order_no === paid[1]!.order_no)).toBe(true);
    const planted = mine.body.events[0];
    expect(planted).toMatchObject({
      type: 'gateway_call',
      gateway_order_no: paid[1]!.gateway_order_no,
      summary: 'card **** **** **** 4242 and order 1234567890123456 seen',
    });
    expect(planted.detail).toEqual({
      request: { encryption_data: '***', card_number: '***0002', note: 'pan ************0077' },
    });

    const notifications = await admin(backend, '/events?type=notification&limit=2');
    expect(notifications.body.events).toHaveLength(2);
    expect(notifications.body.events.every((e: { type: string }) => e.type === 'notification')).toBe(true);
    const next = await admin(backend, `/events?type=notification&limit=2&cursor=${notifications.body.next_cursor}`);
    expect(next.body.events[0].id).toBeLessThan(notifications.body.events[1].id);
    expect(JSON.stringify((await admin(backend, '/events?limit=200')).body)).not.toMatch(/4242424242424242|sk_sandbox/);
  });

  it('stats: orders per day, status and currency with their volume; money per day it moved', async () => {
    const { body } = await admin(backend, `/stats?from=${today}&to=${today}`);
    expect(body.days).toEqual(
      expect.arrayContaining([
        { date: today, status: 'created', currency: 'USD', count: 1, volume_minor: 700 },
        { date: today, status: 'paid', currency: 'BRL', count: 2, volume_minor: 5000 + 1234 },
        { date: today, status: 'partially_refunded', currency: 'BRL', count: 1, volume_minor: 5000 },
      ]),
    );
    expect(body.days).toHaveLength(3);
    // three BRL orders paid today (50.00, 50.00, 12.34), 5.00 of one refunded today (#32)
    expect(body.money).toEqual([
      {
        date: today,
        currency: 'BRL',
        gross_minor: 5000 + 5000 + 1234,
        refunded_minor: 500,
        lost_minor: 0,
        net_minor: 5000 + 5000 + 1234 - 500,
      },
    ]);
    expect((await admin(backend, `/stats?from=${tomorrow}&to=${today}`)).body.error.fields).toEqual([
      { path: 'to', message: 'must not be before from' },
    ]);
  });

  it("a pending APM order keeps the gateway's transaction id, and the text filter finds the order by it", async () => {
    const { session } = await startPix(backend);
    const order = (await admin(backend, `/orders/${session.order_no}`)).body;
    expect(order.status).toBe('pending');
    expect(order.transaction_id, 'the id /v1/authorise answered').toEqual(expect.any(String));
    expect(order.attempts[0].transaction_id).toBe(order.transaction_id);
    expect(orderNos(await admin(backend, `/orders?q=${encodeURIComponent(order.transaction_id)}`))).toEqual([
      session.order_no,
    ]);
  });
});
