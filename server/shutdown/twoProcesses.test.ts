import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { sandboxApi } from '../../testing/sandboxApi';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { paymentBody } from '../../testing/shopClient';
import { errorCode, requestOnce, type Answer } from './testing/requestOnce';

/** sessions, each followed by a payment: 400 requests */
const ORDERS = 200;
/** requests in flight at once, as several shoppers */
const WORKERS = 4;

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

describePg(
  `two backend processes on one PostgreSQL, one shut down under load${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`,
  () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'merchant-two-'));
    let database: TestDatabase;
    let sandbox: Sandbox;
    let backends: BackendProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(databaseUrl!, 't_two');
      sandbox = await startSandbox();
      // both start at once on the empty database: the migrations must still run exactly once
      backends = await Promise.all(
        ['a', 'b'].map((id) =>
          startBackendProcess({
            gatewayUrl: sandbox.url,
            logFile: join(tempDir, `backend-${id}.log`),
            env: { DATABASE_URL: database.url, SHUTDOWN_DELAY_MS: '300' },
          }),
        ),
      );
    });
    afterAll(async () => {
      await Promise.all(backends.map((b) => b.kill9()));
      await sandbox?.close();
      await database?.drop();
      rmSync(tempDir, { recursive: true, force: true });
    });

    it('every request succeeds or is refused before it is accepted and retried on the other; nothing is lost or paid twice', async () => {
      const [a, b] = backends as [BackendProcess, BackendProcess];
      const inFlight = new Map<BackendProcess, number>([
        [a, 0],
        [b, 0],
      ]);
      const stats = { refusedAndRetried: 0, inFlightOnAAtSigterm: 0 };
      /** requests to A reset without an answer after its SIGTERM: checked below to have been never accepted */
      const resets: { path: string; retried: Answer }[] = [];
      let sigtermSent = false;

      /**
       * The shop's side of a load balancer: try `first`; a refused connection (never seen by it) goes to the other.
       * A connection the kernel had queued when A closed its listener is reset rather than refused; it is retried
       * too, and proved below never to have reached A's app.
       */
      async function send(
        first: BackendProcess,
        path: string,
        init: Parameters<typeof requestOnce>[1],
      ): Promise<Answer> {
        const other = first === a ? b : a;
        inFlight.set(first, inFlight.get(first)! + 1);
        let failure: string | undefined;
        try {
          return await requestOnce(`${first.url}${path}`, init);
        } catch (e) {
          failure = errorCode(e);
          const resetByA = failure === 'ECONNRESET' && first === a && sigtermSent;
          if (failure !== 'ECONNREFUSED' && !resetByA) throw new Error(`${path} on ${first.url}: ${String(e)}`);
          stats.refusedAndRetried += 1;
        } finally {
          inFlight.set(first, inFlight.get(first)! - 1);
        }
        const retried = await requestOnce(`${other.url}${path}`, init);
        if (failure === 'ECONNRESET') resets.push({ path, retried });
        return retried;
      }

      const results: { orderNo: string; sessionId: string; session: number; payment: number }[] = [];
      let next = 0;
      async function worker() {
        for (let i = next++; i < ORDERS; i = next++) {
          const orderNo = `TWO-${i}-${randomUUID().slice(0, 8)}`;
          // the session on one process, its payment on the other, as a load balancer would spread them
          const first = i % 2 === 0 ? a : b;
          const session = await send(first, '/api/sessions', {
            headers: { Authorization: 'Bearer demo-shop-secret' },
            body: { order_no: orderNo, amount: '50.00', currency: 'BRL', country: 'BR' },
          });
          const payment =
            session.status === 201
              ? await send(first === a ? b : a, `/api/sessions/${session.body.id}/payments`, {
                  headers: { 'Idempotency-Key': randomUUID() },
                  body: paymentBody(session.body.client_secret, 'pix'),
                })
              : undefined;
          results.push({ orderNo, sessionId: session.body.id, session: session.status, payment: payment?.status ?? 0 });
        }
      }
      const load = Promise.all(Array.from({ length: WORKERS }, worker));

      // half-way, and while A is serving something, A is told to stop
      await vi.waitFor(
        async () => expect(next >= ORDERS / 2 && inFlight.get(a)! > 0, 'half of the load').toBeTruthy(),
        { timeout: 60_000, interval: 1 },
      );
      stats.inFlightOnAAtSigterm = inFlight.get(a)!;
      sigtermSent = true;
      a.signal('SIGTERM');
      await load;

      expect(await a.exited).toBe(0);
      expect(stats.inFlightOnAAtSigterm).toBeGreaterThan(0);
      expect(stats.refusedAndRetried).toBeGreaterThan(0);
      expect(results.filter((r) => r.session !== 201 || r.payment !== 200)).toEqual([]);
      expect(results).toHaveLength(ORDERS);
      // a reset request never reached A's app: A logged no request for it (every request it served ends with a
      // `request` line), and a session retried under the same order_no was created, not refused as a duplicate
      const servedByA = a
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"request"'));
      for (const reset of resets) {
        if (reset.path === '/api/sessions') expect(reset.retried.status).toBe(201);
        else expect(servedByA.filter((l) => l.includes(`"path":"${reset.path}"`))).toEqual([]);
      }

      // B keeps serving, and says it is ready
      expect((await requestOnce(`${b.url}/readyz`)).status).toBe(200);

      // nothing lost: every session answered is in the database, with its one payment attempt
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ id: string; order_no: string; attempts: string; gateway_order_no: string }>(
          `select s.id, s.order_no, count(a.id) as attempts, min(a.gateway_order_no) as gateway_order_no
           from sessions s left join payment_attempts a on a.session_id = s.id
          where s.order_no like 'TWO-%' group by s.id, s.order_no`,
        );
        expect(rows).toHaveLength(ORDERS);
        expect(new Set(rows.map((r) => r.id))).toEqual(new Set(results.map((r) => r.sessionId)));
        expect(rows.filter((r) => Number(r.attempts) !== 1)).toEqual([]);

        // nothing paid twice: the gateway saw each payment exactly once
        const gateway = sandboxApi(sandbox.url);
        expect(await gateway.requestCount('/v1/authorise')).toBe(ORDERS);
        for (const r of rows)
          expect(await gateway.requestCount('/v1/authorise', r.gateway_order_no), r.gateway_order_no).toBe(1);
      } finally {
        await db.end();
      }
      expect(a.output()).toContain('"msg":"shut down"');
    }, 180_000);
  },
);
