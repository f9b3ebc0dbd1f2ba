/**
 * kill -9 of the backend while a payment call is with the gateway, which made the payment but whose answer the
 * crash lost, on SQLite and (with DATABASE_URL) PostgreSQL. After the restart the reconcile loop finds the
 * attempt; the widget's repeat of the same call (same Idempotency-Key) gets an answer, a new key cannot pay a
 * second time, and the gateway saw the payment once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { auditLines, orderOf } from '../../testing/adminClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { addFault, clearCountingFaults, listFaults } from './lib/faults';
import { paymentsTaken } from './lib/gateway';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { createSession, BR_ORDER, startPayment } from '../../testing/shopClient';
import { once, useTally } from './lib/tally';

const tally = useTally('crashPayment');

const dir = mkdtempSync(join(tmpdir(), 'reliability-crash-payment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const databaseUrl = process.env.DATABASE_URL;
const STORES = [
  { name: 'sqlite', run: describe },
  { name: 'postgres', run: databaseUrl ? describe : describe.skip },
] as const;

// the stores at once, each with its own sandbox (lib/storesAtOnce.ts): the time is process starts and waits
describe.concurrent('stores at once', () => {
  for (const store of STORES) {
    store.run(
      `kill -9 during a payment [${store.name}]${store.name === 'postgres' && !databaseUrl ? ' skipped: DATABASE_URL is not set' : ''}`,
      () => {
        let sandbox: RunningSandbox;
        let backend: BackendProcess;
        let database: TestDatabase | undefined;
        beforeAll(async () => {
          sandbox = await startSandboxProcess({ dbFile: join(dir, `sandbox-${store.name}.db`) });
          database = store.name === 'postgres' ? await createTestDatabase(databaseUrl!, 't_rel_payment') : undefined;
          backend = await startBackendProcess({
            gatewayUrl: () => sandbox.url,
            logFile: join(dir, `backend-${store.name}.log`),
            env: {
              ...(database ? { DATABASE_URL: database.url } : { SQLITE_FILE: join(dir, `merchant-${store.name}.db`) }),
              // the call still waits for its answer when the process dies
              GATEWAY_TIMEOUT_MS: '30000',
              RECONCILE_INTERVAL_MS: '300',
              RECONCILE_PENDING_AFTER_MS: '2000',
            },
          });
        });
        afterAll(async () => {
          await backend?.kill9();
          await database?.drop();
          await sandbox?.close();
        });

        it('the repeat gets an answer, nothing is paid twice, reconcile settles the attempt', async () => {
          const session = await createSession(backend.url, {}, BR_ORDER);
          const key = randomUUID();
          await addFault(sandbox.url, {
            endpoint: '/v1/authorise',
            apply: 'after',
            times: 1,
            fault: { kind: 'timeout' },
          });
          const interrupted = startPayment(backend.url, session, 'pix', key).then(
            (r) => `answered ${r.status}`,
            () => 'cut off',
          );
          await vi.waitFor(
            async () => expect((await listFaults(sandbox.url)).held, 'the payment held at the gateway').toBe(1),
            { timeout: 10_000 },
          );
          await backend.kill9();
          tally.faults += 1;
          expect(await interrupted).toBe('cut off');
          await clearCountingFaults(sandbox.url, tally);

          // a restart with the usual time-out: an answer to a repeat is waited for 2 x 1 s + 5 s at most
          await backend.start({ GATEWAY_TIMEOUT_MS: '1000' });
          const gatewayNo = (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no;
          await vi.waitFor(
            async () =>
              expect((await orderOf(backend.url, session.order_no)).status, 'reconcile to find the payment').toBe(
                'pending',
              ),
            { timeout: 20_000 },
          );
          expect(await auditLines(backend.url, session.order_no)).toContain('transition: query: created -> pending');

          // a new key may not start a second payment of the order while this one is open
          const other = await startPayment(backend.url, session, 'pix');
          expect(other.status).toBe(409);
          expect(other.body.error.code).toBe('conflict');
          expect(once(tally, await sandboxApi(sandbox.url).requestCount('/v1/authorise', gatewayNo))).toBe(1);
          expect(await paymentsTaken(backend.url, sandbox.url, session.order_no)).toBe(0);
          // the widget repeats its call after the crash: it must learn where the payment stands, not "try again" forever
          const repeat = await startPayment(backend.url, session, 'pix', key);
          expect(repeat.status, JSON.stringify(repeat.body)).not.toBe(409);
          expect(await sandboxApi(sandbox.url).requestCount('/v1/authorise', gatewayNo)).toBe(1);
        }, 90_000);
      },
    );
  }
});
