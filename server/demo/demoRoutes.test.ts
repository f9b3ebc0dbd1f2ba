import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerShopEndpoint } from '../../scripts/registerShopEndpoint';
import { admin, orderIn } from '../../testing/adminClient';
import { callJson, payCard } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { startShopEventWorker } from '../shopEvents';
import { DEMO_SHIP_ON } from './demoShopEvents';

// #18: POST /demo/sessions is open to any visitor and took any return_url, so anyone could make a link that
// ends on this backend's return page and then forwards to a page of their choosing (an open redirect).
// #33: it took the whole session body from that visitor, shopper_id and allow_save_card included, so a stranger's
// session offered another shopper's saved cards; it was also served by any backend not in production.
describe('POST /demo/sessions', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ env: { DEMO: '1' } });
  });
  afterAll(() => backend?.close());

  const demoSession = (body: Record<string, unknown>) =>
    callJson(`${backend.url}/demo/sessions`, { body: { amount: '10.00', currency: 'USD', ...body } });
  const sessionRow = (id: string) =>
    backend.store.db
      .selectFrom('sessions')
      .select(['return_url', 'shopper_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const sessionCount = async () =>
    Number(
      (
        await backend.store.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['https://evil.example/', 'https://evil.example/?next=/', '//evil.example/', 'REPLACED_BY_OWN_PAGE'])(
    'refuses any return_url (%s), naming the field: the return is always the demo page',
    async (returnUrl) => {
      const given = returnUrl === 'REPLACED_BY_OWN_PAGE' ? `${backend.url}/admin` : returnUrl;
      const res = await demoSession({ return_url: given });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual([{ path: 'return_url', message: 'is not allowed' }]);
    },
  );

  it('creates the cart the demo page sends, returning to the demo page', async () => {
    const plain = await demoSession({
      country: 'US',
      items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '5.00', quantity: 2 }],
    });
    expect(plain.status).toBe(201);
    expect(await sessionRow(plain.body.id)).toEqual({ return_url: `${backend.url}/`, shopper_id: null });
    // the backend still checks the cart as it checks any shop's: the items must add up to the amount
    const wrong = await demoSession({ items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '5.00', quantity: 1 }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['amount']);
  });

  it("a stranger's demo session never sees another shopper's saved card", async () => {
    // a shopper of the shop has saved a card (the shop's own server made their sessions with their shopper_id)
    await (backend.store.db as Kysely<any>)
      .insertInto('saved_cards')
      .values({
        id: 'card_victim',
        shopper_id: 'cust-victim',
        token_hash: 'hash-of-the-victims-token',
        token_sealed: 'sealed-victims-token',
        legacy_token: null,
        label: 'Visa •••• 4242',
        attempt_id: null,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    const before = await sessionCount();
    // the stranger names that shopper: refused, naming each field a visitor may not set, and nothing created
    const res = await demoSession({ shopper_id: 'cust-victim', allow_save_card: true });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: 'shopper_id', message: 'is not allowed' },
      { path: 'allow_save_card', message: 'is not allowed' },
    ]);
    for (const field of ['shopper', 'metadata', 'order_no', 'account_owner'])
      expect((await demoSession({ [field]: {} })).body.error.fields, field).toEqual([
        { path: field, message: 'is not allowed' },
      ]);
    expect(await sessionCount()).toBe(before);
    // what the stranger can get: a session of no shopper, whose methods offer no saved card
    const own = await demoSession({});
    expect(own.status).toBe(201);
    const view = await callJson(`${backend.url}/api/sessions/${own.body.id}`, {
      headers: { 'X-Client-Secret': own.body.client_secret },
    });
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain('card_victim');
    expect(view.body.methods.flatMap((m: { saved_cards?: unknown[] }) => m.saved_cards ?? [])).toEqual([]);
    expect((await sessionRow(own.body.id)).shopper_id).toBeNull();
  });
});

