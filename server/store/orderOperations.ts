import type { Insertable, Selectable } from 'kysely';
import type { Db } from './db';
import type { OrderOperationTable } from './schema';

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
