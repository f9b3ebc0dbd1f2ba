import type { CaptureItem, BatchResult } from '../types/batch';
import type { OperationContext } from './context';
import { runBatch } from './runBatch';

/** `/v1/capture`: captures authorised orders (2000 -> 3000), in full or for a part of the amount. */
export function capture(ctx: OperationContext, items: readonly CaptureItem[]): Promise<BatchResult> {
  return runBatch(ctx, 'capture', items);
}
