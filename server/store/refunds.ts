import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from './db';
import type { RefundTable } from './schema';

export type RefundRow = Selectable<RefundTable>;

/**
 * A refund's journal states. `pending` is written before the gateway call and counts against the refundable
 * amount until it is known to have failed, so two refunds can never together exceed what was captured.
 */
export const REFUND_STATUS = { pending: 'pending', succeeded: 'succeeded', failed: 'failed' } as const;

/** The statuses whose amount is taken from the refundable total. */
export const RESERVING: readonly string[] = [REFUND_STATUS.pending, REFUND_STATUS.succeeded];

export async function insertRefund(trx: Db, row: Insertable<RefundTable>): Promise<void> {
  await trx.insertInto('refunds').values(row).execute();
}

/** Refunds of `orderIds`, oldest first per order; optionally only those in `status` last touched before `touchedBefore`. */
export async function refundsOf(
  db: Db,
  orderIds: readonly string[],
  filter: { status?: string; touchedBefore?: string } = {},
): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  let q = db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds]);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.touchedBefore) q = q.where('updated_at', '<', filter.touchedBefore);
  return q.orderBy('order_id').orderBy('seq').execute();
}

/**
 * Claims a pending refund for sending: a conditional update of its `updated_at`, so of two processes that
 * found the same stale refund only one sends it. False when another one claimed it first.
 */
export async function claimPendingRefund(db: Db, refund: RefundRow, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('refunds')
    .set({ updated_at: at })
    .where('id', '=', refund.id)
    .where('status', '=', REFUND_STATUS.pending)
    .where('updated_at', '=', refund.updated_at)
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

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
