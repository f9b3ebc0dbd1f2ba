import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { callJson, DEMO_CART } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';

const ADMIN_TOKEN = 'the-admin-token-0123456789';
const SHOP_SECRET = 'the-shop-secret-0123456789';
const LIMIT = 5;
const WINDOW_S = 600;

// #18: 3,000 admin token guesses went through in 8 s. Now each client IP gets LIMIT failed authentications per
// window on every Bearer-protected route together; after that every request from it is answered 429 before any
// token is looked at, the right one included, until the window ends.
describe('failed authentication is throttled per client IP', () => {
  let backend: Backend;
  let clock = Date.parse('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    backend = await startBackend({
      now: () => new Date(clock),
      env: {
        ADMIN_TOKEN,
        SHOP_SECRET,
        // the test names the client by X-Forwarded-For, as a reverse proxy in front of the backend would
        TRUSTED_PROXY_HOPS: '1',
        AUTH_FAILURES_PER_IP: String(LIMIT),
        AUTH_FAILURE_WINDOW_SECONDS: String(WINDOW_S),
      },
    });
  });
  afterAll(() => backend?.close());

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const orders = async () => (await backend.store.db.selectFrom('orders').select('id').execute()).length;

  it('answers 401 to LIMIT wrong tokens, then 429 with Retry-After to every guess, and never evaluates them', async () => {
    const guesser = from('198.51.100.1');
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await admin(backend, '/orders', { token: `guess-${i}`, headers: guesser });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toBe(String(WINDOW_S));
        expect(res.body.error.code).toBe('rate_limited');
      }
    }
    // only LIMIT of 200 guesses were compared with the token: a guesser gets LIMIT per window, not thousands
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);

    // the right token is not looked at either: a 429 that let it through would tell a guesser it was right
    expect((await admin(backend, '/orders', { token: ADMIN_TOKEN, headers: guesser })).status).toBe(429);
    const before = await orders();
    const session = await callJson(`${backend.url}/api/sessions`, {
      body: DEMO_CART,
      headers: { Authorization: `Bearer ${SHOP_SECRET}`, ...guesser },
    });
    expect(session.status).toBe(429);
    expect(await orders()).toBe(before);
    expect(
      (await callJson(`${backend.url}/metrics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...guesser } }))
        .status,
    ).toBe(429);

    // another client is not affected
    expect((await admin(backend, '/orders', { headers: from('198.51.100.2') })).status).toBe(200);

    // the window ends: the right token works again, and the failures start counting from zero
    clock += WINDOW_S * 1000;
    expect((await admin(backend, '/orders', { headers: guesser })).status).toBe(200);
    expect((await admin(backend, '/orders', { token: 'wrong', headers: guesser })).status).toBe(401);
  });

  it('counts wrong shop secrets on POST /api/sessions and wrong admin tokens in one budget', async () => {
    const shop = from('198.51.100.3');
    const createSession = (secret: string) =>
      callJson(`${backend.url}/api/sessions`, {
        body: DEMO_CART,
        headers: { Authorization: `Bearer ${secret}`, ...shop },
      });
    expect((await admin(backend, '/orders', { token: 'wrong', headers: shop })).status).toBe(401);
    for (let i = 1; i < LIMIT; i++) expect((await createSession(`wrong-${i}`)).status).toBe(401);
    const before = await orders();
    const refused = await createSession(SHOP_SECRET);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await orders()).toBe(before);
  });

  it('successes are never throttled', async () => {
    for (let i = 0; i < LIMIT * 3; i++)
      expect((await admin(backend, '/orders', { headers: from('198.51.100.4') })).status).toBe(200);
  });
});
