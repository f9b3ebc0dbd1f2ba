import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';

// #18: POST /demo/sessions is open to any visitor and took any return_url, so anyone could make a link that
// ends on this backend's return page and then forwards to a page of their choosing (an open redirect).
describe('POST /demo/sessions', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  const demoSession = (body: Record<string, unknown>) =>
    callJson(`${backend.url}/demo/sessions`, { body: { amount: '10.00', currency: 'USD', ...body } });
  const returnUrlOf = async (id: string) =>
    (await backend.store.db.selectFrom('sessions').select('return_url').where('id', '=', id).executeTakeFirstOrThrow())
      .return_url;

  it.each(['https://evil.example/', 'https://evil.example/?next=/', '//evil.example/'])(
    'refuses return_url %s, naming the field',
    async (returnUrl) => {
      const res = await demoSession({ return_url: returnUrl });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['return_url']);
    },
  );

  it('refuses another page of this backend too: only the demo page is a demo return', async () => {
    const res = await demoSession({ return_url: `${backend.url}/admin` });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: 'return_url', message: `must be the demo page (${backend.url}/) or left out` },
    ]);
  });

  it('returns to the demo page when none is given, and accepts the demo page itself', async () => {
    const plain = await demoSession({});
    expect(plain.status).toBe(201);
    expect(await returnUrlOf(plain.body.id)).toBe(`${backend.url}/`);
    const own = await demoSession({ return_url: `${backend.url}/?paid=1` });
    expect(own.status).toBe(201);
    expect(await returnUrlOf(own.body.id)).toBe(`${backend.url}/?paid=1`);
  });
});

// #21: the demo shop's server ships on the backend's signed order.paid event, never on the browser's word
describe('POST /demo/shop-events', () => {
  const SECRET = 'whsec_demo_test_secret';
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ env: { DEMO_SHOP_EVENTS_SECRET: SECRET } });
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

  it('other events are acknowledged but ship nothing', async () => {
    const body = JSON.stringify({ ...paidEvent('evt_auth', 'DEMO-5'), type: 'order.authorised' });
    expect((await deliver(body, signatureOf(body))).status).toBe(200);
    expect(await shipment('DEMO-5')).toEqual({ order_no: 'DEMO-5', ready_to_ship: false });
  });
});
