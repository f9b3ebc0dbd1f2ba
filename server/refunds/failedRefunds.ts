import { sql } from 'kysely';
import { toDecimal } from '../../shared/gateway/money';
import type { FailedRefundList } from '../../shared/contract/adminRefunds';
import type { Db } from '../store';
import { REFUND_STATUS } from './refunds';

/** The failed refunds nobody sent again (no refund is `retry-of:` it), newest first, at most `limit`. */
export async function failedRefunds(db: Db, limit: number): Promise<FailedRefundList> {
  const notRetried = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .where('r.status', '=', REFUND_STATUS.failed)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds as again')
            .select('again.id')
            .whereRef('again.order_id', '=', 'r.order_id')
            .where('again.request_key', '=', sql<string>`'retry-of:' || r.id`),
        ),
      ),
    );
  const rows = await notRetried
    .select([
      'o.order_no',
      'r.seq',
      'r.amount_minor',
      'r.currency',
      'r.reason',
      'r.message',
      'r.created_at',
      'r.updated_at',
    ])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  const counted = await notRetried.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    refunds: rows.map((r) => ({
      order_no: r.order_no,
      seq: r.seq === null ? null : Number(r.seq),
      amount: toDecimal(Number(r.amount_minor), r.currency),
      currency: r.currency,
      reason: r.reason,
      message: r.message,
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
    total: Number(counted.n),
  };
}
