import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../store';
import type { RefundTable } from '../store';

export type RefundRow = Selectable<RefundTable>;

/**
 * A refund's journal states. `requested` is written before the gateway call; the gateway then reports it
 * `received`, `accepted` and finally `succeeded` or `failed` (docs/gateway-evidence.md 8). Every state but `failed`
 * counts against the refundable amount, so two refunds can never together exceed what was captured while one
 * is on its way; only `succeeded` counts into the order's refunded amount.
 */
export const REFUND_STATUS = {
  requested: 'requested',
  received: 'received',
  accepted: 'accepted',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** The statuses whose amount is taken from the refundable total. */
export const RESERVING: readonly string[] = [
  REFUND_STATUS.requested,
  REFUND_STATUS.received,
  REFUND_STATUS.accepted,
  REFUND_STATUS.succeeded,
];

/** Not final: the gateway may still move them; reconcile searches them by their payments' order numbers. */
export const IN_FLIGHT: readonly string[] = [REFUND_STATUS.requested, REFUND_STATUS.received, REFUND_STATUS.accepted];

/** The statuses a refund may still leave for `to`: a refund moves only forward (never back from a later step). */
function before(to: RefundStatus): string[] {
  if (to === REFUND_STATUS.received) return [REFUND_STATUS.requested];
  if (to === REFUND_STATUS.accepted) return [REFUND_STATUS.requested, REFUND_STATUS.received];
  if (to === REFUND_STATUS.requested) return [];
  return [...IN_FLIGHT];
}

export async function insertRefund(trx: Db, row: Insertable<RefundTable>): Promise<void> {
  await trx.insertInto('refunds').values(row).execute();
}

/** Refunds of `orderIds`, oldest first per order; optionally only those in `status` last touched before `touchedBefore`. */
export async function refundsOf(
  db: Db,
  orderIds: readonly string[],
  filter: { status?: string | readonly string[]; touchedBefore?: string } = {},
): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  let q = db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds]);
  if (typeof filter.status === 'string') q = q.where('status', '=', filter.status);
  else if (filter.status) q = q.where('status', 'in', [...filter.status]);
  if (filter.touchedBefore) q = q.where('updated_at', '<', filter.touchedBefore);
  return q.orderBy('order_id').orderBy('seq').execute();
}

/**
 * Claims a requested refund for sending: a conditional update of its `updated_at`, so of two processes that
 * found the same stale refund only one sends it. False when another one claimed it first.
 */
export async function claimPendingRefund(db: Db, refund: RefundRow, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('refunds')
    .set({ updated_at: at })
    .where('id', '=', refund.id)
    .where('status', '=', REFUND_STATUS.requested)
    .where('updated_at', '=', refund.updated_at)
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

/**
 * Marks a refund answered (its send's answer recorded, or a request answered with it), once: false when it
 * already was, so of two requests that found the same unanswered refund only one is answered with it.
 */
export async function markRefundAnswered(trx: Db, refundId: string, at: string): Promise<boolean> {
  const marked = await trx
    .updateTable('refunds')
    .set({ answered_at: at })
    .where('id', '=', refundId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return marked.numUpdatedRows === 1n;
}

/** A refund by the gateway's refund_reference_id, else by our refund_reference, among the order's refunds. */
export function findRefundOfOrder(
  db: Db,
  orderId: string,
  ref: { referenceId?: string | undefined; reference?: string | undefined },
): Promise<RefundRow | undefined> {
  const { referenceId, reference } = ref;
  if (!referenceId && !reference) return Promise.resolve(undefined);
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where((eb) =>
      eb.or([
        ...(referenceId ? [eb('refund_reference_id', '=', referenceId)] : []),
        ...(reference ? [eb('refund_reference', '=', reference)] : []),
      ]),
    )
    .executeTakeFirst();
}

/**
 * Moves a journalled refund forward to `to`, once: the update is conditional on the row being in an earlier
 * state, so a late or repeated report changes nothing, and of two processes settling the same refund only one
 * counts its amount into the order's refunded total (only a refund that succeeded counts). Answers false when
 * the refund was already there or further on.
 */
export async function moveRefund(
  trx: Db,
  refund: Pick<RefundRow, 'id' | 'order_id' | 'amount_minor'>,
  to: RefundStatus,
  detail: { refundReferenceId?: string | null; message?: string | null },
  at: string,
): Promise<boolean> {
  const moved = await trx
    .updateTable('refunds')
    .set({
      status: to,
      ...(detail.refundReferenceId ? { refund_reference_id: detail.refundReferenceId } : {}),
      message: to === REFUND_STATUS.failed ? (detail.message ?? null) : null,
      // it moved: the reconcile loop's back-off starts again, and its next pass searches it (refundChecks.ts)
      checks: 0,
      next_check_at: null,
      updated_at: at,
    })
    .where('id', '=', refund.id)
    .where('status', 'in', before(to))
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return false;
  if (to === REFUND_STATUS.succeeded) {
    await trx
      .updateTable('orders')
      .set({ refunded_minor: sql<number>`refunded_minor + ${refund.amount_minor}`, updated_at: at })
      .where('id', '=', refund.order_id)
      .execute();
  }
  return true;
}
