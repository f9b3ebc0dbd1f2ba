import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyShopEvent } from '../packages/node/src/verifyShopEvent';
import type { ShopEvent } from '../shared/contract/shopEvents';
import { startShopEventWorker } from '../server/shopEvents';
import { BULK_ENV } from '../server/testing/makeOrders';
import { startBackend, type Backend } from '../server/testing/startBackend';
import { runCliInProcess } from '../testing/runCli';
import { startSandbox, type Sandbox } from '../testing/startSandboxInProcess';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A shop's own server on this machine: verifies each pushed event with the project's verifier and keeps it. */
async function startLocalShop(secretOf: () => string | undefined) {
  const received: { event?: ShopEvent; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      try {
        const event = verifyShopEvent(body, req.headers['checkout-signature'] as string | undefined, secretOf() ?? '-');
        received.push({ event, status: 200 });
        res.writeHead(200).end('ok');
      } catch (e) {
        received.push({ status: 400 });
        res.writeHead(400).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('npm run cli -- events listen | trigger: webhooks on a laptop', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  let env: Record<string, string>;
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV });
    worker = startShopEventWorker(backend.deps);
    env = {
      CHECKOUT_URL: backend.url,
      ADMIN_TOKEN: backend.config.adminToken ?? '',
      SHOP_SECRET: backend.config.shopSecret ?? '',
    };
  });
  afterAll(async () => {
    await worker?.stop();
    await backend?.close();
    await sandbox?.close();
  });
  const cli = (args: string[], more: Record<string, string> = {}) => runCliInProcess(args, { ...env, ...more });

  it('listen forwards a real order.paid, signed with the secret it printed, to a local server that verifies it', async () => {
    let stdout = '';
    const shop = await startLocalShop(() => /^(whsec_\S+)$/m.exec(stdout)?.[1]);
    try {
      const { main } = await import('./cli');
      const listening = main(['events', 'listen', '--forward-to', shop.url, '--count', '1', '--timeout', '60'], {
        env,
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: () => undefined },
      });
      // the secret is printed once, before any event is taken
      await vi.waitFor(() => expect(stdout).toMatch(/^whsec_[\w-]{32,}$/m), { timeout: 10_000 });
      const triggered = await cli(['events', 'trigger', 'order.paid']);
      expect(triggered.stderr).toContain(`backend: ${backend.url} (from CHECKOUT_URL)`);
      expect(triggered.code, triggered.stderr).toBe(0);
      const [eventId, type, orderNo] = triggered.stdout.trim().split(/\s+/);
      expect(type).toBe('order.paid');
      expect(await listening).toBe(0);
      expect(shop.received).toHaveLength(1);
      expect(shop.received[0]!.status).toBe(200);
      expect(shop.received[0]!.event).toMatchObject({
        id: eventId,
        type: 'order.paid',
        order: { order_no: orderNo, status: 'paid' },
      });
      expect(stdout).toMatch(new RegExp(`${eventId}\\s+order\\.paid\\s+${orderNo} -> 200 OK`));
    } finally {
      await shop.close();
    }
  });

  it('listen with another secret than the local server has: the server refuses the event and the line says so', async () => {
    const shop = await startLocalShop(() => 'whsec_not_the_one_listen_signs_with_0000000');
    try {
      const listening = cli(['events', 'listen', '--forward-to', shop.url, '--count', '1', '--timeout', '60']);
      await vi.waitFor(
        async () => {
          // listen takes the events from when it started: trigger once it is waiting
          const triggered = await cli(['events', 'trigger', 'order.declined']);
          expect(triggered.code, triggered.stderr).toBe(0);
          expect((await listening).stdout).toMatch(/order\.declined .* -> 400 Bad Request {2}no signature matches/);
        },
        { timeout: 60_000 },
      );
      expect(shop.received).toEqual([{ status: 400 }]);
    } finally {
      await shop.close();
    }
  });

  it('listen stops at --timeout with exit 1 when fewer events than --count came; a bad --forward-to is a usage error', async () => {
    const shop = await startLocalShop(() => undefined);
    try {
      const run = await cli(['events', 'listen', '--forward-to', shop.url, '--count', '1', '--timeout', '1']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('timeout: 0 event(s) forwarded in 1 s');
      const bad = await cli(['events', 'listen', '--forward-to', 'localhost:3000']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('events listen needs --forward-to URL');
    } finally {
      await shop.close();
    }
  });

  it('listen stops on Ctrl-C (SIGINT) with exit 0, saying how many events it forwarded', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, 'events', 'listen', '--forward-to', 'http://127.0.0.1:9/hook'],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(() => expect(stderr).toContain('waiting for events (Ctrl-C to stop)'), { timeout: 20_000 });
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stderr).toContain('0 event(s) forwarded');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.each([
    'order.authorised',
    'order.paid',
    'order.declined',
    'order.cancelled',
    'order.partially_refunded',
    'order.refunded',
    'order.refund_failed',
    'order.dispute_opened',
    'order.dispute_closed',
  ])('trigger %s makes the event for real: the backend lists it for a new order', async (type) => {
    const run = await cli(['events', 'trigger', type]);
    expect(run.code, run.stderr).toBe(0);
    const [eventId, printed, orderNo] = run.stdout.trim().split(/\s+/);
    expect(printed).toBe(type);
    const page = await fetch(`${backend.url}/api/events?limit=100`, {
      headers: { Authorization: `Bearer ${env.SHOP_SECRET}` },
    }).then((r) => r.json() as Promise<{ events: ShopEvent[] }>);
    expect(page.events.find((e) => e.id === eventId)).toMatchObject({ type, order: { order_no: orderNo } });
  });

  it('trigger refuses what it cannot make with what to do instead', async () => {
    const payout = await cli(['events', 'trigger', 'payout.completed']);
    expect(payout.code).toBe(2);
    expect(payout.stderr).toContain('npm run cli -- payout --json');
    const unknown = await cli(['events', 'trigger', 'order.shipped']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/order\.shipped is not an event type[\s\S]*order\.refund_failed/);
  });
});
