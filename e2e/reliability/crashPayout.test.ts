/**
 * kill -9 of the backend in the middle of a payout, on SQLite and (with DATABASE_URL) PostgreSQL: once after the
 * gateway made the payout but before its answer arrived, once while the request was held before the gateway
 * acted. After the restart the owner sends the same payout with the same Idempotency-Key: it is made once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { admin } from '../../testing/adminClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { addFault, clearCountingFaults, listFaults } from './lib/faults';
import { payoutBody } from '../../testing/payoutBody';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { once, useTally } from './lib/tally';

const tally = useTally('crashPayout');

const dir = mkdtempSync(join(tmpdir(), 'reliability-payout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const databaseUrl = process.env.DATABASE_URL;
const STORES = [
  { name: 'sqlite', run: describe },
  { name: 'postgres', run: databaseUrl ? describe : describe.skip },
] as const;

// the stores at once, each with its own sandbox, each store's tests in a row (lib/storesAtOnce.ts): the time is
// process starts and restarts
describe.concurrent('stores at once', () => {
  for (const store of STORES) {
    store.run(
      `kill -9 during a payout [${store.name}]${store.name === 'postgres' && !databaseUrl ? ' skipped: DATABASE_URL is not set' : ''}`,
      () => {
        describe.sequential('in a row', () => {
          let sandbox: RunningSandbox;
          let backend: BackendProcess;
          let database: TestDatabase | undefined;
          beforeAll(async () => {
            sandbox = await startSandboxProcess({ dbFile: join(dir, `sandbox-${store.name}.db`) });
            database = store.name === 'postgres' ? await createTestDatabase(databaseUrl!, 't_rel_payout') : undefined;
            backend = await startBackendProcess({
              gatewayUrl: () => sandbox.url,
              logFile: join(dir, `backend-${store.name}.log`),
              // long enough that the call is still waiting when the process dies
              env: {
                ...(database ? { DATABASE_URL: database.url } : { SQLITE_FILE: join(dir, 'merchant.db') }),
                GATEWAY_TIMEOUT_MS: '30000',
              },
            });
          });
          afterAll(async () => {
            await backend?.kill9();
            await database?.drop();
            await sandbox?.close();
          });

          for (const when of [
            { name: 'after the gateway made it, before its answer', apply: 'after' },
            { name: 'while the gateway holds the request, before it acts', apply: 'before' },
          ]) {
            it(`${when.name}: the same key after the restart returns the one payout`, async () => {
              const gw = sandboxApi(sandbox.url);
              const key = randomUUID();
              const send = () =>
                admin(backend.url, '/payouts', { body: payoutBody(), headers: { 'Idempotency-Key': key } });
              await addFault(sandbox.url, {
                endpoint: '/v1/payout',
                order_no: key,
                apply: when.apply,
                fault: { kind: 'timeout' },
              });
              const interrupted = send().then(
                (r) => `answered ${r.status}`,
                () => 'cut off',
              );
              await vi.waitFor(
                async () => expect((await listFaults(sandbox.url)).held, 'the payout held at the gateway').toBe(1),
                { timeout: 10_000 },
              );
              await backend.kill9();
              tally.faults += 1;
              expect(await interrupted).toBe('cut off');
              await clearCountingFaults(sandbox.url, tally);
              await vi.waitFor(async () => expect((await listFaults(sandbox.url)).held, 'the hold released').toBe(0), {
                timeout: 10_000,
              });
              expect(await gw.requestCount('/v1/payout', key)).toBe(1);

              await backend.start();
              const retry = await send();
              expect(retry.status, JSON.stringify(retry.body)).toBe(200);
              expect(retry.body).toMatchObject({ request_id: key, status: 'COMPLETED' });
              expect(await send()).toMatchObject({
                status: 200,
                body: { id: retry.body.id, transaction_id: retry.body.transaction_id },
              });

              // one payout at the gateway: every call carried the one request_id, and one PAYOUT event was sent for it
              const notified = await vi.waitFor(
                async () => {
                  const n = (await gw.notifications(key)).filter((x) => x.notify_type === 'PAYOUT');
                  expect(n.length, 'the PAYOUT notification').toBeGreaterThan(0);
                  return n!;
                },
                { timeout: 10_000 },
              );
              expect(once(tally, new Set(notified.map((n) => n.fields.transaction_id)).size)).toBe(1);
              expect(notified[0]!.fields.transaction_id).toBe(retry.body.transaction_id);
              const list = await admin(backend.url, '/payouts?limit=100');
              expect(list.body.payouts.filter((p: { request_id: string }) => p.request_id === key)).toHaveLength(1);
            }, 60_000);
          }
        });
      },
    );
  }
});
