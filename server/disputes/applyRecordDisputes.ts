import type { AppDeps } from '../deps';
import type { TransactionRecord } from '../gateway';
import type { AttemptRow } from '../orders';
import { writeAuditEvent } from '../orders';
import { findOrder } from '../orders';
import { runInTransaction } from '../store';
import { applyDispute } from './applyDispute';
import { readDispute, recordedDisputeState } from './readDispute';

/**
 * Applies the `disputes` a query record lists (shared/gateway/disputeStatus.ts): the query is the most trusted
 * source, so a dispute whose notifications were lost is found here, and an open one learns its outcome. A
 * record without the list says nothing about disputes. Returns how many disputes changed.
 */
export async function applyRecordDisputes(
  deps: Pick<AppDeps, 'store' | 'now'>,
  attempt: AttemptRow,
  record: TransactionRecord | undefined,
  requestId?: string,
): Promise<number> {
  const list = record?.disputes;
  if (!Array.isArray(list) || list.length === 0) return 0;
  if (record?.transaction_id && attempt.transaction_id && record.transaction_id !== attempt.transaction_id) return 0;
  const { db } = deps.store;
  const order = await findOrder(db, attempt.order_id);
  if (!order) return 0;
  return runInTransaction(db, async (trx) => {
    let changed = 0;
    for (const entry of list) {
      const fields = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
      const d = readDispute(fields, recordedDisputeState(fields), order);
      if (typeof d === 'string') {
        await writeAuditEvent(trx, {
          kind: 'mismatch',
          summary: `query: a dispute of this order was not applied: ${d}`,
          order_no: attempt.gateway_order_no,
          attempt_id: attempt.id,
          request_id: requestId ?? null,
        });
        continue;
      }
      if ((await applyDispute(trx, attempt, order, d, 'query', { now: deps.now(), requestId })) === 'applied')
        changed += 1;
    }
    return changed;
  });
}
