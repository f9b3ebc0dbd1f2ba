import { sql } from 'kysely';
import { newId } from '../ids';
import type { Store } from '../store/db';
import { releaseLease, tryAcquireLease } from '../store/leases';

/** Longer than any pass can take; a process that dies holding the SQLite lease frees it after this. */
const LEASE_MS = 10 * 60_000;

/**
 * Runs `pass` only if no other process is running one on the same store, else returns undefined. PostgreSQL:
 * a session advisory lock keyed by the schema (so separate schemas, e.g. test files, do not block each other)
 * on one pinned connection. SQLite: a lease row, since SQLite has no advisory locks.
 */
export async function withReconcileLock<T>(store: Store, pass: () => Promise<T>): Promise<T | undefined> {
  if (store.dialect === 'postgres') {
    return store.db.connection().execute(async (conn) => {
      const key = sql`hashtext(current_schema() || '.reconcile')`;
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
      try {
        return await pass();
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(conn);
      }
    });
  }
  const holder = newId('lease');
  if (!(await tryAcquireLease(store.db, 'reconcile', holder, new Date(), LEASE_MS))) return undefined;
  try {
    return await pass();
  } finally {
    await releaseLease(store.db, 'reconcile', holder);
  }
}
