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
