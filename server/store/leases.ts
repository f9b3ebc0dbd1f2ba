import { sql } from 'kysely';
import type { Db } from './db';

/**
 * A named lease in the database: at most one holder until it expires. Used on SQLite, where there are no
 * advisory locks, so that several processes sharing one file still run a job once at a time.
 */
export async function tryAcquireLease(
  db: Db,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + ttlMs).toISOString();
  await db
    .insertInto('leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ holder, expires_at: until }).where('leases.expires_at', '<', at),
    )
    .execute();
  const row = await db.selectFrom('leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/**
 * PostgreSQL only: runs `work` while holding the session advisory lock `name`, else returns undefined at once.
 * The lock is keyed by the schema too (so separate schemas, e.g. test files, do not block each other) and held
 * on one pinned connection, the one that must release it.
 */
export async function withAdvisoryLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext(current_schema() || ${`.${name}`})`;
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
