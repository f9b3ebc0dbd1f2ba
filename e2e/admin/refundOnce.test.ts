/**
 * Issue #32, "Money on the order page": "Refund" pressed again after "not known yet" refunds once. At the level of
 * the admin page's own client (`admin/sendOnce.ts`, what the order page's Refund sends through), against the real
 * backend and the sandbox gateway: the first refund's answer is lost after the gateway refunded (a process that
 * dies after the call), the reconcile loop then settles it, and the owner presses Refund again for the same 5.00.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAdminApi } from '../../admin/api/client';
import { sendOnce } from '../../admin/sendOnce';
import type { GatewayClient } from '../../server/gateway';
import { makeOrders, BULK_ENV } from '../../server/testing/makeOrders';
import { serveWith, SimulatedCrash } from '../../server/testing/serveWith';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { refundsFinal } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';

let sandbox: Sandbox;
let backend: Backend;
let ahead = 0;
beforeAll(async () => {
  sandbox = await startSandbox();
  backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV, now: () => new Date(Date.now() + ahead) });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await backend?.close();
  await sandbox?.close();
});

/** The admin page's client, its relative `/admin/api` calls sent to `base` with an owner's credential. */
function pageClientAt(base: () => string) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (!url.startsWith('/admin/api')) return realFetch(input, init);
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${backend.config.adminToken}`);
    return realFetch(`${base()}${url}`, { ...init, headers });
  });
  return createAdminApi();
}

it('Refund pressed again after "not known yet" sends the same key: the order is refunded 5.00 once', async () => {
  const [o] = await makeOrders(backend, 1, 'paid');
  const real = backend.deps.gateway;
  const dying: GatewayClient = {
    ...real,
    refund: async (items) => {
      await real.refund(items);
      throw new SimulatedCrash('the process died after the gateway refunded');
    },
  };
  const crash = await serveWith(backend.deps, dying);
  let base = crash.url;
  const api = pageClientAt(() => base);
  const intended = [{ order_no: o!.order_no, amount: '5.00', reason: 'one item returned' }];
  try {
    const first = await sendOnce(api, 'refund', intended);
    expect(first.results[0]).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
  } finally {
    await crash.close();
  }
  // meanwhile the backend settles the first refund with the gateway (the reconcile loop)
  base = backend.url;
  ahead += 60_000;
  await backend.reconcile();
  await refundsFinal(backend, o!.order_no);

  const again = await sendOnce(api, 'refund', intended);
  expect(again.results[0]).toMatchObject({ ok: true, order_no: o!.order_no });
  const atGateway = await sandboxApi(sandbox.url).transaction(o!.gateway_order_no);
  expect(atGateway.refunds.map((r: { refund_amount: string }) => r.refund_amount)).toEqual(['5.00']);
  const order = await backend.store.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['refunds.amount_minor', 'refunds.request_key'])
    .where('orders.order_no', '=', o!.order_no)
    .execute();
  expect(order).toHaveLength(1);

  // a definite answer forgets the key: a deliberate second refund of 5.00 is a new one
  const deliberate = await sendOnce(api, 'refund', intended);
  expect(deliberate.results[0]).toMatchObject({ ok: true });
  await refundsFinal(backend, o!.order_no);
  const after = await sandboxApi(sandbox.url).transaction(o!.gateway_order_no);
  expect(after.refunds).toHaveLength(2);
}, 90_000);
