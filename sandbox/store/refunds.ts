import type { Insertable, Selectable, Updateable } from 'kysely';
import { REFUND_STATE, type RefundState } from '../../shared/gateway/refundState';
import type { Db } from './openStore';
import type { RefundTable } from './schema';
import type { TransactionRow } from './transactions';

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

interface RefundSearch {
  /** merchant order numbers */
  orderNos: readonly string[];
  /** refund_reference_id values, or the merchant's refund_reference values */
  references: readonly string[];
  /** the merchant's refund_reference values */
  merchantRefunds: readonly string[];
}

export type FoundRefund = RefundRow & {
  order_no: string;
  order_amount_minor: number;
  payment_status: TransactionRow['status'];
};

/** The account's refunds any selector of `search` names, oldest first, each with its order. */
export function searchRefunds(db: Db, accountId: string, search: RefundSearch): Promise<FoundRefund[]> {
  return db
    .selectFrom('refunds')
    .innerJoin('transactions', 'transactions.transaction_id', 'refunds.transaction_id')
    .selectAll('refunds')
    .select([
      'transactions.order_no',
      'transactions.amount_minor as order_amount_minor',
      'transactions.status as payment_status',
    ])
    .where('transactions.account_id', '=', accountId)
    .where((eb) => {
      const any = [];
      if (search.orderNos.length) any.push(eb('transactions.order_no', 'in', search.orderNos));
      if (search.references.length) {
        any.push(eb('refunds.refund_reference_id', 'in', search.references));
        any.push(eb('refunds.refund_reference', 'in', search.references));
      }
      if (search.merchantRefunds.length) any.push(eb('refunds.refund_reference', 'in', search.merchantRefunds));
      return eb.or(any);
    })
    .orderBy('refunds.created_at')
    .orderBy('refunds.refund_reference_id')
    .execute();
}

/** What the refunds of a payment not yet final hold back from its refundable amount. */
export async function inFlightMinor(db: Db, transactionId: string): Promise<number> {
  const rows = await db
    .selectFrom('refunds')
    .select('amount_minor')
    .where('transaction_id', '=', transactionId)
    .where('state', 'in', [REFUND_STATE.received, REFUND_STATE.accepted])
    .execute();
  return rows.reduce((sum, r) => sum + r.amount_minor, 0);
}

/** Refunds whose next step is due, oldest first. */
export function dueRefunds(db: Db, now: number, limit = 50): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('due_at', 'is not', null)
    .where('due_at', '<=', now)
    .where('state', 'in', [REFUND_STATE.received, REFUND_STATE.accepted])
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

export function findRefund(db: Db, referenceId: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('refund_reference_id', '=', referenceId).executeTakeFirst();
}

/** Moves a refund from `from` (conditional, so two workers never take the same step twice); false if it had moved. */
export async function updateRefundIfState(
  db: Db,
  referenceId: string,
  from: RefundState,
  patch: Updateable<RefundTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set(patch)
    .where('refund_reference_id', '=', referenceId)
    .where('state', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function refundsOf(db: Db, transactionId: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('transaction_id', '=', transactionId).orderBy('sequence').execute();
}
