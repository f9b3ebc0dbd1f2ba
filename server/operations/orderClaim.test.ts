/**
 * #33: four captures of one order sent at once were four gateway calls, three of them refused by the gateway
 * (E0009): each request read the order as authorised before any had an answer. The order is now claimed in the
 * store before it is checked, so one request acts on it at a time, whichever backend process takes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { dropSchema } from '../testing/dropSchema';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

interface Result {
  order_no: string;
  ok: boolean;
  status?: string;
  error?: { code: string; message: string };
}

describeOnStores('one action per order at a time, across processes', (store) => {
  const tempDir = mkdtempSync(join(tmpdir(), 'merchant-claim-'));
  const schema = `t_claim_${randomBytes(5).toString('hex')}`;
  /** the backend the orders are made on, in this process */
  let one: Backend;
  /** a second backend on the same database: another process (SQLite), another pool (PostgreSQL) */
  let other: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const shared = store === 'sqlite' ? { sqliteFile: join(tempDir, 'merchant.db') } : { schema };
    one = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV, ...shared });
    if (store === 'sqlite') {
      // two SQLite connections in one process would wait for each other on the one event loop
      const child: BackendProcess = await startBackendProcess({
        gatewayUrl: sandbox.url,
        logFile: join(tempDir, 'other.log'),
        env: { ...BULK_ENV, SQLITE_FILE: join(tempDir, 'merchant.db') },
      });
      other = { url: child.url, close: () => child.stop() };
    } else {
      const second = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV, schema });
      other = { url: second.url, close: () => second.close() };
    }
  });
  afterAll(async () => {
    await other?.close();
    await one?.close();
    if (store === 'postgres') await dropSchema(schema);
    rmSync(tempDir, { recursive: true, force: true });
  });

  const act = async (url: string, action: string, orderNo: string) => {
    const res = await admin(url, `/orders/${action}`, { body: { orders: [{ order_no: orderNo }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results[0] as Result;
  };

  it('four captures of one order at once, on two backends: one gateway call, one capture', async () => {
    const [order] = await makeOrders(one, 1, 'authorised');
    const gatewayNo = order!.gateway_order_no;
    // the gateway takes its time with the capture, so all four requests are in flight together
    await sandboxApi(sandbox.url).addFault({
      endpoint: '/v1/capture',
      order_no: gatewayNo,
      times: 4,
      fault: { kind: 'latency', ms: 400 },
    });
    const results = await Promise.all(
      [one.url, other.url, one.url, other.url].map((url) => act(url, 'capture', order!.order_no)),
    );

    expect(await sandboxApi(sandbox.url).requestCount('/v1/capture', gatewayNo)).toBe(1);
    const done = results.filter((r) => r.ok);
    expect(done, JSON.stringify(results)).toEqual([{ order_no: order!.order_no, ok: true, status: 'paid' }]);
    // the others were refused here: held by the capture in flight (E0008), or, having come after it, by the
    // order's new state (E0009), never by the gateway
    for (const r of results.filter((x) => !x.ok)) {
      expect(r.error?.code, JSON.stringify(r)).toMatch(/^E000[89]$/);
      if (r.error?.code === 'E0008') expect(r.error.message).toMatch(/another request is acting on this order now/);
      else expect(r.error?.message).toBe('Wrong operation for the order status: the order is paid');
    }
    const journal = await one.store.db
      .selectFrom('order_operations')
      .innerJoin('orders', 'orders.id', 'order_operations.order_id')
      .select(['order_operations.action', 'order_operations.status'])
      .where('orders.order_no', '=', order!.order_no)
      .execute();
    expect(journal).toEqual([{ action: 'capture', status: 'succeeded' }]);
    // the claim is let go once the capture is stored: the order is free for what comes next
    expect(
      await one.store.db.selectFrom('leases').select('name').where('name', 'like', 'order-action:%').execute(),
    ).toEqual([]);
  });

  it('a capture and a cancel of one order at once: one of them reaches the gateway', async () => {
    const [order] = await makeOrders(one, 1, 'authorised');
    const gatewayNo = order!.gateway_order_no;
    for (const endpoint of ['/v1/capture', '/v1/cancel'])
      await sandboxApi(sandbox.url).addFault({
        endpoint,
        order_no: gatewayNo,
        times: 1,
        fault: { kind: 'latency', ms: 400 },
      });
    const [captured, cancelled] = await Promise.all([
      act(one.url, 'capture', order!.order_no),
      act(other.url, 'cancel', order!.order_no),
    ]);
    const calls =
      (await sandboxApi(sandbox.url).requestCount('/v1/capture', gatewayNo)) +
      (await sandboxApi(sandbox.url).requestCount('/v1/cancel', gatewayNo));
    expect(calls).toBe(1);
    expect(
      [captured, cancelled].filter((r) => r.ok),
      JSON.stringify([captured, cancelled]),
    ).toHaveLength(1);
    expect((await sandboxApi(sandbox.url).transaction(gatewayNo)).payment_status).toMatch(/^(3000|5000)$/);
  });
});
