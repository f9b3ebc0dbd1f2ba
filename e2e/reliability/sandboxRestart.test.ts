/**
 * The gateway restarts while it is retrying a notification the backend cannot take (the backend is down): the
 * retries survive the restart (the outbox is in the gateway's database) and the notification is delivered once
 * the backend is back, bringing the order to paid without any query.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { auditLine, auditLines, orderOf } from '../../testing/adminClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { paymentsTaken } from './lib/gateway';
import { approveOnIssuerPage, startPix } from '../../testing/shopClient';
import { once, useTally } from './lib/tally';

const tally = useTally('sandboxRestart');

describe('a sandbox restart during notification retries', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-restart-'));
  let sandbox: RunningSandbox;
  let backend: BackendProcess;
  beforeAll(async () => {
    // retries every few tens of milliseconds at first, then doubling: several before and after the restart
    sandbox = await startSandboxProcess({ notifyScale: 0.02, dbFile: join(dir, 'sandbox.db') });
    backend = await startBackendProcess({
      gatewayUrl: () => sandbox.url,
      logFile: join(dir, 'backend.log'),
      env: { SQLITE_FILE: join(dir, 'merchant.db') },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the notification after both restarts; the order is paid once', async () => {
    const { session, issuerUrl } = await startPix(backend.url);
    const gatewayNo = (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no;
    await backend.stop();
    // the shopper approves (and never comes back): only the notification can tell the backend
    await approveOnIssuerPage(issuerUrl);
    const payment = async () =>
      (await sandboxApi(sandbox.url).notifications(gatewayNo)).find((n) => n.notify_type === 'PAYMENT');
    const failedBefore = await vi.waitFor(
      async () => {
        const n = await payment();
        expect(n && n.attempts.length >= 3, 'failed deliveries while the backend is down').toBe(true);
        return n!.attempts.length;
      },
      { timeout: 10_000 },
    );

    await sandbox.restart();
    const afterRestart = await vi.waitFor(
      async () => {
        const n = await payment();
        expect(n && n.state === 'pending' && n.attempts.length > failedBefore, 'a retry by the restarted sandbox').toBe(
          true,
        );
        return n!;
      },
      { timeout: 10_000 },
    );
    expect(afterRestart.attempts.every((a) => a.http_status === null)).toBe(true);

    await backend.start();
    const delivered = await vi.waitFor(
      async () => {
        const n = await payment();
        expect(n?.state, 'the notification delivered').toBe('delivered');
        return n!;
      },
      { timeout: 30_000 },
    );
    expect(delivered.attempts.at(-1)).toMatchObject({ http_status: 200 });
    expect(delivered.attempts.filter((a) => a.http_status === 200)).toHaveLength(1);
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    const lines = await auditLines(backend.url, session.order_no);
    expect(
      once(
        tally,
        lines.filter(
          (l) => l === auditLine(`notification: notification ${delivered.notify_id} (PAYMENT 3000): applied`),
        ).length,
      ),
    ).toBe(1);
    expect(lines.some((l) => l.startsWith('transition: query'))).toBe(false);
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, session.order_no))).toBe(1);
  }, 90_000);
});
