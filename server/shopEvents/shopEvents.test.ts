/**
 * Order events to the shop's server (issue #21), end to end in one backend: real card payments on the sandbox,
 * refunds through the admin API, and a real receiver on loopback that checks each signature with its own HMAC
 * code. Events come exactly as the order's state changed, in order, signed; the owner's endpoint API refuses bad
 * input by field; the shop's key pulls the same events and cannot reach the owner's routes.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin, orderIn, refundsFinal } from '../../testing/adminClient';
import { callJson, payCard } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { BULK_ENV } from '../testing/makeOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { startShopEventWorker } from './startShopEventWorker';
import { type EventReceiver, startEventReceiver, verifySignature } from './testing/eventReceiver';

const FAST = {
  ...BULK_ENV,
  SHOP_EVENTS_POLL_MS: '100',
  SHOP_EVENTS_RETRY_BASE_MS: '50',
  SHOP_EVENTS_RETRY_MAX_MS: '200',
  SHOP_EVENTS_TIMEOUT_MS: '2000',
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('shop events', (store) => {
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  let receiver: EventReceiver;
  let endpoint: { id: string };
  let secret: string;

  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: FAST });
    worker = startShopEventWorker(backend.deps);
    receiver = await startEventReceiver();
    const res = await admin(backend, '/shop-endpoints', { body: { url: receiver.url } });
    expect(res.status).toBe(201);
    endpoint = res.body.endpoint;
    secret = res.body.secret;
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await backend?.close();
  });

  const typesOf = (orderNo: string) =>
    receiver.received.filter((r) => r.event.order?.order_no === orderNo).map((r) => r.event.type);

  it('creates an endpoint with a whsec_ secret shown once, never again', async () => {
    expect(secret).toMatch(/^whsec_/);
    const list = await admin(backend, '/shop-endpoints');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.endpoints[0]).toMatchObject({ id: endpoint.id, url: receiver.url, enabled: true });
    const audit = await admin(backend, '/events?kind=shop_endpoint');
    expect(JSON.stringify(audit.body)).not.toContain(secret);
  });

  it('sends authorised, paid, partially refunded, refunded, each signed, as the order moved', async () => {
    const { session } = await payCard(backend);
    const orderNo = session.order_no;
    await orderIn(backend, orderNo, 'authorised');
    await receiver.until(() => typesOf(orderNo).includes('order.authorised'), 'order.authorised');
    expect((await admin(backend, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } })).status).toBe(200);
    await orderIn(backend, orderNo, 'paid');
    await receiver.until(() => typesOf(orderNo).includes('order.paid'), 'order.paid');

    expect(
      (await admin(backend, '/orders/refund', { body: { orders: [{ order_no: orderNo, amount: '5.00' }] } })).status,
    ).toBe(200);
    await refundsFinal(backend, orderNo);
    await receiver.until(() => typesOf(orderNo).includes('order.partially_refunded'), 'order.partially_refunded');
    expect((await admin(backend, '/orders/refund', { body: { orders: [{ order_no: orderNo }] } })).status).toBe(200);
    await receiver.until(() => typesOf(orderNo).includes('order.refunded'), 'order.refunded');

    const mine = receiver.received.filter((r) => r.event.order?.order_no === orderNo);
    // in the order they happened, no repeats of a state
    expect(typesOf(orderNo)).toEqual(['order.authorised', 'order.paid', 'order.partially_refunded', 'order.refunded']);
    expect(mine[2]!.event.order).toMatchObject({ status: 'partially_refunded', refunded: '5.00' });
    expect(new Set(mine.map((r) => r.event.id)).size).toBe(mine.length);
    const last = mine.at(-1)!;
    expect(last.event.order).toMatchObject({ order_no: orderNo, status: 'refunded', refunded: '20.00' });
    for (const r of mine) {
      expect(verifySignature(r.signature, r.body, secret)).toBe(true);
      expect(r.eventId).toBe(r.event.id);
    }
    // a tampered body fails the receiver's check; so does an old timestamp (a replay)
    expect(verifySignature(last.signature, last.body.replace('"refunded"', '"paid"'), secret)).toBe(false);
    expect(verifySignature(last.signature, last.body, secret, Date.now() / 1000 + 301)).toBe(false);
    expect(verifySignature(last.signature, last.body, 'whsec_wrong')).toBe(false);
  });

  it('sends declined for a declined card, once', async () => {
    const { session } = await payCard(backend, '4000000000000002');
    await orderIn(backend, session.order_no, 'declined');
    await receiver.until(() => typesOf(session.order_no).includes('order.declined'), 'order.declined');
    // a sync asks the gateway again and finds the same status: no second event
    await admin(backend, '/orders/sync', { body: { orders: [{ order_no: session.order_no }] } });
    await backend.reconcile();
    const written = await backend.store.db
      .selectFrom('shop_events')
      .select('type')
      .where('order_no', '=', session.order_no)
      .execute();
    expect(written.map((e) => e.type)).toEqual(['order.declined']);
    expect(typesOf(session.order_no)).toEqual(['order.declined']);
  });

  it('lets the shop key pull the same events, oldest first, and refuses a bad cursor by field', async () => {
    const all = await callJson(`${backend.url}/api/events?limit=100`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    expect(all.status).toBe(200);
    const pulled = all.body.events.map((e: { id: string }) => e.id);
    const pushed = receiver.received.filter((r) => r.event.type !== 'endpoint.test').map((r) => r.event.id);
    expect(new Set(pulled)).toEqual(new Set(pushed));
    const page = await callJson(`${backend.url}/api/events?limit=1&after=${pulled[0]}`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    expect(page.body.events[0].id).toBe(pulled[1]);
    expect(page.body.has_more).toBe(pulled.length > 2);

    const bad = await callJson(`${backend.url}/api/events?after=evt_nope`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('after');
    const badLimit = await callJson(`${backend.url}/api/events?limit=101`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.fields[0].path).toBe('limit');
  });

  it('scopes: the shop key reads events but not the endpoints; no credential is 401', async () => {
    expect((await callJson(`${backend.url}/api/events`)).status).toBe(401);
    const asShop = await admin(backend, '/shop-endpoints', { token: backend.config.shopSecret });
    expect(asShop.status).toBe(403);
    const asShopCreate = await admin(backend, '/shop-endpoints', {
      token: backend.config.shopSecret,
      body: { url: receiver.url },
    });
    expect(asShopCreate.status).toBe(403);
    expect((await admin(backend, '/shop-endpoints', { token: null })).status).toBe(401);
  });

  it('refuses bad endpoint input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'url'],
      [{ url: 'ftp://x.example/' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: receiver.url, types: ['order.shipped'] }, 'types.0'],
      [{ url: receiver.url, types: [] }, 'types'],
      [{ url: receiver.url, colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await admin(backend, '/shop-endpoints', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const roll = await admin(backend, `/shop-endpoints/${endpoint.id}/roll-secret`, { body: { overlap_hours: -1 } });
    expect(roll.status).toBe(400);
    expect(roll.body.error.fields[0].path).toBe('overlap_hours');
    expect(
      (await admin(backend, '/shop-endpoints/we_nope', { method: 'PATCH', body: { enabled: false } })).status,
    ).toBe(404);
    const patch = await admin(backend, `/shop-endpoints/${endpoint.id}`, { method: 'PATCH', body: { enabled: 'yes' } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.fields[0].path).toBe('enabled');
  });

  it('signs with both secrets during a roll; sends a test event to that endpoint only; resends a delivery', async () => {
    const other = await startEventReceiver();
    try {
      const second = await admin(backend, '/shop-endpoints', { body: { url: other.url, types: ['order.paid'] } });
      const rolled = await admin(backend, `/shop-endpoints/${endpoint.id}/roll-secret`, { body: { overlap_hours: 2 } });
      expect(rolled.status).toBe(200);
      const fresh: string = rolled.body.secret;
      expect(fresh).not.toBe(secret);
      expect(rolled.body.endpoint.secrets).toHaveLength(2);

      const test = await admin(backend, `/shop-endpoints/${endpoint.id}/test`, { method: 'POST' });
      expect(test.status).toBe(202);
      const [got] = (
        await receiver.until((r) => r.some((x) => x.event.id === test.body.event_id), 'the test event')
      ).filter((x) => x.event.id === test.body.event_id);
      expect(got!.event.type).toBe('endpoint.test');
      expect(got!.signature.match(/v1=/g)).toHaveLength(2);
      expect(verifySignature(got!.signature, got!.body, secret)).toBe(true);
      expect(verifySignature(got!.signature, got!.body, fresh)).toBe(true);
      expect(other.received).toHaveLength(0);

      const before = receiver.received.filter((x) => x.event.id === test.body.event_id).length;
      const resent = await admin(backend, `/shop-endpoints/deliveries/${test.body.delivery_id}/resend`, {
        method: 'POST',
      });
      expect(resent.status).toBe(202);
      await receiver.until(
        (r) => r.filter((x) => x.event.id === test.body.event_id).length === before + 1,
        'the resend',
      );

      // the receiver has the resend before the backend has stored its answer: the row is delivered a moment later
      await vi.waitFor(
        async () => {
          const list = await admin(backend, `/shop-endpoints/deliveries?endpoint_id=${endpoint.id}&status=delivered`);
          const row = list.body.deliveries.find((d: { id: string }) => d.id === test.body.delivery_id);
          expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_answer: 'ok' });
        },
        { timeout: 15_000, interval: 50 },
      );
      expect((await admin(backend, '/shop-endpoints/deliveries?status=lost')).body.error.fields[0].path).toBe('status');

      // a roll with no overlap: only the new secret signs
      const now = await admin(backend, `/shop-endpoints/${endpoint.id}/roll-secret`, { body: { overlap_hours: 0 } });
      expect(now.body.endpoint.secrets).toHaveLength(1);
      expect((await admin(backend, `/shop-endpoints/${second.body.endpoint.id}`, { method: 'DELETE' })).status).toBe(
        204,
      );
      secret = now.body.secret;
    } finally {
      await other.close();
    }
  });
});
