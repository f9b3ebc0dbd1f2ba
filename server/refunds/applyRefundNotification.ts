import { toDecimal } from '../../shared/gateway/money';
import { REFUND_NOTIFY_TYPE, refundResultOf } from '../../shared/gateway/refundState';
import type { Db } from '../store';
import type { OrderRow } from '../orders';
import { findRefundOfOrder, moveRefund, REFUND_STATUS, type RefundRow } from './refunds';
import { recordRefundEvent } from '../shopEvents';

const REFUND_TYPES: readonly string[] = Object.values(REFUND_NOTIFY_TYPE);

export function isRefundNotification(notifyType: string | undefined): boolean {
  return REFUND_TYPES.includes(notifyType ?? '');
}

/**
 * The refund part of a `REFUND RECIEVED`, `REFUND ACCEPTED` or `REFUND RESULT` notification, in the caller's
 * transaction (the one that recorded its notify_id, so a duplicate is never applied twice): the journalled
 * refund it names (by refund_reference_id, else by our refund_reference) moves forward only, so a late or
 * reordered step changes nothing. A result that says the refund FAILED is not applied from the notification:
 * its refund fields are not signed, and a failure frees the amount for another refund, so it is confirmed by
 * the refund search first (`confirm`). A success only counts what the gateway says it paid back.
 */
export async function applyRefundNotification(
  trx: Db,
  order: OrderRow,
  form: Readonly<Record<string, string>>,
  at: string,
): Promise<{ summary: string; confirm?: RefundRow }> {
  const refund = await findRefundOfOrder(trx, order.id, {
    referenceId: form.refund_reference_id,
    reference: form.refund_reference,
  });
  if (!refund) return { summary: 'refund not in the journal; the refund search settles it' };
  const label = `refund ${toDecimal(refund.amount_minor, refund.currency)} ${refund.currency} (${refund.refund_reference})`;
  const to =
    form.notify_type === REFUND_NOTIFY_TYPE.received
      ? REFUND_STATUS.received
      : form.notify_type === REFUND_NOTIFY_TYPE.accepted
        ? REFUND_STATUS.accepted
        : refundResultOf(form);
  if (to === REFUND_STATUS.failed) {
    return refund.status === REFUND_STATUS.succeeded || refund.status === REFUND_STATUS.failed
      ? { summary: `${label}: already ${refund.status}` }
      : { summary: `${label}: reported failed, confirming with the refund search`, confirm: refund };
  }
  const moved = await moveRefund(trx, refund, to, { refundReferenceId: form.refund_reference_id ?? null }, at);
  if (moved) await recordRefundEvent(trx, refund, to, at);
  return { summary: moved ? `${label}: ${to}` : `${label}: already ${refund.status}, not moved back` };
}
