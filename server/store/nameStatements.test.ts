import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../testing/dropSchema';
import { openStore, type Store } from './db';
import { runInTransaction } from './runInTransaction';

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;

describePg(`prepared statements on PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ kind: 'postgres', url: databaseUrl!, schema });
    await sql`create table probe (id text primary key, a text)`.execute(store.db);
    await sql`insert into probe values ('x', 'one')`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await dropSchema(schema);
  });

  const readProbe = (db: Store['db']) => sql<Record<string, string>>`select * from probe where id = ${'x'}`.execute(db);

  it('prepares a text once per connection, and a migration that changes its columns does not break it', async () => {
    // every pooled connection prepares the select (10 at once take several connections)
    await Promise.all(Array.from({ length: 10 }, () => readProbe(store.db)));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(store.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // a migration run by another process meanwhile: `select *` now has another result type
    await sql`alter table probe add column b text default 'two'`.execute(store.db);
    for (let i = 0; i < 10; i++) expect((await readProbe(store.db)).rows[0]).toEqual({ id: 'x', a: 'one', b: 'two' });
    // inside a transaction the statement fails once; runInTransaction runs the transaction again, unprepared
    await sql`alter table probe add column c text default 'three'`.execute(store.db);
    const all = await Promise.all(
      Array.from({ length: 10 }, () => runInTransaction(store.db, async (trx) => (await readProbe(trx)).rows[0])),
    );
    for (const row of all) expect(row).toEqual({ id: 'x', a: 'one', b: 'two', c: 'three' });
  });
});
