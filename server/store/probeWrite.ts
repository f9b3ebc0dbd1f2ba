import { sql } from 'kysely';
import type { Db } from './db';
import type { StoreDialect } from './dialect';

/** The one row the probe rewrites: in the leases table, which every store has and nothing else reads by this name. */
const PROBE_ROW = 'readyz:write-probe';

/**
 * Writes one small row, as `/readyz` needs to know: a store that answers reads but refuses writes (read-only
 * file or replica, a full disk, a lock nobody releases) cannot take a payment. The same row is rewritten each
 * time, so probing costs no space. On PostgreSQL the write gives up after `timeoutMs` by itself, so a probe
 * blocked by a lock does not keep a pool connection after its answer; SQLite gives up at its busy timeout.
 */
export async function probeWrite(db: Db, dialect: StoreDialect, at: Date, timeoutMs: number): Promise<void> {
  const expires = at.toISOString();
  const upsert = (trx: Db) =>
    trx
      .insertInto('leases')
      .values({ name: PROBE_ROW, holder: 'readyz', expires_at: expires })
      .onConflict((oc) => oc.column('name').doUpdateSet({ expires_at: expires }))
      .execute();
  if (dialect === 'sqlite') {
    await upsert(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
    await upsert(trx);
  });
}
