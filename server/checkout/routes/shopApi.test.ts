import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, listPayouts, orderOf, paymentMethods } from '../../../testing/adminClient';
import { callJson, createSession, paidPixOrder } from '../../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

const SHOP_SECRET = 'the-shop-secret-0123456789';
const ADMIN_TOKEN = 'the-admin-token-0123456789';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/** A GET as the shop's server makes it: `token` as the Bearer (null: no Authorization header). */
function shopGet(backend: Backend, path: string, token: string | null = SHOP_SECRET) {
  return callJson(`${backend.url}${path}`, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

describeOnStores("the shop server's reads", (store) => {
  let backend: Backend;
  // the backend's clock, moved by a test to see a session expire
  let clockOffsetMs = 0;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { SHOP_SECRET, ADMIN_TOKEN, AUTH_FAILURES_PER_IP: '1000' },
      now: () => new Date(Date.now() + clockOffsetMs),
    });
  });
  afterAll(() => backend?.close());

  describe('GET /api/orders/:order_no', () => {
    it('401 without a credential or with a wrong one, naming the scheme; 403 for the owner token', async () => {
      const s = await createSession(backend);
      for (const token of [null, 'wrong-secret', `${SHOP_SECRET}x`]) {
        const res = await shopGet(backend, `/api/orders/${s.order_no}`, token);
        expect(res.status, String(token)).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="shop secret"');
      }
      // the owner works in the admin API; the shop's routes hold the shop's powers only (shared/contract/roles.ts)
      const asOwner = await shopGet(backend, `/api/orders/${s.order_no}`, ADMIN_TOKEN);
      expect(asOwner.status).toBe(403);
      expect(asOwner.body.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('shop.read') });
    });

    it('404 for an order it does not have', async () => {
      const res = await shopGet(backend, '/api/orders/NO-SUCH-ORDER');
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'no order NO-SUCH-ORDER' });
    });

    it('the order as the admin API shows it, before and after it is paid', async () => {
      const s = await createSession(backend);
      const created = await shopGet(backend, `/api/orders/${s.order_no}`);
      expect(created.status).toBe(200);
      expect(created.headers.get('cache-control')).toBe('no-store');
      expect(created.body).toMatchObject({ order_no: s.order_no, status: 'created', amount: '33.00', captured: null });

      const paid = await paidPixOrder(backend);
      const res = await shopGet(backend, `/api/orders/${paid.order_no}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ order_no: paid.order_no, status: 'paid', amount: '10.00', currency: 'BRL' });
      const { order_no, status, amount, currency, transaction_id, captured, refunded, alert, created_at, updated_at } =
        await orderOf(backend, paid.order_no);
      expect(res.body).toEqual({
        order_no,
        status,
        amount,
        currency,
        transaction_id,
        email: 'ana@example.com',
        created_at,
        updated_at,
        captured,
        refunded,
        alert,
      });
    });
  });

  describe('GET /api/sessions/:id with a shop credential', () => {
    it('401 without any credential (widget or shop) and with a wrong shop credential; 403 for the owner', async () => {
      const s = await createSession(backend);
      const none = await shopGet(backend, `/api/sessions/${s.id}`, null);
      expect(none.status).toBe(401);
      expect(none.body.error.message).toContain('X-Client-Secret');
      const wrong = await shopGet(backend, `/api/sessions/${s.id}`, 'wrong-secret');
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="shop secret"');
      const asOwner = await shopGet(backend, `/api/sessions/${s.id}`, ADMIN_TOKEN);
      expect(asOwner.status).toBe(403);
      expect(asOwner.body.error.code).toBe('forbidden');
    });

    it('404 for a session it does not have', async () => {
      const res = await shopGet(backend, '/api/sessions/ses_nope');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    });

    it("the session's state and the order's payment state: open, then complete once paid", async () => {
      const s = await createSession(backend);
      const open = await shopGet(backend, `/api/sessions/${s.id}`);
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBe('no-store');
      expect(open.body).toEqual({
        id: s.id,
        status: 'open',
        order_no: s.order_no,
        amount: '33.00',
        currency: 'USD',
        expires_at: s.expires_at,
        order: expect.objectContaining({ order_no: s.order_no, status: 'created', amount: '33.00' }),
      });
      // nothing of the widget's view (methods, items, the shopper's prefill)
      expect(open.body.methods).toBeUndefined();

      const paid = await paidPixOrder(backend);
      const complete = await shopGet(backend, `/api/sessions/${paid.id}`);
      expect(complete.body).toMatchObject({ status: 'complete', order: { status: 'paid', captured: '10.00' } });
      expect(complete.body.order).toEqual((await shopGet(backend, `/api/orders/${paid.order_no}`)).body);
    });

    it('expired once its time ran out with nothing paid; a paid one stays complete', async () => {
      const s = await createSession(backend);
      const paid = await paidPixOrder(backend);
      clockOffsetMs = 2 * backend.config.sessionTtlMs;
      try {
        expect((await shopGet(backend, `/api/sessions/${s.id}`)).body.status).toBe('expired');
        expect((await shopGet(backend, `/api/sessions/${paid.id}`)).body.status).toBe('complete');
      } finally {
        clockOffsetMs = 0;
      }
    });

    it("the widget's reads are unchanged: its client secret in X-Client-Secret or as a Bearer", async () => {
      const s = await createSession(backend);
      const ways: Record<string, string>[] = [
        { 'X-Client-Secret': s.client_secret },
        { Authorization: `Bearer ${s.client_secret}` },
      ];
      for (const headers of ways) {
        const res = await callJson(`${backend.url}/api/sessions/${s.id}`, { headers });
        expect(res.status).toBe(200);
        expect(res.body.methods.length).toBeGreaterThan(0);
      }
      // a wrong client secret is still the widget's 404, which says nothing about which ids exist
      const wrong = await callJson(`${backend.url}/api/sessions/${s.id}`, {
        headers: { 'X-Client-Secret': `${s.client_secret}x` },
      });
      expect(wrong.status).toBe(404);
    });
  });

  it('the shop secret can refund, capture, cancel, review, pay out or change methods nowhere: 403, nothing done', async () => {
    const paid = await paidPixOrder(backend);
    const before = await orderOf(backend, paid.order_no);
    const methodsBefore = await paymentMethods(backend);
    const orders = [{ order_no: paid.order_no }];
    const attempts: { method: string; path: string; body?: unknown }[] = [
      { method: 'POST', path: '/orders/refund', body: { orders } },
      { method: 'POST', path: '/orders/capture', body: { orders } },
      { method: 'POST', path: '/orders/cancel', body: { orders } },
      { method: 'POST', path: '/orders/review', body: { orders: [{ order_no: paid.order_no, approve: false }] } },
      { method: 'POST', path: '/orders/sync', body: { order_nos: [paid.order_no] } },
      {
        method: 'POST',
        path: '/payouts',
        body: { payment_amount: '10.00', payment_currency: 'EUR', beneficiary: { company_name: 'ACME' } },
      },
      { method: 'PUT', path: '/payment-methods', body: { methods: [] } },
      { method: 'GET', path: `/orders/${paid.order_no}` },
    ];
    for (const attempt of attempts) {
      const res = await admin(backend, attempt.path, {
        method: attempt.method,
        body: attempt.body,
        token: SHOP_SECRET,
        headers: { 'Idempotency-Key': `shop-${attempt.path}` },
      });
      expect(res.status, `${attempt.method} ${attempt.path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const after = await orderOf(backend, paid.order_no);
    expect({ status: after.status, refunds: after.refunds, refunded: after.refunded }).toEqual({
      status: before.status,
      refunds: [],
      refunded: null,
    });
    expect(await listPayouts(backend)).toMatchObject({ payouts: [] });
    expect(await paymentMethods(backend)).toEqual(methodsBefore);
  });
});

describe("failed shop credentials count as guesses; the widget's wrong client secrets do not", () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ env: { SHOP_SECRET, AUTH_FAILURES_PER_IP: '3' } });
  });
  afterAll(() => backend?.close());

  it('locks out after 3 wrong shop keys on the order and session reads, even the right key', async () => {
    const s = await createSession(backend);
    for (let i = 0; i < 5; i++) {
      const widget = await callJson(`${backend.url}/api/sessions/${s.id}`, {
        headers: { 'X-Client-Secret': `${s.client_secret}${i}` },
      });
      expect(widget.status).toBe(404);
    }
    expect((await shopGet(backend, `/api/orders/${s.order_no}`)).status).toBe(200);
    expect((await shopGet(backend, `/api/orders/${s.order_no}`, 'guess-1')).status).toBe(401);
    expect((await shopGet(backend, `/api/sessions/${s.id}`, 'guess-2')).status).toBe(401);
    expect((await shopGet(backend, `/api/orders/${s.order_no}`, 'guess-3')).status).toBe(401);
    const locked = await shopGet(backend, `/api/sessions/${s.id}`);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
