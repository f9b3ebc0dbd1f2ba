/**
 * The outbox across real backend processes (`server/main.ts`, as production runs it): events written while the
 * shop's endpoint is down survive a `kill -9` and are delivered after the restart, in the order of the order's
 * changes; and two processes on one PostgreSQL deliver each event once between them, counted by event id at
 * the receiver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, orderIn } from '../../testing/adminClient';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { type FaultProxy, startFaultProxy } from '../../testing/faultProxy';
import { callJson, payCard } from '../../testing/shopClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { type EventReceiver, startEventReceiver, verifySignature } from './testing/eventReceiver';

const FAST = {
  SHOP_EVENTS_POLL_MS: '100',
  SHOP_EVENTS_RETRY_BASE_MS: '100',
  SHOP_EVENTS_RETRY_MAX_MS: '300',
  SHOP_EVENTS_TIMEOUT_MS: '1000',
};

const tempDir = mkdtempSync(join(tmpdir(), 'shop-events-'));
let sandbox: Sandbox;
let receiver: EventReceiver;
beforeAll(async () => {
  sandbox = await startSandbox();
  receiver = await startEventReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
  rmSync(tempDir, { recursive: true, force: true });
});

describe('an endpoint down across a kill -9 of the backend', () => {
  let backend: BackendProcess;
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await startFaultProxy({ target: new URL(receiver.url).origin });
    backend = await startBackendProcess({
      gatewayUrl: sandbox.url,
      logFile: join(tempDir, 'backend-kill.log'),
      env: { SQLITE_FILE: join(tempDir, 'kill.db'), ...FAST },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await proxy?.close();
  });

  it('keeps retrying, survives the kill, then delivers the order events in order', async () => {
    const created = await admin(backend.url, '/shop-endpoints', { body: { url: `${proxy.url}/events` } });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    // the endpoint goes down at the first delivery and stays down until accept()
    proxy.add({ path: '/events', action: 'refuse' });

    const { session } = await payCard(backend.url);
    const orderNo = session.order_no;
    await orderIn(backend.url, orderNo, 'authorised');
    expect((await admin(backend.url, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } })).status).toBe(
      200,
    );
    await orderIn(backend.url, orderNo, 'paid');
    // the first delivery was tried and failed: it is pending with a next try, the later one waits behind it
    const failedOnce = async () => {
      const list = await admin(backend.url, '/shop-endpoints/deliveries?status=pending');
      return list.body.deliveries.some((d: { attempts: number; last_error: string | null }) => d.attempts >= 1);
    };
    await vi.waitFor(async () => expect(await failedOnce()).toBe(true), { timeout: 15_000, interval: 50 });
    expect(receiver.received.filter((r) => r.event.order?.order_no === orderNo)).toHaveLength(0);

    await backend.kill9();
    await proxy.accept();
    await backend.start();

    const got = await receiver.until(
      (r) => r.filter((x) => x.event.order?.order_no === orderNo).length >= 2,
      'both events after the restart',
    );
    const mine = got.filter((x) => x.event.order?.order_no === orderNo);
    expect(mine.map((x) => x.event.type)).toEqual(['order.authorised', 'order.paid']);
    for (const x of mine) expect(verifySignature(x.signature, x.body, secret)).toBe(true);
    // the receiver has an event before the backend has stored the answer: the rows are delivered a moment later
    await vi.waitFor(
      async () => {
        const delivered = await admin(backend.url, `/shop-endpoints/deliveries?order_no=${orderNo}`);
        expect(delivered.body.deliveries.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
        expect(delivered.body.deliveries.some((d: { attempts: number }) => d.attempts > 1)).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

describePg(`two backend processes on one PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  let database: TestDatabase;
  let backends: BackendProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl!, 't_events');
    backends = [];
    for (const id of ['a', 'b'])
      backends.push(
        await startBackendProcess({
          gatewayUrl: sandbox.url,
          logFile: join(tempDir, `backend-${id}.log`),
          env: { DATABASE_URL: database.url, ...FAST },
        }),
      );
  });
  afterAll(async () => {
    await Promise.all(backends.map((b) => b.stop()));
    await database?.drop();
  });

  it('delivers each event once between them', async () => {
    const [a, b] = backends as [BackendProcess, BackendProcess];
    expect((await admin(a.url, '/shop-endpoints', { body: { url: receiver.url } })).status).toBe(201);
    const before = receiver.received.length;
    const orders: string[] = [];
    await Promise.all(
      [a, b, a, b, a, b].map(async (backend) => {
        const { session } = await payCard(backend.url);
        orders.push(session.order_no);
        await orderIn(backend.url, session.order_no, 'authorised');
        await admin(backend.url, '/orders/capture', { body: { orders: [{ order_no: session.order_no }] } });
      }),
    );
    // 6 orders, authorised then paid: 12 events, pulled once the workers have positioned them
    const ids = await vi.waitFor(
      async () => {
        const pulled = await callJson(`${a.url}/api/events?limit=100`, {
          headers: { Authorization: 'Bearer demo-shop-secret' },
        });
        const found: string[] = pulled.body.events.map((e: { id: string }) => e.id);
        expect(found).toHaveLength(12);
        return found;
      },
      { timeout: 15_000, interval: 50 },
    );
    await receiver.until((r) => ids.every((id) => r.some((x) => x.event.id === id)), 'every event');
    const counts = new Map<string, number>();
    // only this test's events: a delivery of the test before, whose send a kill cut, may still be arriving again
    for (const r of receiver.received.slice(before))
      if (ids.includes(r.event.id)) counts.set(r.event.id, (counts.get(r.event.id) ?? 0) + 1);
    expect(Object.fromEntries([...counts].filter(([, n]) => n !== 1)), 'events delivered more than once').toEqual({});
    expect(counts.size).toBe(12);
    for (const orderNo of orders)
      expect(receiver.received.filter((r) => r.event.order?.order_no === orderNo).map((r) => r.event.type)).toEqual([
        'order.authorised',
        'order.paid',
      ]);
  });
});
