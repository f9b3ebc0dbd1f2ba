import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { countQueryCalls } from '../testing/countQueryCalls';
import { BULK_ENV, makeOrders, type MadeOrder } from '../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  // Making 1000 orders commits some 15 SQLite transactions each (backend and sandbox), and on a disk every
  // commit waits for an fsync. The temp files go to memory when the machine has it (this test file runs in its
  // own process): the same store code, without the disk's latency, keeps the file within its minute.
  if (existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const COUNT = 1000;

describeOnStores(`a bulk refund of ${COUNT} orders`, (store) => {
  let backend: Backend;
  let orders: MadeOrder[];
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
    orders = await makeOrders(backend, COUNT, 'paid', '10.00');
    // about 30 s on an idle 2-core machine; the bound leaves room for a machine busy with other test files
  }, 240_000);
  afterAll(() => backend?.close());

  it('goes out in batches of at most 50 and answers every order', async () => {
    const calls = await sandboxApi(sandbox.url).requestCount('/v1/refund');
    const res = await admin(backend, '/orders/refund', {
      body: { orders: orders.map((o) => ({ order_no: o.order_no, amount: '4.00' })) },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(COUNT);
    expect(res.body.results.map((r: { order_no: string }) => r.order_no)).toEqual(orders.map((o) => o.order_no));
    // the gateway took every refund (received, or further by the time of the answer); each succeeds a moment later
    expect(res.body.results.filter((r: { ok: boolean; refund_state?: string }) => !r.ok || !r.refund_state)).toEqual(
      [],
    );
    expect((await sandboxApi(sandbox.url).requestCount('/v1/refund')) - calls).toBe(COUNT / 50);
    const sent = await backend.store.db
      .selectFrom('audit_events')
      .select('detail')
      .where('kind', '=', 'gateway_call')
      .where('summary', 'like', 'refund %')
      .execute();
    const sizes = sent.map((e) => (JSON.parse(e.detail!).request.refund_orders as unknown[]).length);
    expect(sizes).toEqual(Array(COUNT / 50).fill(50));
    await vi.waitFor(
      async () => {
        const journal = await backend.store.db.selectFrom('refunds').select(['status']).execute();
        expect(journal.filter((r) => r.status === 'succeeded')).toHaveLength(COUNT);
      },
      { timeout: 60_000, interval: 200 },
    );
  }, 120_000);

  it('a sync of all of them asks the gateway at most 100 orders a call, within 1000 characters', async () => {
    // the refunds' notifications are cues the backend confirms by query: the sync's own calls are counted once no
    // cue is left and the gateway has seen no new query for one interval
    let calls = -1;
    await vi.waitFor(
      async () => {
        const pending = await backend.store.db
          .selectFrom('notification_cues')
          .select('cue_key')
          .where('state', '=', 'pending')
          .execute();
        expect(pending).toEqual([]);
        const seen = calls;
        calls = await sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans');
        expect(calls).toBe(seen);
      },
      { timeout: 60_000, interval: 500 },
    );
    const res = await admin(backend, '/orders/sync', { body: { order_nos: orders.map((o) => o.order_no) } });
    expect(
      res.body.results.filter((r: { ok: boolean; status?: string }) => !r.ok || r.status !== 'partially_refunded'),
    ).toEqual([]);
    expect(res.body.results).toHaveLength(COUNT);
    expect((await sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans')) - calls).toBe(
      countQueryCalls(orders.map((o) => o.gateway_order_no)),
    );
  }, 120_000);
});
