import type { Db } from '../store';
import { REFUND_STATUS, type RefundStatus } from '../refunds';
import { recordOrderEvent } from './recordOrderEvent';
import { recordOrderEvents } from './recordOrderEvents';

/**
 * The events of a refund that `moveRefund` just moved to `to` (call it only when it moved, so once): a refund
 * that failed is `order.refund_failed`; one that succeeded changes the refunded amount, which the order's own
 * status events report (a second partial refund is a new `order.partially_refunded`).
 */
export async function recordRefundEvent(
  trx: Db,
  refund: { order_id: string },
  to: RefundStatus,
  at: string,
): Promise<void> {
  if (to === REFUND_STATUS.failed) await recordOrderEvent(trx, refund.order_id, 'order.refund_failed', at);
  else if (to === REFUND_STATUS.succeeded) await recordOrderEvents(trx, [refund.order_id], at);
}
