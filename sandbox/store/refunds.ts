import type { Insertable, Selectable } from 'kysely';
import type { Db } from './openStore';
import type { RefundTable } from './schema';

export type RefundRow = Selectable<RefundTable>;

export async function insertRefund(db: Db, row: Insertable<RefundTable>): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

export function findRefundByReference(
  db: Db,
  transactionId: string,
  reference: string,
): Promise<RefundRow | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .where('refund_reference', '=', reference)
    .executeTakeFirst();
}

/** Refunds named by refund_reference_id or by the merchant's refund_reference. */
export function refundsByReferences(db: Db, references: readonly string[]): Promise<RefundRow[]> {
  if (references.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds')
    .selectAll()
    .where((eb) => eb.or([eb('refund_reference_id', 'in', references), eb('refund_reference', 'in', references)]))
    .orderBy('created_at')
    .execute();
}

export function refundsOf(db: Db, transactionId: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('transaction_id', '=', transactionId).orderBy('sequence').execute();
}
