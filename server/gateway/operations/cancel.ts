import type { CancelItem, BatchResult } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/** `/v1/cancel`: cancels authorised orders (2000 -> 5000). */
export function cancel(ctx: OperationContext, items: readonly CancelItem[]): Promise<BatchResult> {
  return runBatch(ctx, 'cancel', items);
}
