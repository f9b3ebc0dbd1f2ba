import { BATCH_LIMIT } from '../../shared/gateway/errors';
import type { AppDeps } from '../deps';
import { applyQueryRecord, type QueryOutcome } from '../orders';
import type { AttemptRow } from '../orders';
import { runBatches } from './runBatches';
import { splitIntoBatches } from './splitIntoBatches';

export type RefreshOutcome = QueryOutcome | 'unavailable';

/**
 * Asks the gateway about `attempts` (queries of at most 100) and applies each answer through the state machine
 * (`applyQueryRecord`): the most trusted source of an order's state. A query that fails leaves its attempts as
 * they were, marked `unavailable`.
 */
export async function refreshFromGateway(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  attempts: readonly AttemptRow[],
  requestId?: string,
): Promise<Map<string, RefreshOutcome>> {
  const outcomes = new Map<string, RefreshOutcome>();
  const batches = splitIntoBatches(attempts, BATCH_LIMIT.query);
  const settled = await runBatches(batches, async (batch) => {
    const records = await deps.gateway.query({ orders: batch.map((a) => a.gateway_order_no) });
    for (const attempt of batch) {
      const mine = records.filter((r) => r.order_no === attempt.gateway_order_no);
      const record = mine.find((r) => r.query_result === '1') ?? mine[0];
      outcomes.set(attempt.id, await applyQueryRecord(deps, attempt, record, requestId));
    }
  });
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') return;
    const err = s.reason as Error;
    deps.log.warn({ requestId, err: { name: err.name, message: err.message } }, 'admin: could not query the gateway');
    for (const attempt of batches[i]!) if (!outcomes.has(attempt.id)) outcomes.set(attempt.id, 'unavailable');
  });
  return outcomes;
}
