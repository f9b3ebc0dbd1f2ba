import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../testing/startBackend';

const PAYMENTS_PER_MINUTE = 3;

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

// #24: a payment is limited per client IP and per session. On PostgreSQL both are counted in the shared table, in
// one statement (one round trip before any payment work), and both limits still hold.
describePg(`payment rate limits on PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  let backend: Backend;
  /** the statements this process sent to PostgreSQL that touch the rate-limit table */
  let limitStatements = 0;
  const realQuery = pg.Client.prototype.query;
  beforeAll(async () => {
    pg.Client.prototype.query = function countingQuery(this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      if ((typeof q === 'string' ? q : (q?.text ?? '')).includes('rate_limits')) limitStatements++;
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    backend = await startBackend({
      store: 'postgres',
      env: { RATE_LIMIT_PAYMENTS_PER_MINUTE: String(PAYMENTS_PER_MINUTE), TRUSTED_PROXY_HOPS: '1' },
    });
  });
  afterAll(async () => {
    pg.Client.prototype.query = realQuery;
    await backend?.close();
  });

  /** a payment without its Idempotency-Key: both limits count it, then the route refuses it (400) */
  const pay = (sessionId: string, ip: string) =>
    fetch(`${backend.url}/api/sessions/${sessionId}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: '{}',
    });
  const expect429 = async (res: Response, what: string) => {
    expect(res.status, what).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `${what}: Retry-After`).toBe(true);
    expect(((await res.json()) as { error: { code: string } }).error.code, what).toBe('rate_limited');
  };

  it('a payment costs one rate-limit statement for its two limits', async () => {
    const before = limitStatements;
    expect((await pay('ps_one_statement', '198.51.100.30')).status).toBe(400);
    expect(limitStatements - before).toBe(1);
  });

  it('the limit per IP holds: the next payment from that IP is refused, whatever the session', async () => {
    const ip = '198.51.100.31';
    for (let i = 0; i < PAYMENTS_PER_MINUTE; i++)
      expect((await pay(`ps_ip_${i}`, ip)).status, `payment ${i + 1}`).toBe(400);
    await expect429(await pay('ps_ip_next', ip), 'over the IP limit');
    // another IP has its own budget
    expect((await pay('ps_ip_next', '198.51.100.32')).status).toBe(400);
  });

  it('the limit per session holds: the next payment on that session is refused, whatever the IP', async () => {
    for (let i = 0; i < PAYMENTS_PER_MINUTE; i++)
      expect((await pay('ps_session', `198.51.100.${40 + i}`)).status, `payment ${i + 1}`).toBe(400);
    await expect429(await pay('ps_session', '198.51.100.49'), 'over the session limit');
  });
});
