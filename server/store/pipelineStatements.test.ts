import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCounter } from '../testing/countStatements';
import { dropSchema } from '../testing/dropSchema';
import { openStore, type Store } from './db';
import { DEFERRABLE, pipelineStatements } from './pipelineStatements';
import { runInTransaction } from './runInTransaction';

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;
// before the store opens: it tags what the drivers send
const counter = statementCounter();

describePg(`pipelined transactions on PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ kind: 'postgres', url: databaseUrl!, schema });
    await sql`create table probe (id text primary key, a text not null)`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await dropSchema(schema);
  });

  type Db = Store['db'];
  /** a write whose answer nobody reads: held inside a transaction */
  const deferredInsert = (db: Db, id: string, a: string | null) =>
    sql`${sql.raw(DEFERRABLE)}insert into probe (id, a) values (${id}, ${a})`.execute(db);
  const insert = (db: Db, id: string, a: string) => sql`insert into probe (id, a) values (${id}, ${a})`.execute(db);
  const read = async (db: Db, id: string) =>
    (await sql<{ a: string }>`select a from probe where id = ${id}`.execute(db)).rows[0]?.a;

  it('sends begin with the first statement and the held writes with the commit', async () => {
    const id = `p${randomBytes(4).toString('hex')}`;
    const { statements, calls } = await counter.count(() =>
      runInTransaction(store.db, async (trx) => {
        expect(await read(trx, id)).toBeUndefined();
        await deferredInsert(trx, id, 'one');
        await deferredInsert(trx, `${id}b`, 'two');
      }),
    );
    expect(statements.map((s) => s.replace(DEFERRABLE, '').split(' ')[0])).toEqual([
      'begin',
      'select',
      'insert',
      'insert',
      'commit',
    ]);
    expect(calls).toBe(2);
    expect(await read(store.db, id)).toBe('one');
    expect(await read(store.db, `${id}b`)).toBe('two');
  });

  it("reads values with the pool's parsers inside a pipeline (int8 as a number)", async () => {
    const counted = await runInTransaction(store.db, async (trx) => {
      await deferredInsert(trx, `p${randomBytes(4).toString('hex')}`, 'counted');
      return (await sql<{ n: unknown }>`select count(*) as n from probe where a = ${'counted'}`.execute(trx)).rows[0]!
        .n;
    });
    expect(counted).toBe(1);
  });

  it('a held write is sent before the next statement of its transaction, which reads it', async () => {
    const id = `p${randomBytes(4).toString('hex')}`;
    const seen = await runInTransaction(store.db, async (trx) => {
      await deferredInsert(trx, id, 'mine');
      return read(trx, id);
    });
    expect(seen).toBe('mine');
  });

  it('a transaction that sends nothing costs no round trip', async () => {
    const { calls } = await counter.count(() => runInTransaction(store.db, async () => 'nothing'));
    expect(calls).toBe(0);
  });

  it('a held write that fails fails the commit, and nothing of the transaction is kept', async () => {
    const id = `p${randomBytes(4).toString('hex')}`;
    await insert(store.db, `${id}taken`, 'first');
    const failed = runInTransaction(store.db, async (trx) => {
      await insert(trx, id, 'kept only if the transaction commits');
      // the primary key is taken: fails when it is sent, with the commit
      await deferredInsert(trx, `${id}taken`, 'second');
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await read(store.db, id)).toBeUndefined();
    expect(await read(store.db, `${id}taken`)).toBe('first');
    // every pooled connection still works, its prepared statements too
    const again = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        runInTransaction(store.db, async (trx) => {
          await deferredInsert(trx, `${id}-${i}`, 'after');
          return read(trx, `${id}-${i}`);
        }),
      ),
    );
    expect(again).toEqual(Array.from({ length: 12 }, () => 'after'));
  });

  it('statements skipped after a failed one are prepared again later', async () => {
    const id = `p${randomBytes(4).toString('hex')}`;
    // texts this connection has never prepared, the first failing (a null in a not-null column) with the second
    // and third held behind it
    const tag = randomBytes(3).toString('hex');
    const first = (db: Db, a: string | null) =>
      sql`${sql.raw(DEFERRABLE)}insert into probe (id, a) values (${`${id}-1`}, ${a}) -- ${sql.raw(tag)}`.execute(db);
    const second = (db: Db) =>
      sql`${sql.raw(DEFERRABLE)}insert into probe (id, a) values (${`${id}-2`}, ${'b'}) -- ${sql.raw(tag)}b`.execute(
        db,
      );
    const third = async (db: Db) =>
      (await sql<{ a: string }>`select a from probe where id = ${`${id}-2`} -- ${sql.raw(tag)}c`.execute(db)).rows[0]
        ?.a;
    const failing = runInTransaction(store.db, async (trx) => {
      await first(trx, null);
      await second(trx);
      return third(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23502' });
    expect(
      await runInTransaction(store.db, async (trx) => {
        await first(trx, 'a');
        await second(trx);
        return third(trx);
      }),
    ).toBe('b');
  });

  it('a statement that fails after the held begin rolls back, and the next transaction starts clean', async () => {
    const id = `p${randomBytes(4).toString('hex')}`;
    await insert(store.db, id, 'there');
    await expect(
      runInTransaction(store.db, async (trx) => {
        await deferredInsert(trx, `${id}x`, 'held');
        await insert(trx, id, 'taken');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await read(store.db, `${id}x`)).toBeUndefined();
    // not inside a leftover transaction: a write outside one is seen by every other connection at once
    await deferredInsert(store.db, `${id}y`, 'at once');
    const others = await Promise.all(Array.from({ length: 10 }, () => read(store.db, `${id}y`)));
    expect(others).toEqual(Array.from({ length: 10 }, () => 'at once'));
  });

  it('pipelines the same way with prepared statements off (behind a pooler), every statement unnamed', async () => {
    const unnamed = await openStore({ kind: 'postgres', url: databaseUrl!, schema, preparedStatements: false });
    try {
      const id = `p${randomBytes(4).toString('hex')}`;
      const { calls } = await counter.count(() =>
        runInTransaction(unnamed.db, async (trx) => {
          expect(await read(trx, id)).toBeUndefined();
          await deferredInsert(trx, id, 'unnamed');
        }),
      );
      expect(calls).toBe(2);
      expect(await read(store.db, id)).toBe('unnamed');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
        unnamed.db,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await unnamed.close();
    }
  });

  it('a round trip pg would refuse is refused before anything is written, and the connection goes on', async () => {
    const client = new pg.Client({ connectionString: databaseUrl! });
    await client.connect();
    try {
      // names that give one name to two texts: pg refuses the second, which must not leave a held begin half-sent
      pipelineStatements(client as pg.PoolClient, { nameFor: () => 'same', unname: () => {} });
      await client.query('begin', []);
      expect((await client.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
      await client.query('commit', []);
      await client.query('begin', []);
      await expect(client.query('select $1::text as t', ['x'])).rejects.toThrow(/Prepared statements must be unique/);
      // nothing was left on the wire: the next round trip answers its own statement alone, and no begin ran
      expect((await client.query('select 2 as n', [])).rows).toEqual([{ n: 2 }]);
      expect(client.getTransactionStatus()).toBe('I');
    } finally {
      await client.end();
    }
  });
});
