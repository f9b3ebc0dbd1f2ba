/**
 * kill -9 in the middle of a 1,000-order refund batch, backend on PostgreSQL (see lib/refundCrash.ts); runs when
 * DATABASE_URL is set. One file of its own: it is among the longest of the reliability tests.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { killDuringRefundBatch, REFUND_CRASH_TIMEOUT_MS } from './lib/refundCrash';
import { useTally } from './lib/tally';

const tally = useTally('crashRefundBatch.postgres');
const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

describePg(
  `kill -9 during a 1,000-order refund [postgres]${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`,
  () => {
    const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'reliability-crash-'));
    let sandbox: RunningSandbox;
    let database: TestDatabase;
    let backend: BackendProcess;
    beforeAll(async () => {
      sandbox = await startSandboxProcess({ dbFile: join(dir, 'sandbox.db') });
      database = await createTestDatabase(databaseUrl!, 't_rel_crash');
      backend = await startBackendProcess({
        gatewayUrl: () => sandbox.url,
        logFile: join(dir, 'backend.log'),
        env: { DATABASE_URL: database.url, GATEWAY_TIMEOUT_MS: String(REFUND_CRASH_TIMEOUT_MS) },
      });
    });
    afterAll(async () => {
      await backend?.stop();
      await sandbox?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it(
      "every order is refunded exactly once after the restart and the owner's retries",
      () => killDuringRefundBatch(backend, sandbox, tally),
      300_000,
    );
  },
);
