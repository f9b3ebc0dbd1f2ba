import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { createAdminApi } from './createAdminApi';

const ROLES = ['owner', 'finance', 'support', 'viewer', 'shop'] as const;
type Role = (typeof ROLES)[number];

/**
 * Who may call which admin route, written out by hand from issue #22's table (NOT computed from roles.ts, so a
 * change there that opens or closes a route fails here until this table is changed too, on purpose).
 * Y: allowed (any answer but 401 and 403: the request itself may still be wrong), -: 403.
 *   columns: owner finance support viewer shop
 */
const MATRIX: { route: string; path?: string; body?: unknown; allowed: string }[] = [
  { route: 'GET /orders', allowed: 'Y Y Y Y -' },
  { route: 'GET /orders/:order_no', path: '/orders/ORD-1', allowed: 'Y Y Y Y -' },
  // issue #32: a viewer reads orders but may not take them away as a file
  { route: 'GET /orders/export', allowed: 'Y Y Y - -' },
  { route: 'POST /orders/capture', body: { orders: [{ order_no: 'ORD-1' }] }, allowed: 'Y Y - - -' },
  { route: 'POST /orders/cancel', body: { orders: [{ order_no: 'ORD-1' }] }, allowed: 'Y Y - - -' },
  { route: 'POST /orders/review', body: { orders: [{ order_no: 'ORD-1', approve: true }] }, allowed: 'Y Y Y - -' },
  { route: 'POST /orders/refund', body: { orders: [{ order_no: 'ORD-1' }] }, allowed: 'Y Y Y - -' },
  { route: 'POST /orders/sync', body: { order_nos: ['ORD-1'] }, allowed: 'Y Y Y - -' },
  {
    route: 'POST /orders/:order_no/refunds/:seq/retry',
    path: '/orders/ORD-1/refunds/1/retry',
    allowed: 'Y Y Y - -',
  },
  {
    route: 'POST /orders/:order_no/alerts/:alert_id/refund',
    path: '/orders/ORD-1/alerts/al_1/refund',
    allowed: 'Y Y Y - -',
  },
  { route: 'GET /refunds', path: '/refunds?status=failed', allowed: 'Y Y Y Y -' },
  { route: 'GET /disputes', allowed: 'Y Y Y Y -' },
  { route: 'GET /disputes/summary', allowed: 'Y Y Y Y -' },
  { route: 'GET /disputes/:dispute_id', path: '/disputes/D1', allowed: 'Y Y Y Y -' },
  // incomplete, so that an allowed call is a 400 and sends nothing
  { route: 'POST /payouts', body: { payment_amount: '10.00' }, allowed: 'Y Y - - -' },
  { route: 'GET /payouts', allowed: 'Y Y - Y -' },
  { route: 'GET /payouts/:id', path: '/payouts/po_1', allowed: 'Y Y - Y -' },
  { route: 'GET /payment-methods', allowed: 'Y Y Y Y -' },
  { route: 'PUT /payment-methods', body: { methods: 'all' }, allowed: 'Y - - - -' },
  { route: 'GET /stats', path: '/stats?from=2025-01-01&to=2025-01-31', allowed: 'Y Y Y Y -' },
  { route: 'GET /events', allowed: 'Y Y Y Y -' },
  { route: 'GET /keys', allowed: 'Y - - - -' },
  { route: 'POST /keys', body: { name: '', role: 'owner' }, allowed: 'Y - - - -' },
  { route: 'DELETE /keys/:id', path: '/keys/key_none', allowed: 'Y - - - -' },
  { route: 'GET /settings/support-refund-limit', allowed: 'Y - - - -' },
  { route: 'PUT /settings/support-refund-limit', body: { limits: 'none' }, allowed: 'Y - - - -' },
  // the automatic refund of a double payment (#35): the owner's, as the refund limit
  { route: 'GET /settings/double-payment-refund', allowed: 'Y - - - -' },
  { route: 'PUT /settings/double-payment-refund', body: { auto: 'yes' }, allowed: 'Y - - - -' },
  // saved payout recipients (#23): read with the payouts, changed by who may send them
  { route: 'GET /recipients', allowed: 'Y Y - Y -' },
  { route: 'GET /recipients/:id', path: '/recipients/rcp_none', allowed: 'Y Y - Y -' },
  { route: 'POST /recipients', body: { name: '' }, allowed: 'Y Y - - -' },
  { route: 'PUT /recipients/:id', path: '/recipients/rcp_none', body: { name: '' }, allowed: 'Y Y - - -' },
  { route: 'POST /recipients/:id/archive', path: '/recipients/rcp_none/archive', allowed: 'Y Y - - -' },
  // the shop's event endpoints (#21): the owner's alone (they decide where order data goes)
  { route: 'GET /shop-endpoints', allowed: 'Y - - - -' },
  { route: 'POST /shop-endpoints', body: { url: '' }, allowed: 'Y - - - -' },
  { route: 'GET /shop-endpoints/deliveries', allowed: 'Y - - - -' },
  {
    route: 'POST /shop-endpoints/deliveries/:id/resend',
    path: '/shop-endpoints/deliveries/dl_none/resend',
    allowed: 'Y - - - -',
  },
  { route: 'GET /shop-endpoints/:id', path: '/shop-endpoints/we_none', allowed: 'Y - - - -' },
  {
    route: 'PATCH /shop-endpoints/:id',
    path: '/shop-endpoints/we_none',
    body: { enabled: true },
    allowed: 'Y - - - -',
  },
  { route: 'DELETE /shop-endpoints/:id', path: '/shop-endpoints/we_none', allowed: 'Y - - - -' },
  {
    route: 'POST /shop-endpoints/:id/roll-secret',
    path: '/shop-endpoints/we_none/roll-secret',
    body: {},
    allowed: 'Y - - - -',
  },
  { route: 'POST /shop-endpoints/:id/test', path: '/shop-endpoints/we_none/test', allowed: 'Y - - - -' },
  // issue #32: the review before a payout is sent, with its estimated fee
  { route: 'POST /payouts/review', body: {}, allowed: 'Y Y - - -' },
  // the team (#22): owners only
  { route: 'GET /users', allowed: 'Y - - - -' },
  { route: 'POST /users', body: { email: '' }, allowed: 'Y - - - -' },
  { route: 'PATCH /users/:id', path: '/users/usr_none', body: { role: 'nobody' }, allowed: 'Y - - - -' },
  { route: 'POST /users/:id/reset-password', path: '/users/usr_none/reset-password', allowed: 'Y - - - -' },
  { route: 'POST /users/:id/reset-2fa', path: '/users/usr_none/reset-2fa', allowed: 'Y - - - -' },
  { route: 'POST /users/:id/unlock', path: '/users/usr_none/unlock', allowed: 'Y - - - -' },
];

