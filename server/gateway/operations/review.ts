import type { ReviewItem, BatchResult } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/** `/v1/review`: decides orders held for review (6000): review_flag "1" approves, "0" rejects. */
export function review(ctx: OperationContext, items: readonly ReviewItem[]): Promise<BatchResult> {
  return runBatch(ctx, 'review', items);
}
