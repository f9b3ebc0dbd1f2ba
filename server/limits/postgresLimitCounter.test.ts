import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db';
import { postgresLimitCounter } from './postgresLimitCounter';

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

describePg(`postgresLimitCounter${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let store: Store;
  let queries = 0;
  /** the store's pool, counting the statements sent to PostgreSQL */
  let pool: pg.Pool;
  beforeAll(async () => {
    store = await openStore({ kind: 'postgres', url: databaseUrl!, schema });
    const real = store.pool!;
    pool = {
      query: (...args: Parameters<pg.Pool['query']>) => {
        queries++;
        return real.query(...args);
      },
    } as pg.Pool;
  });
  afterAll(async () => {
    await store?.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });
  const spec = (name: string) => ({ name, limit: 3, windowMs: 60_000 });
  const failOnStoreError = (e: unknown) => {
    throw e;
  };

  it('two counters of one limit (two processes) count in one window', async () => {
    const a = postgresLimitCounter(spec('shared'), pool, failOnStoreError);
    const b = postgresLimitCounter(spec('shared'), pool, failOnStoreError);
    const counts = [];
    for (const counter of [a, b, a, b]) counts.push((await counter.hit('198.51.100.1')).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    const peeked = await b.peek('198.51.100.1');
    expect(peeked.count).toBeGreaterThanOrEqual(3);
    expect(peeked.msLeft).toBeGreaterThan(50_000);
    expect(peeked.msLeft).toBeLessThanOrEqual(60_000);
    // another limit with the same key has its own window
    expect((await postgresLimitCounter(spec('other'), pool, failOnStoreError).hit('198.51.100.1')).count).toBe(1);
  });

  it('a key at its limit is answered from memory, without a round trip, until its window ends', async () => {
    const counter = postgresLimitCounter(spec('flood'), pool, failOnStoreError);
    for (let i = 0; i < 3; i++) await counter.hit('198.51.100.2');
    const before = queries;
    for (let i = 0; i < 100; i++) expect((await counter.hit('198.51.100.2')).count).toBeGreaterThan(3);
    expect((await counter.peek('198.51.100.2')).count).toBe(3);
    expect(queries).toBe(before);
    expect(counter.size).toBe(1);
  });

  it('counts a key longer than the table takes (a session id from a URL is the client’s choice)', async () => {
    const counter = postgresLimitCounter(spec('long'), pool, failOnStoreError);
    const key = 'x'.repeat(5000);
    expect((await counter.hit(key)).count).toBe(1);
    expect((await counter.hit(key)).count).toBe(2);
    expect((await counter.hit(`${key}y`)).count).toBe(1);
  });

  it('counts in memory while PostgreSQL fails, and says so', async () => {
    const down = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/none',
      connectionTimeoutMillis: 500,
    });
    const errors: unknown[] = [];
    const counter = postgresLimitCounter(spec('down'), down, (e) => errors.push(e));
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await counter.hit('198.51.100.3')).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(errors.length).toBeGreaterThan(0);
    await down.end();
  });
});
