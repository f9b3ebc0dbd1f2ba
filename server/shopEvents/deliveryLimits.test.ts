/**
 * #33: a shop endpoint's answer was read whole into memory. Three answers of 300 MiB killed a backend held to
 * 1 GiB; the deliveries, claimed but not recorded, were claimed again after their lease at every restart and
 * killed it again. A delivery now reads a few KiB of the answer at most and counts by its status, counts its
 * attempt before it is sent (a send that stops the process is retried after its backoff, and only a few times),
 * and one endpoint gets a few deliveries in flight at once, never the whole batch.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin } from '../../testing/adminClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { deliverDueEvents } from './deliverDueEvents';
import { sendTestEvent } from './sendTestEvent';
import { claimDueDeliveries } from './shopDeliveries';

const MIB = 1024 * 1024;
const tempDir = mkdtempSync(join(tmpdir(), 'shop-delivery-limits-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

interface Delivery {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_answer: string | null;
  next_attempt_at: string | null;
}
const deliveriesOf = async (backend: BackendProcess | Backend, endpointId: string): Promise<Delivery[]> =>
  (await admin(backend, `/shop-endpoints/deliveries?endpoint_id=${endpointId}`)).body.deliveries;

/** A loopback endpoint; `answer` decides what each request gets. */
async function startEndpoint(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The resident set of process `pid`, in bytes (Linux). */
function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** The backend's own V8 heap in use, from its metrics. */
async function heapUsedOf(backend: BackendProcess): Promise<number> {
  const text = await (
    await fetch(`${backend.url}/metrics`, { headers: { Authorization: 'Bearer demo-admin-token' } })
  ).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1]);
}

describe('an endpoint that answers 200 and then an endless body', () => {
  /** the most any one answer sends, so the test stays bounded even when the backend keeps reading */
  const ANSWER_CAP = 128 * MIB;
  const ANSWERS = 3;
  let backend: BackendProcess;
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  const bytesSent: number[] = [];

  beforeAll(async () => {
    endpoint = await startEndpoint((req, res) => {
      req.resume();
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const pump = () => {
        while (sent < ANSWER_CAP && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => bytesSent.push(res.socket?.bytesWritten ?? sent));
      pump();
    });
    backend = await startBackendProcess({
      gatewayUrl: 'http://127.0.0.1:9',
      logFile: join(tempDir, 'endless.log'),
      env: { SQLITE_FILE: join(tempDir, 'endless.db'), SHOP_EVENTS_POLL_MS: '100', SHOP_EVENTS_TIMEOUT_MS: '10000' },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await endpoint?.close();
  });

  it("leaves the delivering process's memory flat, and counts the deliveries by their status", async () => {
    const created = await admin(backend, '/shop-endpoints', { body: { url: endpoint.url } });
    expect(created.status).toBe(201);
    const endpointId: string = created.body.endpoint.id;
    const pid = backend.pid!;
    const rssBefore = rssOf(pid);
    const heapBefore = await heapUsedOf(backend);

    let rssPeak = rssBefore;
    let delivered: Delivery[] = [];
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(pid));
    }, 10);
    try {
      for (let i = 0; i < ANSWERS; i++)
        expect((await admin(backend, `/shop-endpoints/${endpointId}/test`, { method: 'POST' })).status).toBe(202);
      const done = await vi.waitFor(
        async () => {
          const list = await deliveriesOf(backend, endpointId);
          expect(list.filter((d) => d.status !== 'pending')).toHaveLength(ANSWERS);
          return list;
        },
        { timeout: 30_000, interval: 50 },
      );
      await vi.waitFor(() => expect(bytesSent).toHaveLength(ANSWERS), { timeout: 30_000, interval: 20 });
      delivered = done;
    } finally {
      clearInterval(sampler);
    }
    const rssPeakGrowth = rssPeak - rssBefore;
    const heapAfter = await heapUsedOf(backend);
    const sentTotal = bytesSent.reduce((a, b) => a + b, 0);
    console.log(
      `[delivery memory] ${ANSWERS} endless answers: RSS ${(rssBefore / MIB).toFixed(1)} MiB before, peak +${(rssPeakGrowth / MIB).toFixed(1)} MiB; heap used ${(heapBefore / MIB).toFixed(1)} -> ${(heapAfter / MIB).toFixed(1)} MiB; the endpoint got ${(sentTotal / MIB).toFixed(1)} MiB onto the wire before the backend closed`,
    );
    for (const d of delivered)
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null });
    expect(delivered[0]!.last_answer).toBe('x'.repeat(500));
    // a few KiB read of each; what the kernel buffered of the endpoint's writes is never read
    expect(rssPeakGrowth).toBeLessThan(32 * MIB);
    expect(heapAfter - heapBefore).toBeLessThan(16 * MIB);
    expect(sentTotal).toBeLessThan(ANSWERS * 16 * MIB);
  });
});