// #33: the demo was served by every backend not started with NODE_ENV=production (`npm run server` included)
describe('a backend not asked for the demo', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  it('answers 404 on the demo page and every /demo route', async () => {
    expect(backend.config.demo).toBe(false);
    const asked = [
      ['GET', '/'],
      ['POST', '/demo/sessions'],
      ['POST', '/demo/shop-events'],
      ['GET', '/demo/shipments/DEMO-1'],
    ] as const;
    for (const [method, path] of asked) {
      const res = await fetch(`${backend.url}${path}`, {
        method,
        ...(method === 'POST'
          ? { headers: { 'Content-Type': 'application/json' }, body: '{"amount":"1.00","currency":"USD"}' }
          : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

// #21: the demo shop's server ships on the backend's signed order event, never on the browser's word (#34: order.authorised or order.paid)
describe('POST /demo/shop-events', () => {
  const SECRET = 'whsec_demo_test_secret';
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ env: { DEMO: '1', DEMO_SHOP_EVENTS_SECRET: SECRET } });
  });
  afterAll(() => backend?.close());

  const paidEvent = (id: string, orderNo: string) => ({
    id,
    type: 'order.paid',
    created_at: new Date().toISOString(),
    order: {
      order_no: orderNo,
      status: 'paid',
      amount: '33.00',
      currency: 'USD',
      transaction_id: 'T1',
      email: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      captured: '33.00',
      refunded: null,
      alert: null,
    },
  });
  /** The scheme of shared/contract/shopEvents.ts, written out here, not taken from the code under test. */
  const signatureOf = (body: string, secret = SECRET, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  const deliver = (body: string, signature: string | undefined) =>
    fetch(`${backend.url}/demo/shop-events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Checkout-Signature': signature } : {}) },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
  const shipment = async (orderNo: string) =>
    (await callJson(`${backend.url}/demo/shipments/${encodeURIComponent(orderNo)}`)).body;

  it('a correctly signed order.paid: the order is paid, ready to ship', async () => {
    expect(await shipment('DEMO-1')).toEqual({ order_no: 'DEMO-1', ready_to_ship: false });
    const body = JSON.stringify(paidEvent('evt_paid_1', 'DEMO-1'));
    const res = await deliver(body, signatureOf(body));
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await shipment('DEMO-1')).toMatchObject({
      order_no: 'DEMO-1',
      ready_to_ship: true,
      status: 'paid',
      event_id: 'evt_paid_1',
      amount: '33.00',
      currency: 'USD',
    });
  });

  it.each([
    ['another secret', (body: string) => signatureOf(body, 'whsec_someone_else'), 'no_match'],
    ['a body changed after signing', (body: string) => signatureOf(body.replace('DEMO-2', 'DEMO-X')), 'no_match'],
    ['no signature', () => undefined, 'malformed_header'],
    [
      'a signature ten minutes old',
      (body: string) => signatureOf(body, SECRET, Math.floor(Date.now() / 1000) - 600),
      'replay',
    ],
  ])('%s: 400 naming the header, nothing recorded', async (_name, sign, reason) => {
    const body = JSON.stringify(paidEvent('evt_bad', 'DEMO-2'));
    const res = await deliver(body, sign(body));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: 'Checkout-Signature', message: expect.stringContaining(reason) }]);
    expect(await shipment('DEMO-2')).toEqual({ order_no: 'DEMO-2', ready_to_ship: false });
  });

  it('the same event id again is acknowledged and recorded once', async () => {
    const first = JSON.stringify(paidEvent('evt_repeat', 'DEMO-3'));
    expect((await deliver(first, signatureOf(first))).body).toEqual({ received: true });
    const again = await deliver(first, signatureOf(first));
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // an event id is acted on once, whatever a later delivery under it carries
    const reused = JSON.stringify(paidEvent('evt_repeat', 'DEMO-4'));
    expect((await deliver(reused, signatureOf(reused))).body.duplicate).toBe(true);
    expect(await shipment('DEMO-3')).toMatchObject({ ready_to_ship: true, event_id: 'evt_repeat' });
    expect(await shipment('DEMO-4')).toEqual({ order_no: 'DEMO-4', ready_to_ship: false });
  });

  it('order.authorised (the money held) ships too, once per order; other events are acknowledged but ship nothing', async () => {
    const authorised = JSON.stringify({ ...paidEvent('evt_auth', 'DEMO-6'), type: 'order.authorised' });
    expect((await deliver(authorised, signatureOf(authorised))).status).toBe(200);
    expect(await shipment('DEMO-6')).toMatchObject({ ready_to_ship: true, status: 'authorised', event_id: 'evt_auth' });
    const paid = JSON.stringify(paidEvent('evt_paid_6', 'DEMO-6'));
    expect((await deliver(paid, signatureOf(paid))).status).toBe(200);
    expect(await shipment('DEMO-6')).toMatchObject({ status: 'authorised', event_id: 'evt_auth' });

    const body = JSON.stringify({ ...paidEvent('evt_declined', 'DEMO-5'), type: 'order.declined' });
    expect((await deliver(body, signatureOf(body))).status).toBe(200);
    expect(await shipment('DEMO-5')).toEqual({ order_no: 'DEMO-5', ready_to_ship: false });
  });
});

// #34: the demo account only authorises cards, so a demo shop that shipped on order.paid alone never shipped
describe('the demo shop ships on the event its payment produces', () => {
  const SECRET = 'whsec_demo_flow_secret_0123456789abcdef';
  let sandbox: Sandbox;
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({
      gatewayUrl: sandbox.url,
      env: { DEMO: '1', DEMO_SHOP_EVENTS_SECRET: SECRET, SHOP_EVENTS_POLL_MS: '100' },
    });
    // the event worker, as server/main.ts starts it beside the app
    worker = startShopEventWorker(backend.deps);
  });
  afterAll(async () => {
    await worker?.stop();
    await backend?.close();
    await sandbox?.close();
  });

  const shipment = async (orderNo: string) =>
    (await callJson(`${backend.url}/demo/shipments/${encodeURIComponent(orderNo)}`)).body;

  it('a card paid in the demo (authorised, not captured) is ready to ship once, and stays so when captured', async () => {
    const registration = {
      baseUrl: backend.url,
      adminToken: backend.config.adminToken ?? '',
      url: `${backend.url}/demo/shop-events`,
      secret: SECRET,
    };
    // a demo started before: its endpoint had order.paid only; this start gives it the events the demo ships on
    expect(await registerShopEndpoint({ ...registration, types: ['order.paid'] })).toEqual({ created: true });
    expect(await registerShopEndpoint({ ...registration, types: DEMO_SHIP_ON })).toEqual({
      created: false,
      updated: true,
    });
    expect((await admin(backend, '/shop-endpoints')).body.endpoints[0].types).toEqual([...DEMO_SHIP_ON]);

    const { session } = await payCard(backend);
    await orderIn(backend, session.order_no, 'authorised');
    const ready = await vi.waitFor(
      async () => {
        const s = await shipment(session.order_no);
        expect(s.ready_to_ship).toBe(true);
        return s;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(ready).toMatchObject({ status: 'authorised', amount: '20.00', currency: 'USD' });

    const captured = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: session.order_no }] } });
    expect(captured.status).toBe(200);
    await orderIn(backend, session.order_no, 'paid');
    // order.paid came too; the order was shipped once, on the first event
    await vi.waitFor(
      async () => {
        const deliveries = (await admin(backend, `/shop-endpoints/deliveries?order_no=${session.order_no}`)).body;
        expect(JSON.stringify(deliveries)).toContain('order.paid');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await shipment(session.order_no)).toMatchObject({ status: 'authorised', event_id: ready.event_id });
  });
});
