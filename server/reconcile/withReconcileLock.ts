import { newId } from '../ids';
import type { Store } from '../store';
import { releaseLease, tryAcquireLease, withAdvisoryLock } from '../store';

/** Longer than any pass can take; a process that dies holding the SQLite lease frees it after this. */
const LEASE_MS = 10 * 60_000;

/**
 * Runs `pass` only if no other process is running one on the same store, else returns undefined. PostgreSQL:
 * a session advisory lock keyed by the schema; SQLite: a lease row, since SQLite has no advisory locks.
 */
export async function withReconcileLock<T>(store: Store, pass: () => Promise<T>): Promise<T | undefined> {
  if (store.dialect === 'postgres') return withAdvisoryLock(store.db, 'reconcile', pass);
  const holder = newId('lease');
  if (!(await tryAcquireLease(store.db, 'reconcile', holder, new Date(), LEASE_MS))) return undefined;
  try {
    return await pass();
  } finally {
    await releaseLease(store.db, 'reconcile', holder);
  }
}