// three restarts of a process; the lease a killed send leaves (its time-out + 5 s) is set to have run out while the
// process is down, as the time would, so each restart claims the delivery once its backoff is over
describe('a send that stops the backend', () => {
  let backend: BackendProcess;
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  /** every request that reached the endpoint; none is ever answered */
  const held: string[] = [];

  beforeAll(async () => {
    endpoint = await startEndpoint((req) => {
      held.push(String(req.headers['checkout-event-id']));
      req.resume();
    });
    backend = await startBackendProcess({
      gatewayUrl: 'http://127.0.0.1:9',
      logFile: join(tempDir, 'crash.log'),
      env: {
        SQLITE_FILE: join(tempDir, 'crash.db'),
        SHOP_EVENTS_POLL_MS: '100',
        SHOP_EVENTS_RETRY_BASE_MS: '100',
        SHOP_EVENTS_RETRY_MAX_MS: '200',
        // long enough that the kill comes first on a loaded machine; the lease outlives it by 5 s, so a killed
        // send is due again after about 8 s
        SHOP_EVENTS_TIMEOUT_MS: '3000',
      },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await endpoint?.close();
  });

  const storedDelivery = () => {
    const db = new Database(join(tempDir, 'crash.db'), { readonly: true });
    try {
      return db.prepare('select status, attempts, last_status_code, last_error from shop_deliveries').get();
    } finally {
      db.close();
    }
  };

  /** The killed process's lease on the delivery, run out (the process is down: nothing else writes the file). */
  const leaseRunOut = () => {
    const db = new Database(join(tempDir, 'crash.db'));
    try {
      const { changes } = db
        .prepare('update shop_deliveries set lease_until = ? where lease_until is not null')
        .run(new Date(Date.now() - 1000).toISOString());
      expect(changes).toBe(1);
    } finally {
      db.close();
    }
  };

  it('is counted before it goes out, retried after its backoff, and failed after 3 in a row', async () => {
    const created = await admin(backend, '/shop-endpoints', { body: { url: endpoint.url } });
    const endpointId: string = created.body.endpoint.id;
    const sent = await admin(backend, `/shop-endpoints/${endpointId}/test`, { method: 'POST' });
    const eventId: string = sent.body.event_id;
    for (let crash = 1; crash <= 3; crash++) {
      // the send is out and held: the backend stops before any outcome
      await vi.waitFor(() => expect(held.filter((id) => id === eventId)).toHaveLength(crash), {
        timeout: 20_000,
        interval: 20,
      });
      await backend.kill9();
      // what the killed process left in its store: the attempt, counted before it went out
      expect(storedDelivery(), `after kill ${crash}, the endpoint got ${held.join(', ')}`).toMatchObject({
        status: 'pending',
        attempts: crash,
        last_status_code: null,
        last_error: `no outcome recorded: the backend stopped during the send (${crash} in a row)`,
      });
      leaseRunOut();
      await backend.start();
    }
    // the fourth claim sends nothing: the delivery is failed for the owner to resend once the cause is found
    const failed = await vi.waitFor(
      async () => {
        const [d] = await deliveriesOf(backend, endpointId);
        expect(d!.status).toBe('failed');
        return d!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed).toMatchObject({
      attempts: 3,
      last_error: expect.stringMatching(/^gave up: 3 sends in a row stopped the backend/),
    });
    expect(held.filter((id) => id === eventId)).toHaveLength(3);
    // the owner's resend gets it a fresh count: it goes out once more
    expect((await admin(backend, `/shop-endpoints/deliveries/${failed.id}/resend`, { method: 'POST' })).status).toBe(
      202,
    );
    await vi.waitFor(() => expect(held.filter((id) => id === eventId)).toHaveLength(4), {
      timeout: 20_000,
      interval: 20,
    });
  }, 120_000);
});

describeOnStores('deliveries to one endpoint', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, env: { SHOP_EVENTS_TIMEOUT_MS: '5000' } });
  });
  afterAll(() => backend?.close());

  it('at most 4 in flight to one endpoint, whoever claims; another endpoint is not held up by it', async () => {
    /** open requests now, the most at once, and each request's release */
    let open = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const slow = await startEndpoint((req, res) => {
      open += 1;
      most = Math.max(most, open);
      req.resume();
      release.push(() => {
        open -= 1;
        res.end('ok');
      });
    });
    const quick = await startEndpoint((req, res) => {
      req.resume();
      res.end('ok');
    });
    try {
      const add = async (url: string) =>
        (await admin(backend, '/shop-endpoints', { body: { url } })).body.endpoint.id as string;
      const slowId = await add(slow.url);
      const quickId = await add(quick.url);
      for (let i = 0; i < 10; i++) await sendTestEvent(backend.store.db, slowId, new Date());
      for (let i = 0; i < 2; i++) await sendTestEvent(backend.store.db, quickId, new Date());

      // one pass: four to the slow endpoint held open, the quick one's two delivered meanwhile
      const pass = deliverDueEvents(backend.deps);
      await vi.waitFor(() => expect(open).toBe(4), { timeout: 10_000, interval: 10 });
      await vi.waitFor(
        async () =>
          expect((await deliveriesOf(backend, quickId)).map((d) => d.status)).toEqual(['delivered', 'delivered']),
        { timeout: 10_000, interval: 20 },
      );
      // another worker claiming now (another process) finds the slow endpoint full
      const now = new Date();
      const more = await claimDueDeliveries(
        backend.store.db,
        backend.store.dialect,
        now.toISOString(),
        new Date(now.getTime() + 10_000).toISOString(),
        20,
        4,
      );
      expect(more).toEqual([]);
      for (const r of release.splice(0)) r();
      expect(await pass).toMatchObject({ delivered: 6, failed: 0, retrying: 0 });
      expect(most).toBe(4);
      const slowList = await deliveriesOf(backend, slowId);
      expect(slowList.filter((d) => d.status === 'delivered')).toHaveLength(4);
      expect(slowList.filter((d) => d.status === 'pending')).toHaveLength(6);
    } finally {
      for (const r of release.splice(0)) r();
      await slow.close();
      await quick.close();
    }
  });
});
