import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopEvent } from '../../../shared/contract/shopEvents';
import { serveOnLoopback } from '../../../server/testing/serveOnLoopback';
import { startBackend, type Backend } from '../../../server/testing/startBackend';
import { describeOnStores } from '../../../server/testing/storeVariants';
import { freePort } from '../../../testing/freePort';
import { approveOnIssuerPage, followReturn, startPayment } from '../../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { CheckoutApiError, createCheckoutClient } from './index';

const SHOP_SECRET = 'the-shop-secret-0123456789';
const ADMIN_TOKEN = 'the-admin-token-0123456789';

/** The CheckoutApiError a call fails with (or a test failure when it succeeds). */
async function failure(call: Promise<unknown>): Promise<CheckoutApiError> {
  const outcome = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (outcome instanceof CheckoutApiError) return outcome;
  throw new Error(`expected a CheckoutApiError, got ${String(outcome)}`);
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('the typed client against a backend and the sandbox', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { SHOP_SECRET, ADMIN_TOKEN, AUTH_FAILURES_PER_IP: '1000' },
    });
  });
  afterAll(() => backend?.close());

  const client = (apiKey = SHOP_SECRET) => createCheckoutClient({ baseUrl: `${backend.url}/`, apiKey });

  it('creates a session, reads it and its order, and reads them again once paid', async () => {
    const checkout = client();
    const orderNo = `C-${Date.now()}`;
    const created = await checkout.createSession({
      order_no: orderNo,
      amount: '10.00',
      currency: 'BRL',
      country: 'BR',
    });
    expect(created).toMatchObject({ id: expect.stringMatching(/^ses_/), order_no: orderNo });

    const session = await checkout.getSession(created.id);
    expect(session).toMatchObject({ id: created.id, status: 'open', amount: '10.00', currency: 'BRL' });
    expect(session.order).toMatchObject({ order_no: orderNo, status: 'created' });

    const started = await startPayment(backend, created, 'pix');
    expect(started.status).toBe(200);
    await followReturn(await approveOnIssuerPage(started.body.action.url));

    const order = await checkout.getOrder(orderNo);
    expect(order).toMatchObject({ order_no: orderNo, status: 'paid', captured: '10.00', refunded: null });
    expect((await checkout.getSession(created.id)).status).toBe('complete');
  });

  it('retries a createSession whose answer was lost with the same Idempotency-Key: one session, its secret', async () => {
    const keys: (string | null)[] = [];
    let lose = 1;
    // the request reaches the backend, which creates the session; its answer never comes back
    const losingFetch: typeof fetch = async (input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      const res = await fetch(input, init);
      if (lose-- > 0) {
        await res.body?.cancel();
        throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    };
    const checkout = createCheckoutClient({
      baseUrl: backend.url,
      apiKey: SHOP_SECRET,
      fetch: losingFetch,
      retryDelayMs: 10,
    });
    const orderNo = `C-lost-${Date.now()}`;
    const created = await checkout.createSession({ order_no: orderNo, amount: '5.00', currency: 'USD' });
    expect(created.order_no).toBe(orderNo);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
    // the secret answered by the repeat is the session's: the widget can read it
    const view = await fetch(`${backend.url}/api/sessions/${created.id}`, {
      headers: { 'X-Client-Secret': created.client_secret },
    });
    expect(view.status).toBe(200);

    // the caller's own key (its cart id), used again after a restart: the same session, not a 409
    const cartKey = `cart-${orderNo}`;
    const first = await client().createSession({ amount: '7.00', currency: 'USD' }, { idempotencyKey: cartKey });
    const again = await client().createSession({ amount: '7.00', currency: 'USD' }, { idempotencyKey: cartKey });
    expect(again).toEqual(first);
    const changed = await failure(
      client().createSession({ amount: '8.00', currency: 'USD' }, { idempotencyKey: cartKey }),
    );
    expect(changed).toMatchObject({ status: 422, code: 'idempotency_key_reused', retryable: false });
  });

  it('maps 400 with field errors, 401, 403, 404 and 409 to CheckoutApiError', async () => {
    const bad = await failure(client().createSession({ amount: '10.001', currency: 'USD' }));
    expect(bad).toMatchObject({ status: 400, code: 'invalid_request', name: 'CheckoutApiError' });
    expect(bad.fields.map((f) => f.path)).toEqual(['amount']);
    expect(bad.message).toContain('amount');

    const unknownKey = await failure(client('wrong-key').getOrder('X'));
    expect(unknownKey).toMatchObject({ status: 401, code: 'unauthorized', retryable: false });

    const owner = await failure(client(ADMIN_TOKEN).getOrder('X'));
    expect(owner).toMatchObject({ status: 403, code: 'forbidden' });
    expect(owner.message).toContain('shop.read');

    expect(await failure(client().getOrder('NO-SUCH-ORDER'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await failure(client().getSession('ses_nope'))).toMatchObject({ status: 404, code: 'not_found' });
    // an order number with characters a path would otherwise split on is sent encoded
    expect(await failure(client().getOrder('a/b?c'))).toMatchObject({ status: 404, message: 'no order a/b?c' });

    const orderNo = `C-dup-${Date.now()}`;
    await client().createSession({ order_no: orderNo, amount: '5.00', currency: 'USD' }, { idempotencyKey: 'k-1' });
    const again = await failure(client().createSession({ order_no: orderNo, amount: '5.00', currency: 'USD' }));
    expect(again).toMatchObject({ status: 409, code: 'conflict', retryable: true });
    expect(again.fields).toEqual([{ path: 'order_no', message: 'is already used' }]);
  });
});

describe('the typed client without a backend', () => {
  it('sends nothing when created, and refuses a bad baseUrl or an empty key at once', () => {
    const calls: string[] = [];
    createCheckoutClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{}');
      },
    });
    expect(calls).toEqual([]);
    expect(() => createCheckoutClient({ baseUrl: 'pay.shop.example', apiKey: 'k' })).toThrow(TypeError);
    expect(() => createCheckoutClient({ baseUrl: 'http://127.0.0.1:9', apiKey: '' })).toThrow(TypeError);
  });

  it('no answer: a refused connection and a time-out are status 0, code network, worth retrying', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const refused = await failure(createCheckoutClient({ baseUrl: closed, apiKey: 'k' }).getOrder('X'));
    expect(refused).toMatchObject({ status: 0, code: 'network', retryable: true });

    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const silent = await serveOnLoopback(async () => {
      await hung;
      return new Response('{}');
    });
    try {
      const slow = await failure(
        createCheckoutClient({ baseUrl: silent.url, apiKey: 'k', timeoutMs: 200 }).getOrder('X'),
      );
      expect(slow).toMatchObject({ status: 0, code: 'network', message: 'GET /api/orders/X: no answer within 200 ms' });
    } finally {
      release();
      await silent.close();
    }
  });

  it("a proxy's error page (not the envelope) keeps its status", async () => {
    const proxy = await serveOnLoopback(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    try {
      const e = await failure(createCheckoutClient({ baseUrl: proxy.url, apiKey: 'k' }).getOrder('X'));
      expect(e).toMatchObject({ status: 502, code: 'http_502', retryable: true });
    } finally {
      await proxy.close();
    }
  });

  it('pages through the events with the last id as the cursor, skipping empty pages', async () => {
    const all: ShopEvent[] = Array.from({ length: 5 }, (_, i) => ({
      id: `evt_${i + 1}`,
      type: 'endpoint.test',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    const seen: { after: string | null; limit: string | null; auth: string | null }[] = [];
    // what GET /api/events answers (shared/contract/shopEvents.ts), served over real HTTP
    const server = await serveOnLoopback((req) => {
      const url = new URL(req.url);
      const after = url.searchParams.get('after');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      seen.push({ after, limit: url.searchParams.get('limit'), auth: req.headers.get('authorization') });
      const from = after ? all.findIndex((e) => e.id === after) + 1 : 0;
      const events = all.slice(from, from + limit);
      return Response.json({ events, has_more: from + limit < all.length });
    });
    try {
      const checkout = createCheckoutClient({ baseUrl: server.url, apiKey: 'shop-key' });
      const pages: string[][] = [];
      for await (const page of checkout.events({ after: 'evt_1', limit: 2 })) pages.push(page.events.map((e) => e.id));
      expect(pages).toEqual([
        ['evt_2', 'evt_3'],
        ['evt_4', 'evt_5'],
      ]);
      expect(seen).toEqual([
        { after: 'evt_1', limit: '2', auth: 'Bearer shop-key' },
        { after: 'evt_3', limit: '2', auth: 'Bearer shop-key' },
      ]);
      // nothing after the last: no page at all
      const none: unknown[] = [];
      for await (const page of checkout.events({ after: 'evt_5' })) none.push(page);
      expect(none).toEqual([]);
      expect(await checkout.listEvents()).toEqual({ events: all, has_more: false });
      expect(seen.at(-1)).toEqual({ after: null, limit: null, auth: 'Bearer shop-key' });
    } finally {
      await server.close();
    }
  });
});
