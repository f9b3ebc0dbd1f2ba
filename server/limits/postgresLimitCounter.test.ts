import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../testing/dropSchema';
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
    await dropSchema(schema);
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

  it('hits started together, of two limits, go to PostgreSQL in one statement (a payment: per IP and per session)', async () => {
    const byIp = postgresLimitCounter(spec('together-ip'), pool, failOnStoreError);
    const bySession = postgresLimitCounter(spec('together-session'), pool, failOnStoreError);
    const before = queries;
    const windows = await Promise.all([byIp.hit('198.51.100.4'), bySession.hit('ps_1')]);
    expect(queries - before).toBe(1);
    expect(windows.map((w) => w.count)).toEqual([1, 1]);
    for (const w of windows) expect(w.msLeft).toBeGreaterThan(50_000);
    // each limit keeps its own window: another pair counts on
    expect((await Promise.all([byIp.hit('198.51.100.4'), bySession.hit('ps_1')])).map((w) => w.count)).toEqual([2, 2]);
    expect((await bySession.peek('ps_1')).count).toBe(2);
  });

  it('hits of requests handled in one turn of the event loop share one statement, each with its own count', async () => {
    const byIp = postgresLimitCounter(spec('turn-ip'), pool, failOnStoreError);
    const before = queries;
    // two requests' middleware, one after the other in the same turn: the first one's code has yielded in between
    const first = byIp.hit('198.51.100.5');
    await Promise.resolve();
    await Promise.resolve();
    const second = byIp.hit('198.51.100.5');
    const third = byIp.hit('198.51.100.6');
    expect((await Promise.all([first, second, third])).map((w) => w.count)).toEqual([1, 2, 1]);
    expect(queries - before).toBe(1);
  });

  it('a key with the characters of an array literal (quotes, backslash, braces, comma, NULL) is its own key', async () => {
    const counter = postgresLimitCounter(spec('odd'), pool, failOnStoreError);
    const keys = ['a"b', 'a\\b', '{a,b}', 'NULL', 'a b', ''];
    expect((await Promise.all(keys.map((k) => counter.hit(k)))).map((w) => w.count)).toEqual(keys.map(() => 1));
    expect((await Promise.all(keys.map((k) => counter.hit(k)))).map((w) => w.count)).toEqual(keys.map(() => 2));
    // the library's select (peek) finds the rows under the same keys
    for (const k of keys) expect((await counter.peek(k)).count, k).toBe(2);
  });

  it('counts on in the rows of the library’s own upsert (a process of the previous release, during a rolling deploy)', async () => {
    const previous = new RateLimiterPostgres({
      storeClient: store.pool!,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: 'rolling',
      points: 3,
      duration: 60,
    });
    const counter = postgresLimitCounter(spec('rolling'), pool, failOnStoreError);
    expect((await previous.consume('198.51.100.9')).consumedPoints).toBe(1);
    const w = await counter.hit('198.51.100.9');
    expect(w.count).toBe(2);
    expect(w.msLeft).toBeGreaterThan(50_000);
    expect((await previous.consume('198.51.100.9')).consumedPoints).toBe(3);
    expect((await counter.peek('198.51.100.9')).count).toBe(3);
  });

  it('two hits of one key in one statement count 2, each with its own count', async () => {
    const a = postgresLimitCounter(spec('same-key'), pool, failOnStoreError);
    const b = postgresLimitCounter(spec('same-key'), pool, failOnStoreError);
    const before = queries;
    const counts = (await Promise.all([a.hit('198.51.100.5'), b.hit('198.51.100.5'), a.hit('198.51.100.6')])).map(
      (w) => w.count,
    );
    expect(queries - before).toBe(1);
    expect(counts).toEqual([1, 2, 1]);
    expect((await a.hit('198.51.100.5')).count).toBe(3);
  });

  it('a window that ended starts again at 1, also for several hits of the key in one statement', async () => {
    const counter = postgresLimitCounter(spec('ended'), pool, failOnStoreError);
    for (let i = 0; i < 2; i++) await counter.hit('198.51.100.7');
    // as if a minute had passed: the row's window ended a moment ago (windows follow the real clock)
    await store.pool!.query('update rate_limits set expire = $1 where key = $2', [
      Date.now() - 1,
      'ended:198.51.100.7',
    ]);
    expect((await counter.peek('198.51.100.7')).count).toBe(0);
    const counts = (await Promise.all([counter.hit('198.51.100.7'), counter.hit('198.51.100.7')])).map((w) => w.count);
    expect(counts).toEqual([1, 2]);
    const peeked = await counter.peek('198.51.100.7');
    expect(peeked.count).toBe(2);
    expect(peeked.msLeft).toBeGreaterThan(50_000);
  });

  it('when the statement of several hits fails, every one of them is counted in memory', async () => {
    let sent = 0;
    const failing = {
      query: () => {
        sent++;
        return Promise.reject(new Error('connection terminated unexpectedly'));
      },
    } as unknown as pg.Pool;
    const errors: unknown[] = [];
    const byIp = postgresLimitCounter(spec('failing-ip'), failing, (e) => errors.push(e));
    const bySession = postgresLimitCounter(spec('failing-session'), failing, (e) => errors.push(e));
    const hitAll = () => Promise.all([byIp.hit('198.51.100.8'), bySession.hit('ps_2'), bySession.hit('ps_2')]);
    expect((await hitAll()).map((w) => w.count)).toEqual([1, 1, 2]);
    expect(sent).toBe(1);
    expect(errors).toHaveLength(3);
    expect((await hitAll()).map((w) => w.count)).toEqual([2, 3, 4]);
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
