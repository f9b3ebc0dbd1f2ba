import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { createTestDatabase, type TestDatabase } from '../../testing/createTestDatabase';
import { callJson, DEMO_CART, postSession } from '../../testing/shopClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';

const SESSIONS_PER_MINUTE = 4;
const AUTH_FAILURES = 3;

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

// #24: behind N processes a client got N budgets, each process counting in its own memory. On PostgreSQL the
// windows live in one table, so the limit holds across processes: the (N+1)th request over both is refused.
describePg(
  `rate limits shared by two backend processes on one PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`,
  () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'merchant-limits-'));
    let database: TestDatabase;
    let backends: BackendProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(databaseUrl!, 't_limits');
      backends = [];
      // one after the other: the first migrates, the second finds the table there
      for (const id of ['a', 'b'])
        backends.push(
          await startBackendProcess({
            gatewayUrl: 'http://127.0.0.1:9',
            logFile: join(tempDir, `backend-${id}.log`),
            env: {
              DATABASE_URL: database.url,
              TRUSTED_PROXY_HOPS: '1',
              RATE_LIMIT_SESSIONS_PER_MINUTE: String(SESSIONS_PER_MINUTE),
              AUTH_FAILURES_PER_IP: String(AUTH_FAILURES),
            },
          }),
        );
    });
    afterAll(async () => {
      await Promise.all(backends.map((b) => b.stop()));
      await database?.drop();
      rmSync(tempDir, { recursive: true, force: true });
    });

    const expect429 = (res: { status: number; headers: Headers; body: any }, what: string) => {
      expect(res.status, what).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1, `${what}: Retry-After`).toBe(true);
      expect(res.body.error.code, what).toBe('rate_limited');
    };

    it('session creation: the budget of one client is spent over both processes, then both answer 429', async () => {
      const [a, b] = backends as [BackendProcess, BackendProcess];
      const from = { 'X-Forwarded-For': '198.51.100.10' };
      const create = (backend: BackendProcess) =>
        callJson(`${backend.url}/api/sessions`, {
          body: DEMO_CART,
          headers: { Authorization: 'Bearer demo-shop-secret', ...from },
        });
      // alternating, as a load balancer would spread them
      for (let i = 0; i < SESSIONS_PER_MINUTE; i++)
        expect((await create(i % 2 ? b : a)).status, `session ${i + 1}`).toBe(201);
      expect429(await create(a), 'the next session on A');
      expect429(await create(b), 'the next session on B');
      // another client has its own budget on both
      expect((await postSession(a.url, DEMO_CART)).status).toBe(201);
    });

    it('failed authentication: a guesser gets one budget over both processes, the right token included after it', async () => {
      const [a, b] = backends as [BackendProcess, BackendProcess];
      const guesser = { 'X-Forwarded-For': '198.51.100.20' };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await admin(i % 2 ? b.url : a.url, '/orders', { token: `guess-${i}`, headers: guesser })).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
      for (const backend of [a, b]) expect429(await admin(backend.url, '/orders', { headers: guesser }), backend.url);
      expect((await admin(b.url, '/orders', { headers: { 'X-Forwarded-For': '198.51.100.21' } })).status).toBe(200);
    });
  },
);
