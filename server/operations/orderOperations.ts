import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { OrderOperationTable } from '../store';

export type OrderOperationRow = Selectable<OrderOperationTable>;

export const OPERATION_STATUS = { pending: 'pending', succeeded: 'succeeded', failed: 'failed' } as const;

export async function insertOperations(trx: Db, rows: readonly Insertable<OrderOperationTable>[]): Promise<void> {
  // one statement per row keeps each under every database's parameter limit
  for (const row of rows) await trx.insertInto('order_operations').values(row).execute();
}

/** Operations of `orderIds` still pending since before `touchedBefore`: left by a crash or a time-out. */
export async function stalePendingOperations(
  db: Db,
  orderIds: readonly string[],
  touchedBefore: string,
): Promise<OrderOperationRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_operations')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .where('status', '=', OPERATION_STATUS.pending)
    .where('updated_at', '<', touchedBefore)
    .orderBy('created_at')
    .execute();
}

/** Stores the gateway's answer to a journalled operation. */
export async function updateOperation(trx: Db, id: string, patch: Updateable<OrderOperationTable>): Promise<void> {
  await trx.updateTable('order_operations').set(patch).where('id', '=', id).execute();
}

/**
 * Settles an operation still `pending`, once: of two processes settling the same operation only one moves it
 * (and records what follows from it). False when another got there first.
 */
export async function settlePendingOperation(
  trx: Db,
  id: string,
  patch: Updateable<OrderOperationTable>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('order_operations')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', OPERATION_STATUS.pending)
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}
