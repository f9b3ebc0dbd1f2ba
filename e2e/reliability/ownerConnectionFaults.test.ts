/**
 * The owner's money-moving calls when the connection between the backend and the gateway fails half-way (issue
 * #18), with real sockets: a backend process, the fault proxy, the sandbox process. The gateway acts, its answer
 * is lost, and the retry finds the connection refused; or the answer of a partial refund is lost and the owner
 * repeats the request. Each time the gateway must have acted exactly once, and the owner must have been told
 * the truth: "not known yet", never "nothing happened, try again".
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { admin, auditLines, orderOf } from '../../testing/adminClient';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { startFaultProxy, type FaultProxy } from '../../testing/faultProxy';
import { payoutBody } from '../../testing/payoutBody';
import { sandboxApi } from '../../testing/sandboxApi';
import { paidPixOrder } from '../../testing/shopClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { addFault, clearCountingFaults } from './lib/faults';
import { describeOnStoresAtOnce } from './lib/storesAtOnce';
import { once, useTally } from './lib/tally';

const tally = useTally('ownerConnectionFaults');
const TIMEOUT_MS = 1000;

const dir = mkdtempSync(join(tmpdir(), 'reliability-connection-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// each store with its own proxy and sandbox, both at once (lib/storesAtOnce.ts): most of the time is the in-flight
// windows the owner and the reconcile loop must wait out
describeOnStoresAtOnce('connection faults between the backend and the gateway', (store) => {
  let proxy: FaultProxy;
  let sandbox: RunningSandbox;
  let backend: BackendProcess;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    proxy = await startFaultProxy();
    sandbox = await startSandboxProcess({ publicUrl: proxy.url, dbFile: join(dir, `sandbox-${store}.db`) });
    proxy.target = sandbox.url;
    database =
      store === 'postgres' ? await createTestDatabase(process.env.DATABASE_URL!, 't_rel_connection') : undefined;
    backend = await startBackendProcess({
      gatewayUrl: proxy.url,
      logFile: join(dir, `backend-${store}.log`),
      env: {
        ...(database ? { DATABASE_URL: database.url } : { SQLITE_FILE: join(dir, `merchant-${store}.db`) }),
        GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS),
        RECONCILE_INTERVAL_MS: '500',
      },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await database?.drop();
    await proxy?.close();
    await sandbox?.close();
  });
  afterEach(async () => {
    await proxy.accept();
    tally.faults += proxy.clear();
    await clearCountingFaults(sandbox.url, tally);
  });
  const gw = () => sandboxApi(sandbox.url);

  it('payout: answer lost, retry refused -> "not known yet", kept SENDING, settled by reconcile, paid once', async () => {
    const key = randomUUID();
    const body = payoutBody({ payment_amount: '75.00', reason: 'Invoice 77' });
    // the notification is lost too, so only the backend's own reconcile loop can learn the payout's fate
    await addFault(sandbox.url, { endpoint: 'notify', order_no: key, times: 1000, fault: { kind: 'drop' } });
    proxy.add({ method: 'POST', path: '/v1/payout', action: 'drop-answer', afterwards: 'refuse' });

    const first = await admin(backend.url, '/payouts', { body, headers: { 'Idempotency-Key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ request_id: key, status: 'SENDING' });
    expect(first.body.message).toMatch(/not known yet/i);
    expect(first.body.message).toMatch(/do not send it again/i);
    expect(await gw().requestCount('/v1/payout', key)).toBe(1);
    const kept = await admin(backend.url, `/payouts/${first.body.id}`);
    expect(kept).toMatchObject({ status: 200, body: { status: 'SENDING' } });

    // the owner sends it anyway under a new key while the gateway is still unreachable: a new payout by
    // definition, but one that certainly never left, so it is refused and not kept
    const other = randomUUID();
    const again = await admin(backend.url, '/payouts', { body, headers: { 'Idempotency-Key': other } });
    expect(again.status, JSON.stringify(again.body)).toBe(503);
    expect(again.body.error.message).toMatch(/nothing was paid out/);
    expect(await gw().requestCount('/v1/payout', other)).toBe(0);

    await proxy.accept();
    const settled = await vi.waitFor(
      async () => {
        const res = await admin(backend.url, `/payouts/${first.body.id}`);
        expect(res.body.status, 'the payout settled by reconcile').toBe('COMPLETED');
        return res.body as { transaction_id: string };
      },
      { timeout: 20_000, interval: 250 },
    );
    // one payout at the gateway for the key: one PAYOUT event (delivered or not), one transaction, ours
    const events = (await gw().notifications(key)).filter((n) => n.notify_type === 'PAYOUT');
    expect(once(tally, new Set(events.map((n) => n.fields.transaction_id)).size)).toBe(1);
    expect(events[0]!.fields.transaction_id).toBe(settled.transaction_id);
    expect((await gw().notifications(other)).length).toBe(0);
    // settled by the backend's reconcile loop sending the same request_id again (the notification was lost)
    expect(await auditLines(backend.url, key)).toContainEqual(
      `payout: payout ${key}: reconcile: COMPLETED (${settled.transaction_id})`,
    );
    expect(events.flatMap((n) => n.attempts.map((a) => a.error))).toEqual([expect.stringMatching(/dropped/)]);
    const list = await admin(backend.url, '/payouts?limit=100');
    expect(list.body.payouts.filter((p: { request_id: string }) => p.request_id === key)).toHaveLength(1);
  }, 60_000);

  for (const action of ['drop-answer', 'cut-answer'] as const) {
    it(`partial refund: ${action}, synced, then the same request again with its key -> refunded once`, async () => {
      const s = await paidPixOrder(backend.url);
      const gatewayNo = (await orderOf(backend.url, s.order_no)).attempts[0]!.gateway_order_no;
      const key = randomUUID();
      const request = { orders: [{ order_no: s.order_no, amount: '3.00', reason: 'one item damaged' }] };
      const send = () => admin(backend.url, '/orders/refund', { body: request, headers: { 'Idempotency-Key': key } });
      proxy.add({ method: 'POST', path: '/v1/refund', action, bytes: 60 });

      const first = await send();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.results[0]).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
      expect(await gw().requestCount('/v1/refund', gatewayNo)).toBe(1);

      // the owner syncs the order, as the answer says; once past the in-flight window that settles the refund
      await vi.waitFor(
        async () => {
          await admin(backend.url, '/orders/sync', { body: { order_nos: [s.order_no] } });
          const order = await orderOf(backend.url, s.order_no);
          expect(order.refunds.map((r) => r.status)).toEqual(['succeeded']);
        },
        { timeout: 30_000, interval: 500 },
      );

      // and repeats the request whose answer was lost, with the same key: the same journal row answers it
      const repeat = await send();
      expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
      expect(repeat.body.results[0], JSON.stringify(repeat.body)).toMatchObject({ ok: true });
      const [tx] = await gw().transactions(gatewayNo);
      expect(once(tally, (tx!.refunds as unknown[]).length)).toBe(1);
      expect((tx!.refunds as unknown[])[0]).toMatchObject({ refund_amount: '3.00' });
      const order = await orderOf(backend.url, s.order_no);
      expect(order.refunds).toHaveLength(1);
      expect(order.status).toBe('partially_refunded');

      // the same key for another refund is refused as a whole, naming the header
      const reused = await admin(backend.url, '/orders/refund', {
        body: { orders: [{ order_no: s.order_no, amount: '4.00', reason: 'one item damaged' }] },
        headers: { 'Idempotency-Key': key },
      });
      expect(reused.status).toBe(422);
      expect(reused.body.error.code).toBe('idempotency_key_reused');
    }, 60_000);
  }
});
