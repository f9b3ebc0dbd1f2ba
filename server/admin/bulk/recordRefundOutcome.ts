import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { REFUND_STATUS, type RefundRow } from '../../store/refunds';

/**
 * Moves a journalled refund out of `pending`, once: the update is conditional on the row still being pending,
 * so of two processes settling the same refund only one counts its amount into the order's refunded total.
 * Answers false when another process got there first.
 */
export async function recordRefundOutcome(
  trx: Db,
  refund: RefundRow,
  outcome: { ok: true; refundReferenceId: string | null } | { ok: false; message: string },
  at: string,
): Promise<boolean> {
  const moved = await trx
    .updateTable('refunds')
    .set(
      outcome.ok
        ? {
            status: REFUND_STATUS.succeeded,
            refund_reference_id: outcome.refundReferenceId,
            message: null,
            updated_at: at,
          }
        : { status: REFUND_STATUS.failed, message: outcome.message, updated_at: at },
    )
    .where('id', '=', refund.id)
    .where('status', '=', REFUND_STATUS.pending)
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return false;
  if (outcome.ok) {
    await trx
      .updateTable('orders')
      .set({ refunded_minor: sql<number>`refunded_minor + ${refund.amount_minor}`, updated_at: at })
      .where('id', '=', refund.order_id)
      .execute();
  }
  return true;
}
