import type { Insertable, Selectable } from 'kysely';
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

export function refundsOf(db: Db, transactionId: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('transaction_id', '=', transactionId).orderBy('sequence').execute();
}
