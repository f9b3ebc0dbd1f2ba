import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, DEMO_CART, callJson, paymentBody, postSession } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

describeOnStores('checkout sessions', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, env: { RATE_LIMIT_SESSIONS_PER_MINUTE: '1000' } });
  });
  afterAll(() => backend?.close());

  const getSession = (id: string, secret: string) =>
    callJson(`${backend.url}/api/sessions/${id}`, { headers: { 'X-Client-Secret': secret } });

  it('creates a session the widget can read with its client secret', async () => {
    const res = await postSession(backend, {
      ...DEMO_CART,
      order_no: `ORD-${Date.now()}`,
      country: 'BR',
      locale: 'pt-BR',
      return_url: 'https://shop.test/thanks',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^ses_/),
      client_secret: expect.any(String),
      order_no: expect.stringMatching(/^ORD-/),
    });
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now());

    const view = await getSession(res.body.id, res.body.client_secret);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id: res.body.id,
      status: 'created',
      amount: '33.00',
      currency: 'USD',
      country: 'BR',
      items: DEMO_CART.items,
    });
    // the card is offered everywhere; BRL-only methods are not offered for a USD cart
    expect(view.body.methods.map((m: { id: string }) => m.id)).toEqual(['card']);
    expect(view.body.methods[0]).toMatchObject({ kind: 'card', label: 'Cartão' });
  });

  it('labels the methods in the language the widget renders in, else the session locale', async () => {
    const s = await createSession(backend, { locale: 'pt-BR' });
    const label = async (query: string) =>
      (
        await callJson(`${backend.url}/api/sessions/${s.id}${query}`, {
          headers: { 'X-Client-Secret': s.client_secret },
        })
      ).body.methods[0].label;
    expect(await label('')).toBe('Cartão');
    expect(await label('?locale=fr')).toBe('Carte');
    expect(await label('?locale=de-CH')).toBe('Karte');
    expect(await label('?locale=ja')).toBe('Card');
    const bad = await callJson(`${backend.url}/api/sessions/${s.id}?locale=not%20a%20tag`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'locale', message: expect.stringContaining('BCP 47') }]);
  });

  it('offers the methods that fit country, currency and amount, with the fields they need', async () => {
    const brl = await createSession(backend, { amount: '10.00', currency: 'BRL', items: undefined, country: 'BR' });
    const br = await getSession(brl.id, brl.client_secret);
    expect(br.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'pix', 'boleto']);
    expect(br.body.methods.find((m: { id: string }) => m.id === 'boleto')).toMatchObject({
      kind: 'apm',
      payment_method: 'BOLETO',
      fields: ['document'],
    });

    const eur = await createSession(backend, { amount: '10.00', currency: 'EUR', items: undefined, country: 'NL' });
    const nl = await getSession(eur.id, eur.client_secret);
    const ideal = nl.body.methods.find((m: { id: string }) => m.id === 'ideal');
    expect(ideal).toMatchObject({ payment_method: 'IDEAL', fields: ['bank_code'] });
    expect(ideal.banks.length).toBeGreaterThan(0);

    const cny = await createSession(backend, { amount: '10.00', currency: 'CNY', items: undefined, country: 'NL' });
    expect((await getSession(cny.id, cny.client_secret)).body.methods.map((m: { id: string }) => m.id)).toEqual([
      'card',
    ]);
  });

  it.each([
    ['an amount with one decimal', { amount: '33.0' }, 'amount'],
    ['an amount as a number', { amount: 33 }, 'amount'],
    ['a negative amount', { amount: '-33.00' }, 'amount'],
    ['a zero amount', { amount: '0.00', items: undefined }, 'amount'],
    ['an amount that is not the sum of the items', { amount: '30.00' }, 'amount'],
    ['decimals on a zero-decimal currency', { amount: '33.00', currency: 'JPY', items: undefined }, 'amount'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['a lowercase currency', { currency: 'usd' }, 'currency'],
    [
      'an item quantity of 0',
      { items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '33.00', quantity: 0 }] },
      'items.0.quantity',
    ],
    [
      'an item price with three decimals',
      { items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '33.000', quantity: 1 }] },
      'items.0.unit_price',
    ],
    [
      'an item name with the items delimiter',
      { items: [{ name: 'a#,#b', sku: 'TS-1', unit_price: '33.00', quantity: 1 }] },
      'items.0.name',
    ],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a return_url that is not a URL', { return_url: 'javascript:alert(1)' }, 'return_url'],
  ])('refuses %s with 400 naming the field', async (_, change, path) => {
    const res = await postSession(backend, { ...DEMO_CART, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(res.body.error.message).toContain(path);
  });

  it('accepts a whole amount for a zero-decimal currency', async () => {
    const res = await postSession(backend, { amount: '1036', currency: 'JPY' });
    expect(res.status).toBe(201);
    expect((await getSession(res.body.id, res.body.client_secret)).body).toMatchObject({
      amount: '1036',
      currency: 'JPY',
    });
  });

  it('refuses a second session for the same order_no', async () => {
    const orderNo = `DUP-${Date.now()}`;
    expect((await postSession(backend, { ...DEMO_CART, order_no: orderNo })).status).toBe(201);
    const again = await postSession(backend, { ...DEMO_CART, order_no: orderNo });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual([{ path: 'order_no', message: 'is already used' }]);
  });

  it('answers a repeat with the same Idempotency-Key and body with the same session, and refuses another body', async () => {
    const key = `cart-${Date.now()}`;
    const body = { ...DEMO_CART, order_no: `IDEM-${Date.now()}`, return_url: 'https://shop.test/thanks' };
    const post = (b: unknown, k = key) =>
      callJson(`${backend.url}/api/sessions`, {
        body: b,
        headers: { Authorization: `Bearer ${backend.config.shopSecret}`, 'Idempotency-Key': k },
      });
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // the answer was lost: the same call again, its keys in another order, answers the session it created
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post(reordered);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await getSession(again.body.id, again.body.client_secret)).status).toBe(200);

    const other = await post({ ...body, return_url: 'https://shop.test/other' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');

    // a new key for the same order_no is a new request: the order already has its session
    const newKey = await post(body, `${key}-2`);
    expect(newKey.status).toBe(409);
    expect(newKey.body.error.fields).toEqual([{ path: 'order_no', message: 'is already used' }]);

    const bad = await post(body, '');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
  });

  it('creates one session for concurrent requests with one Idempotency-Key, with or without an order_no', async () => {
    for (const orderNo of [undefined, `RACE-${Date.now()}`]) {
      const key = `race-${orderNo ?? 'generated'}-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          callJson(`${backend.url}/api/sessions`, {
            body: { ...DEMO_CART, ...(orderNo ? { order_no: orderNo } : {}) },
            headers: { Authorization: `Bearer ${backend.config.shopSecret}`, 'Idempotency-Key': key },
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(new Set(answers.map((a) => a.body.client_secret)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    }
  });

  it('requires the shop secret to create and the client secret to read', async () => {
    expect((await postSession(backend, DEMO_CART, 'wrong-secret')).status).toBe(401);
    const noAuth = await callJson(`${backend.url}/api/sessions`, { body: DEMO_CART });
    expect(noAuth.status).toBe(401);
    expect(noAuth.body.error.code).toBe('unauthorized');

    const s = await createSession(backend);
    expect((await getSession(s.id, `${s.client_secret}x`)).status).toBe(404);
    expect((await getSession('ses_nope', s.client_secret)).status).toBe(404);
    // no credential at all is a 401 naming what is needed (shopApi.test.ts: the shop server's view)
    expect((await callJson(`${backend.url}/api/sessions/${s.id}`)).status).toBe(401);
  });

  it('takes the client secret from a header only: in the query string (it ends up in logs) it is refused', async () => {
    const s = await createSession(backend);
    const bearer = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { Authorization: `Bearer ${s.client_secret}` },
    });
    expect(bearer.status).toBe(200);
    const inQuery = await callJson(`${backend.url}/api/sessions/${s.id}?client_secret=${s.client_secret}`);
    expect(inQuery.status).toBe(401);
    expect(inQuery.body.error.code).toBe('unauthorized');
    expect(inQuery.body.error.message).toContain('X-Client-Secret');
    // also next to a right header: a secret in a URL is refused, whatever else comes with it
    const both = await callJson(`${backend.url}/api/sessions/${s.id}?client_secret=${s.client_secret}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    expect(both.status).toBe(401);
    expect((await callJson(`${backend.url}/api/sessions/${s.id}?client_secret=`)).status).toBe(401);
  });

  it('refuses a body that is not JSON, or too large', async () => {
    const text = await fetch(`${backend.url}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.config.shopSecret}`, 'Content-Type': 'text/plain' },
      body: 'amount=1',
    });
    expect(text.status).toBe(415);
    const huge = await postSession(backend, { ...DEMO_CART, note: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  it('answers CORS only for allowed origins and refuses the rest', async () => {
    const s = await createSession(backend);
    const preflight = await fetch(`${backend.url}/api/sessions/${s.id}/payments`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://shop.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://shop.test');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');

    const allowed = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { Origin: 'http://shop.test', 'X-Client-Secret': s.client_secret },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://shop.test');

    const evil = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { Origin: 'http://evil.test', 'X-Client-Secret': s.client_secret },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('tells any page, readably, whether its origin is in ALLOWED_ORIGINS (GET /api/origin)', async () => {
    const ask = (origin?: string) =>
      callJson(`${backend.url}/api/origin`, { headers: origin ? { Origin: origin } : {} });
    const refused = await ask('http://evil.test');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'origin_not_allowed',
      message: expect.stringContaining("this page's origin http://evil.test is not in ALLOWED_ORIGINS"),
    });
    // readable by the refused page's script: a simple GET (no preflight), any origin
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await ask('http://shop.test')).status).toBe(204);
    expect((await ask()).status).toBe(204);
    // the widget's own calls from that page are refused with the same code, without CORS headers
    const call = await callJson(`${backend.url}/api/sessions/ses_x`, { headers: { Origin: 'http://evil.test' } });
    expect(call.body.error.code).toBe('origin_not_allowed');
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends secure headers and a request id on API answers', async () => {
    const res = await callJson(`${backend.url}/api/sessions/ses_nope`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers health with the store state', async () => {
    const res = await callJson(`${backend.url}/healthz`);
    expect(res).toMatchObject({ status: 200, body: { status: 'ok', store: 'ok' } });
  });
});

describe('session creation rate limit', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ env: { RATE_LIMIT_SESSIONS_PER_MINUTE: '3' } });
  });
  afterAll(() => backend?.close());

  it('answers 429 with Retry-After past the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await postSession(backend, DEMO_CART)).status).toBe(201);
    const limited = await postSession(backend, DEMO_CART);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('session expiry', () => {
  let backend: Backend;
  let ahead = 0;
  beforeAll(async () => {
    backend = await startBackend({ env: { SESSION_TTL_MINUTES: '30' }, now: () => new Date(Date.now() + ahead) });
  });
  afterAll(() => backend?.close());

  it('refuses a payment on an expired session with 410, before anything is sent', async () => {
    const s = await createSession(backend);
    ahead = 31 * 60_000;
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'card'),
      headers: { 'Idempotency-Key': 'k' },
    });
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('session_expired');
    expect(await backend.store.db.selectFrom('payment_attempts').selectAll().execute()).toHaveLength(0);
  });
  it("tells the widget an unpaid session has expired, with the shop's return_url to go back to (issue #35)", async () => {
    ahead = 0;
    const s = await createSession(backend, { return_url: 'https://shop.example/cart' });
    const read = () =>
      callJson(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } });
    const fresh = await read();
    expect(fresh.body.expired).toBeUndefined();
    expect(fresh.body.return_url).toBe('https://shop.example/cart');
    ahead = 31 * 60_000;
    const late = await read();
    expect(late.status).toBe(200);
    expect(late.body.expired).toBe(true);
    expect(late.body.return_url).toBe('https://shop.example/cart');
  });
});
