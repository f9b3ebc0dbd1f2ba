import { MAX_LENGTH } from '../../../shared/gateway/fields';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import type { BatchResult, RefundItem } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/** Sent when the owner gives no reason: the docs require one, and this one says who asked. */
const DEFAULT_REFUND_REASON = 'Refund requested by the merchant';

/**
 * `/v1/refund`: refunds paid orders, in full or in part. Never retried: a resend is refused as a repeat of its
 * refund_reference (E0008), which would hide whether the first send refunded (CALL_RULES). Every item carries a
 * refund_reason (required, <= 50, docs/gateway-evidence.md 3).
 */
export function refund(ctx: OperationContext, items: readonly RefundItem[]): Promise<BatchResult> {
  const sent = items.map((item) => ({ ...item, refund_reason: item.refund_reason?.trim() || DEFAULT_REFUND_REASON }));
  const tooLong = sent.find((i) => i.refund_reason.length > MAX_LENGTH.refund_reason);
  if (tooLong) {
    throw new GatewayRequestError(
      'refund',
      'I0060',
      `refund_reason is over ${MAX_LENGTH.refund_reason} characters (order ${tooLong.order_no})`,
      'refund_reason',
    );
  }
  return runBatch(ctx, 'refund', sent);
}
