import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { paymentBody } from '../../testing/shopClient';
import { startHoldingGateway, type HoldingGateway } from './testing/holdingGateway';
import { errorCode, requestOnce, type Answer } from './testing/requestOnce';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';

const tempDir = mkdtempSync(join(tmpdir(), 'merchant-shutdown-'));
let sandbox: Sandbox;
let gateway: HoldingGateway;
let backend: BackendProcess | undefined;
/** the running backend's folder: its SQLite file and its log */
let dir = '';

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(tempDir, { recursive: true, force: true });
});
afterEach(async () => {
  await backend?.kill9();
  backend = undefined;
  await gateway?.close();
});

async function start(env: Record<string, string>): Promise<BackendProcess> {
  // every APM payment's /v1/authorise waits at the proxy until the test releases it
  gateway = await startHoldingGateway(sandbox.url, '/v1/authorise');
  dir = mkdtempSync(join(tempDir, 'run-'));
  backend = await startBackendProcess({
    gatewayUrl: gateway.url,
    logFile: join(dir, 'backend.log'),
    env: { SQLITE_FILE: join(dir, 'merchant.db'), ...env },
  });
  return backend;
}

/** Creates a session and starts a PIX payment; the payment stays in flight until the gateway is released. */
async function paymentInFlight(b: BackendProcess): Promise<{ sessionId: string; answer: Promise<Answer> }> {
  const session = await requestOnce(`${b.url}/api/sessions`, {
    headers: { Authorization: 'Bearer demo-shop-secret' },
    body: { amount: '50.00', currency: 'BRL', country: 'BR' },
  });
  expect(session.status).toBe(201);
  const answer = requestOnce(`${b.url}/api/sessions/${session.body.id}/payments`, {
    headers: { 'Idempotency-Key': randomUUID() },
    body: paymentBody(session.body.client_secret, 'pix'),
  });
  await vi.waitFor(async () => expect(gateway.held > 0, 'the payment to reach the gateway').toBeTruthy(), {
    timeout: 10_000,
  });
  return { sessionId: session.body.id, answer };
}

const refused = async (url: string) => {
  try {
    await requestOnce(`${url}/healthz`);
    return undefined;
  } catch (e) {
    return errorCode(e) === 'ECONNREFUSED' ? true : undefined;
  }
};

describe('graceful shutdown of server/main.ts', () => {
  it('on SIGTERM: not ready, then no new connections, the payment in flight finishes, the store closes, exit 0', async () => {
    const b = await start({ SHUTDOWN_DELAY_MS: '1500', METRICS_PORT: '0' });
    expect((await requestOnce(`${b.url}/readyz`)).status).toBe(200);
    // METRICS_PORT: the metrics on their own listener without auth, and not on the main port
    const metricsUrl = await vi.waitFor(
      () => {
        const found = /"metricsUrl":"([^"]+)"/.exec(b.output())?.[1];
        expect(found, 'the metrics listener').toBeDefined();
        return found!;
      },
      { timeout: 10_000 },
    );
    const scraped = await requestOnce(metricsUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('merchant_store_up 1');
    expect(
      (await requestOnce(`${b.url}/metrics`, { headers: { Authorization: 'Bearer demo-admin-token' } })).status,
    ).toBe(404);
    const { sessionId, answer } = await paymentInFlight(b);

    b.signal('SIGTERM');
    // during SHUTDOWN_DELAY_MS it still answers, but tells the load balancer to stop sending
    const draining = await vi.waitFor(
      async () => {
        const res = await requestOnce(`${b.url}/readyz`).catch(() => undefined);
        expect(res?.status, 'readyz to say draining').toBe(503);
        return res!;
      },
      { timeout: 10_000 },
    );
    expect(draining.body).toEqual({ status: 'draining' });
    expect(draining.headers.connection).toBe('close');
    await vi.waitFor(async () => expect(await refused(b.url), 'the listener to close').toBe(true), { timeout: 10_000 });
    expect(b.running).toBe(true); // still finishing the payment

    gateway.release();
    const paid = await answer;
    expect(paid.status).toBe(200);
    expect(paid.body.action.type).toBe('redirect');
    expect(paid.headers.connection).toBe('close');
    expect(await b.exited).toBe(0);

    // the answer given was stored before the store closed, and the gateway saw the payment once
    const db = new Database(join(dir, 'merchant.db'), { readonly: true });
    try {
      const attempt = db
        .prepare('select status, gateway_order_no from payment_attempts where session_id = ?')
        .get(sessionId) as { status: string; gateway_order_no: string };
      expect(attempt.status).toBe('pending');
      const seen = (await (
        await fetch(
          `${sandbox.url}/sandbox/requests/count?endpoint=/v1/authorise&order_no=${encodeURIComponent(attempt.gateway_order_no)}`,
        )
      ).json()) as { count: number };
      expect(seen.count).toBe(1);
    } finally {
      db.close();
    }
    expect(b.output()).toContain('"msg":"shut down"');
  });

  it('a second SIGTERM exits at once, without waiting for the request in flight', async () => {
    const b = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const { answer } = await paymentInFlight(b);
    const settled = answer.then(
      () => 'answered',
      (e: unknown) => errorCode(e),
    );
    b.signal('SIGTERM');
    await vi.waitFor(async () => expect(await refused(b.url), 'the listener to close').toBe(true), { timeout: 10_000 });
    const second = Date.now();
    b.signal('SIGTERM');
    expect(await b.exited).toBe(1);
    expect(Date.now() - second).toBeLessThan(5_000);
    expect(await settled).toBe('ECONNRESET');
    expect(b.output()).toContain('second signal, exiting now');
  });

  it('gives up after SHUTDOWN_TIMEOUT_MS with exit code 1', async () => {
    const b = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const { answer } = await paymentInFlight(b);
    answer.catch(() => undefined);
    const sent = Date.now();
    b.signal('SIGTERM');
    expect(await b.exited).toBe(1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - sent).toBeLessThan(10_000);
    expect(b.output()).toContain('shutdown: timed out (SHUTDOWN_TIMEOUT_MS)');
  });
});
