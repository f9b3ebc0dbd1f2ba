import type { AppDeps } from '../deps';
import type { AttemptRow } from './attempts';
import { applyQueryRecord, type QueryOutcome } from './applyQueryRecord';

/**
 * Asks the gateway for one attempt's state and applies the answer. Used when a return or a notification alone
 * cannot be trusted. A gateway that does not answer leaves the attempt as it is (the reconcile loop retries)
 * and gives `unavailable`.
 */
export async function confirmPayment(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  attempt: AttemptRow,
  requestId?: string,
): Promise<QueryOutcome | 'unavailable'> {
  let records: Awaited<ReturnType<AppDeps['gateway']['query']>>;
  try {
    records = await deps.gateway.query({ orders: [attempt.gateway_order_no] });
  } catch (err) {
    deps.log.warn(
      { requestId, attemptId: attempt.id, err: { name: (err as Error).name, message: (err as Error).message } },
      'confirm: query failed',
    );
    return 'unavailable';
  }
  const record = records.find((r) => r.order_no === attempt.gateway_order_no);
  return applyQueryRecord(deps, attempt, record, requestId);
}
