import type { Db } from '../store';
import type { StoreDialect } from '../store';

/** Bound on the parameters of one statement (SQLite's older builds allow 999). */
const CHUNK = 500;

/**
 * Locks the rows of `orderIds` until the transaction `trx` ends, so that a check and the write that depends on
 * it (the refundable total, then the refund reserved against it) cannot interleave with another process.
 * PostgreSQL: `SELECT ... FOR UPDATE`, in id order so two lockers never deadlock. SQLite locks the whole
 * database for writing: a no-op update as the first statement takes that lock at once (a read first would
 * start a deferred transaction that could fail to upgrade later).
 */
export async function lockOrders(trx: Db, dialect: StoreDialect, orderIds: readonly string[]): Promise<void> {
  const ids = [...new Set(orderIds)].sort();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    if (dialect === 'postgres') {
      await trx.selectFrom('orders').select('id').where('id', 'in', chunk).orderBy('id').forUpdate().execute();
    } else {
      await trx
        .updateTable('orders')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', 'in', chunk)
        .execute();
    }
  }
}
