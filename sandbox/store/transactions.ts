import type { Insertable, Selectable, Updateable } from 'kysely';
import { PAYMENT_STATUS, type PaymentStatus } from '../../shared/gateway/status';
import type { Db } from './openStore';
import type { TransactionTable } from './schema';

export type TransactionRow = Selectable<TransactionTable>;
export type TransactionPatch = Updateable<TransactionTable>;

export async function insertTransaction(db: Db, row: Insertable<TransactionTable>): Promise<void> {
  await db.insertInto('transactions').values(row).execute();
}

export function getTransaction(db: Db, transactionId: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
}

/** The newest transaction of `order_no` in the account (an order_no may be tried again after a decline). */
export function latestForOrder(db: Db, accountId: string, orderNo: string): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('order_no', '=', orderNo)
    .orderBy('created_at', 'desc')
    .orderBy('transaction_id', 'desc')
    .executeTakeFirst();
}

/** Statuses that count as "a successful payment" for the 24-hour order_no rule (I0061); review may still succeed. */
const SUCCESSFUL: PaymentStatus[] = [
  PAYMENT_STATUS.AUTHORISED,
  PAYMENT_STATUS.PAID,
  PAYMENT_STATUS.PARTIALLY_REFUNDED,
  PAYMENT_STATUS.REFUNDED,
  PAYMENT_STATUS.REVIEW,
];
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A successful payment of `order_no` in the account within the last 24 hours, other than `exceptId`. */
export function findSuccessfulWithin24h(
  db: Db,
  accountId: string,
  orderNo: string,
  now: number,
  exceptId = '',
): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('order_no', '=', orderNo)
    .where('status', 'in', SUCCESSFUL)
    .where('created_at', '>', now - DUPLICATE_WINDOW_MS)
    .where('transaction_id', '!=', exceptId)
    .executeTakeFirst();
}

/**
 * Updates the row only if it is still in `from`: two concurrent operations on one order cannot both apply.
 * Returns false when the status had already moved.
 */
export async function updateIfStatus(
  db: Db,
  transactionId: string,
  from: PaymentStatus,
  patch: TransactionPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set(patch)
    .where('transaction_id', '=', transactionId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function listTransactions(
  db: Db,
  filter: { order_no?: string; transaction_id?: string; account_id?: string },
  limit = 100,
): Promise<TransactionRow[]> {
  let q = db.selectFrom('transactions').selectAll();
  if (filter.order_no) q = q.where('order_no', '=', filter.order_no);
  if (filter.transaction_id) q = q.where('transaction_id', '=', filter.transaction_id);
  if (filter.account_id) q = q.where('account_id', '=', filter.account_id);
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}

/** Pending payments whose simulated settlement time has come (the 0077 test card). */
export function dueToSettle(db: Db, now: number, limit = 20): Promise<TransactionRow[]> {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('settle_at', 'is not', null)
    .where('settle_at', '<=', now)
    .where('status', '=', '1000')
    .orderBy('settle_at')
    .limit(limit)
    .execute();
}
