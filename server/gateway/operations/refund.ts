import type { RefundItem, BatchResult } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/**
 * `/v1/refund`: refunds paid orders, in full or in part. Never retried: a resend is refused as a repeat of its
 * refund_reference (E0008), which would hide whether the first send refunded (CALL_RULES).
 */
export function refund(ctx: OperationContext, items: readonly RefundItem[]): Promise<BatchResult> {
  return runBatch(ctx, 'refund', items);
}
