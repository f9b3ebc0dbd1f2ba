import type { RefundItem, BatchResult } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/** `/v1/refund`: refunds paid orders, in full or in part. Never retried: a resend could refund twice. */
export function refund(ctx: OperationContext, items: readonly RefundItem[]): Promise<BatchResult> {
  return runBatch(ctx, 'refund', items);
}
