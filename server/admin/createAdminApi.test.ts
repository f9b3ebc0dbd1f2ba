import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../testing/startBackend';
import { admin } from '../../testing/adminClient';

/** Every admin route, with a body that would be acted on if the caller were let in. */
const ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/orders' },
  { method: 'GET', path: '/orders/ORD-1' },
  { method: 'POST', path: '/orders/capture', body: { orders: [{ order_no: 'ORD-1' }] } },
  { method: 'POST', path: '/orders/cancel', body: { orders: [{ order_no: 'ORD-1' }] } },
  { method: 'POST', path: '/orders/review', body: { orders: [{ order_no: 'ORD-1', approve: true }] } },
  { method: 'POST', path: '/orders/refund', body: { orders: [{ order_no: 'ORD-1' }] } },
  { method: 'POST', path: '/orders/sync', body: { order_nos: ['ORD-1'] } },
  {
    method: 'POST',
    path: '/payouts',
    body: { payment_amount: '10.00', payment_currency: 'EUR', beneficiary: { company_name: 'ACME' } },
  },
  { method: 'GET', path: '/payouts' },
  { method: 'GET', path: '/payouts/po_1' },
  { method: 'GET', path: '/payment-methods' },
  // invalid, so that the allowed call leaves the list as it is (the refused one is checked below)
  { method: 'PUT', path: '/payment-methods', body: { methods: 'all' } },
  { method: 'GET', path: '/stats?from=2025-01-01&to=2025-01-31' },
  { method: 'GET', path: '/events' },
  { method: 'GET', path: '/disputes' },
  { method: 'GET', path: '/disputes/summary' },
  { method: 'GET', path: '/disputes/D1' },
];

describe('admin API authentication', () => {
  let backend: Backend;
  beforeAll(async () => {
    // ~100 wrong credentials on purpose: the failed-auth throttle (throttleFailedAuth.test.ts) is raised
    backend = await startBackend({ env: { ADMIN_TOKEN: 'the-admin-token-0123456789', AUTH_FAILURES_PER_IP: '1000' } });
  });
  afterAll(() => backend?.close());

  const REFUSED: { name: string; headers: Record<string, string>; token: string | null }[] = [
    { name: 'no Authorization header', headers: {}, token: null },
    { name: 'a wrong token', headers: {}, token: 'the-admin-token-0123456788' },
    { name: 'the right token with a suffix', headers: {}, token: 'the-admin-token-0123456789x' },
    {
      name: 'the right token in another scheme',
      headers: { Authorization: 'Basic the-admin-token-0123456789' },
      token: null,
    },
    { name: 'the right token as a query parameter', headers: {}, token: null },
  ];

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: 401 without the admin token, not 401 with it`, async () => {
      const bodies = new Set<string>();
      for (const variant of REFUSED) {
        const path = variant.name.includes('query')
          ? `${route.path}${route.path.includes('?') ? '&' : '?'}token=the-admin-token-0123456789`
          : route.path;
        const res = await admin(backend, path, {
          method: route.method,
          body: route.body,
          headers: variant.headers,
          token: variant.token,
        });
        expect(res.status, variant.name).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="admin token"');
        bodies.add(JSON.stringify(res.body));
      }
      // the shop server's secret is a credential, but of a role that reads no admin route
      const asShop = await admin(backend, route.path, {
        method: route.method,
        body: route.body,
        token: 'demo-shop-secret',
      });
      expect(asShop.status, 'the shop secret').toBe(403);
      // one answer for every wrong credential: nothing says which part was wrong
      expect([...bodies]).toEqual([
        JSON.stringify({
          error: { code: 'unauthorized', message: 'a valid "Authorization: Bearer <admin token>" header is required' },
        }),
      ]);
      const allowed = await admin(backend, route.path, { method: route.method, body: route.body });
      expect(allowed.status).not.toBe(401);
      expect(allowed.headers.get('cache-control')).toBe('no-store');
    });
  }

  it('a refused PUT changes nothing', async () => {
    expect(
      (await admin(backend, '/payment-methods', { method: 'PUT', body: { methods: [] }, token: 'wrong' })).status,
    ).toBe(401);
    expect((await admin(backend, '/payment-methods')).body.methods.map((m: { id: string }) => m.id)).toEqual([
      'card',
      'pix',
      'boleto',
      'alipay',
      'ideal',
    ]);
  });
});
