/**
 * A refund's own life at the gateway (docs/gateway-evidence.md 8: received, accepted, then succeeded or failed), with a
 * real backend process and a real sandbox process, on SQLite and on PostgreSQL. A refund that fails after it was
 * received is shown failed with its reason, moves no money and frees its amount; the owner's retry refunds once
 * however often it is sent; a refund still in flight holds its amount and is never sent a second time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, orderWhen, refundsFinal } from '../../testing/adminClient';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { sandboxApi } from '../../testing/sandboxApi';
import { paidPixOrder } from '../../testing/shopClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { once, useTally } from './lib/tally';

const tally = useTally('refundLifecycle');
const databaseUrl = process.env.DATABASE_URL;
/** A refund the gateway took: received, accepted, or already succeeded by the time the answer was written. */
const SENT = /^(received|accepted|succeeded)$/;

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'reliability-refunds-'));
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess({ dbFile: join(dir, 'sandbox.db') });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

// the stores at once, each store's tests in a row (lib/storesAtOnce.ts); the sandbox is shared, since every
// call to it names the order
describe.concurrent('stores at once', () => {
  for (const store of ['sqlite', 'postgres'] as const) {
    const skip = store === 'postgres' && !databaseUrl;
    describe.skipIf(skip)(`asynchronous refunds [${store}]${skip ? ' skipped: DATABASE_URL is not set' : ''}`, () => {
      describe.sequential('in a row', () => {
        let backend: BackendProcess;
        let database: TestDatabase | undefined;
        beforeAll(async () => {
          if (store === 'postgres') database = await createTestDatabase(databaseUrl!, 't_rel_refunds');
          backend = await startBackendProcess({
            gatewayUrl: () => sandbox.url,
            logFile: join(dir, `backend-${store}.log`),
            env: database ? { DATABASE_URL: database.url } : { SQLITE_FILE: join(dir, `merchant-${store}.db`) },
          });
        }, 60_000);
        afterAll(async () => {
          await backend?.stop();
          await database?.drop();
        });

        const refundsAtGateway = async (gatewayOrderNo: string) =>
          ((await sandboxApi(sandbox.url).transaction(gatewayOrderNo)).refunds ?? []) as {
            state: string;
            refund_amount: string;
            refund_reference_id: string;
          }[];

        it('a refund that fails after it was received: the owner sees it failed, retries, and it succeeds once', async () => {
          const { order_no } = await paidPixOrder(backend);
          const gatewayOrderNo = `${order_no}-1`;
          await sandboxApi(sandbox.url).refundOutcome(gatewayOrderNo, 'fail');
          const sent = await admin(backend, '/orders/refund', { body: { orders: [{ order_no, reason: 'returned' }] } });
          expect(sent.body.results[0]).toMatchObject({ ok: true, refund_state: expect.stringMatching(SENT) });

          const failed = await orderWhen(
            backend,
            order_no,
            (o) => o.refunds[0]?.status === 'failed',
            'refund 1 failed',
          );
          expect(failed).toMatchObject({ status: 'paid', refunded: null });
          expect(failed.refunds).toEqual([
            expect.objectContaining({
              seq: 1,
              status: 'failed',
              message: 'R0001:Refund failed: the issuer refused it',
            }),
          ]);

          // the owner's retry, sent twice at once and once more after (a double click, a lost answer): one new refund
          const retry = () => admin(backend, `/orders/${order_no}/refunds/1/retry`, { method: 'POST', body: {} });
          const [a, b] = await Promise.all([retry(), retry()]);
          expect([a.status, b.status]).toEqual([200, 200]);
          expect([a.body, b.body].filter((r) => r.ok)).not.toHaveLength(0);
          await refundsFinal(backend, order_no);
          const again = await retry();
          expect(again.body).toMatchObject({ ok: true, note: expect.stringContaining('first request with this key') });

          const done = await orderWhen(backend, order_no, (o) => o.status === 'refunded', 'refunded');
          expect(done.refunds).toEqual([
            expect.objectContaining({ seq: 1, status: 'failed', retried: true }),
            expect.objectContaining({ seq: 2, status: 'succeeded', retry_of: 1, amount: done.amount }),
          ]);
          expect(done.refunded).toBe(done.amount);
          const atGateway = await refundsAtGateway(gatewayOrderNo);
          expect(atGateway.map((r) => r.state)).toEqual(['failed', 'succeeded']);
          expect(once(tally, atGateway.filter((r) => r.state === 'succeeded').length)).toBe(1);
          // nothing left to retry: the one that failed has its retry, and the one that succeeded is done
          expect(
            (await admin(backend, `/orders/${order_no}/refunds/2/retry`, { method: 'POST', body: {} })).status,
          ).toBe(409);
          expect(once(tally, (await refundsAtGateway(gatewayOrderNo)).length - 1)).toBe(1);
        });

        it('a refund in flight keeps its amount and is never sent again; when it fails the amount is free', async () => {
          const { order_no } = await paidPixOrder(backend);
          const gatewayOrderNo = `${order_no}-1`;
          await sandboxApi(sandbox.url).refundOutcome(gatewayOrderNo, 'hold');
          const sent = await admin(backend, '/orders/refund', { body: { orders: [{ order_no }] } });
          expect(sent.body.results[0]).toMatchObject({
            ok: true,
            refund_state: expect.stringMatching(/^(received|accepted)$/),
          });
          await orderWhen(backend, order_no, (o) => o.refunds[0]?.status === 'accepted', 'refund 1 accepted');

          const retry = await admin(backend, `/orders/${order_no}/refunds/1/retry`, { method: 'POST', body: {} });
          expect(retry).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
          const more = await admin(backend, '/orders/refund', { body: { orders: [{ order_no, amount: '0.01' }] } });
          expect(more.body.results[0]).toMatchObject({
            ok: false,
            error: { code: 'B0002', message: expect.stringContaining('in refunds not yet succeeded') },
          });
          expect(await refundsAtGateway(gatewayOrderNo)).toHaveLength(1);

          const [held] = await refundsAtGateway(gatewayOrderNo);
          await sandboxApi(sandbox.url).refundResult(held!.refund_reference_id, 'failed');
          const failed = await orderWhen(
            backend,
            order_no,
            (o) => o.refunds[0]?.status === 'failed',
            'refund 1 failed',
          );
          expect(failed).toMatchObject({ status: 'paid', refunded: null });
          // the failed refund moved no money: its amount can be refunded again
          const partial = await admin(backend, '/orders/refund', { body: { orders: [{ order_no, amount: '1.00' }] } });
          expect(partial.body.results[0]).toMatchObject({ ok: true });
          await vi.waitFor(
            async () =>
              expect((await refundsAtGateway(gatewayOrderNo)).map((r) => r.state)).toEqual(['failed', 'succeeded']),
            { timeout: 15_000, interval: 50 },
          );
          expect(
            once(tally, (await refundsAtGateway(gatewayOrderNo)).filter((r) => r.state === 'succeeded').length),
          ).toBe(1);
        });
      });
    });
  }
});
