import type { Db } from './db';
import { PREPARED_PLAN_STALE } from './nameStatements';

/** Thrown inside a transaction when a row changed under it; the transaction is rolled back and run again. */
export class ConcurrentUpdateError extends Error {
  override name = 'ConcurrentUpdateError';
}

/**
 * PostgreSQL's serialization failure and deadlock, and a prepared statement made stale by a migration (run
 * unprepared the next time, nameStatements.ts): the transaction can simply be run again.
 */
const RETRYABLE_PG_CODES = new Set(['40001', '40P01', PREPARED_PLAN_STALE]);

function isRetryable(e: unknown): boolean {
  return e instanceof ConcurrentUpdateError || RETRYABLE_PG_CODES.has(String((e as { code?: unknown } | null)?.code));
}

/**
 * Runs `work` in one transaction, again (up to `attempts` times) when it lost a race with another process.
 * `work` must only touch the database: it may run more than once.
 */
export async function runInTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(work);
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
    }
  }
}

/**
 * Runs `reads` on one snapshot of the store, so that what they return agrees: an order's row and its alerts, read
 * by two statements, could otherwise straddle the commit that raised an alert and flagged the order. On
 * PostgreSQL a read-only transaction at repeatable read, whose snapshot is taken at its first statement; on SQLite
 * a (deferred) transaction, whose first read starts a read transaction on the write-ahead log that later commits
 * do not change. Neither waits for another connection's writers nor makes them wait; on SQLite this process's own
 * statements queue behind it, as behind any transaction on its one connection.
 */
export function readSnapshot<T>(db: Db, reads: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(reads);
}
