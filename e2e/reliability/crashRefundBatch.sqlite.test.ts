/**
 * kill -9 in the middle of a 1,000-order refund batch, backend on SQLite (see lib/refundCrash.ts). One file of
 * its own: it is the longest of the reliability tests.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { killDuringRefundBatch, REFUND_CRASH_TIMEOUT_MS } from './lib/refundCrash';
import { useTally } from './lib/tally';

const tally = useTally('crashRefundBatch.sqlite');

describe('kill -9 during a 1,000-order refund [sqlite]', () => {
  // some 15 commits per order on each side: in memory when the machine has it, as the bulk1000 test does
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'reliability-crash-'));
  let sandbox: RunningSandbox;
  let backend: BackendProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ dbFile: join(dir, 'sandbox.db') });
    backend = await startBackendProcess({
      gatewayUrl: () => sandbox.url,
      logFile: join(dir, 'backend.log'),
      env: { SQLITE_FILE: join(dir, 'merchant.db'), GATEWAY_TIMEOUT_MS: String(REFUND_CRASH_TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "every order is refunded exactly once after the restart and the owner's retries",
    () => killDuringRefundBatch(backend, sandbox, tally),
    300_000,
  );
});