/**
 * A person's own routes (sign in, who am I, two-factor, own password, sign out): they act on the signed-in person
 * whatever the role, and need a person rather than a key; server/team/routes/adminAccount.test.ts covers them.
 */
const PERSONAL_ROUTES = [
  'POST /sign-in',
  'POST /welcome',
  'POST /sign-out',
  'POST /sign-out-everywhere',
  'GET /me',
  'POST /me/totp',
  'POST /me/totp/confirm',
  'POST /me/password',
];

describeOnStores('every admin route x every role', (store) => {
  let backend: Backend;
  const keys = {} as Record<Role, string>;
  beforeAll(async () => {
    backend = await startBackend({ store });
    for (const role of ROLES) {
      const res = await admin(backend, '/keys', { method: 'POST', body: { name: `${role} key`, role } });
      expect(res.status).toBe(201);
      keys[role] = res.body.key;
    }
  });
  afterAll(() => backend?.close());

  it('the matrix names every route of the admin API, so a new route cannot be left out of it', () => {
    const routes = createAdminApi(backend.deps)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !PERSONAL_ROUTES.includes(r));
    expect([...new Set(routes)].sort()).toEqual(MATRIX.map((m) => m.route).sort());
  });

  for (const row of MATRIX) {
    it(`${row.route}: ${row.allowed}`, async () => {
      const [method, pattern] = row.route.split(' ') as [string, string];
      const expected = row.allowed.split(' ');
      const got: string[] = [];
      for (const role of ROLES) {
        const res = await admin(backend, row.path ?? pattern, { method, body: row.body, token: keys[role] });
        expect(res.status, `${role}: ${JSON.stringify(res.body)}`).not.toBe(401);
        if (res.status === 403) expect(res.body.error.code, role).toBe('forbidden');
        got.push(res.status === 403 ? '-' : 'Y');
      }
      expect(got.join(' ')).toBe(expected.join(' '));
    });
  }
});
