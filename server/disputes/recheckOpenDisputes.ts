import { BATCH_LIMIT } from '../../shared/gateway/errors';
import type { AppDeps } from '../deps';
import { applyRecordDisputes } from './applyRecordDisputes';
import { attemptsById } from '../orders';
import { openDisputes } from './disputes';

/** The most open disputes one pass asks about; they are few, and the rest wait for the next pass. */
const MAX_PER_PASS = 500;

/**
 * Asks the gateway about the orders of open disputes, 100 a query, and applies what the record's `disputes`
 * say: a `DISPUTE RESULT` that never arrived is found this way (a lost dispute shows as `7200`).
 */
export async function recheckOpenDisputes(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log'>,
): Promise<{ checked: number; applied: number; errors: number }> {
  const result = { checked: 0, applied: 0, errors: 0 };
  const open = await openDisputes(deps.store.db, MAX_PER_PASS);
  const attempts = [...(await attemptsById(deps.store.db, [...new Set(open.map((d) => d.attempt_id))])).values()];
  for (let i = 0; i < attempts.length; i += BATCH_LIMIT.query) {
    const batch = attempts.slice(i, i + BATCH_LIMIT.query);
    try {
      const records = await deps.gateway.query({ orders: batch.map((a) => a.gateway_order_no) });
      for (const attempt of batch) {
        result.checked += 1;
        const record = records.find((r) => r.order_no === attempt.gateway_order_no && r.query_result === '1');
        result.applied += await applyRecordDisputes(deps, attempt, record);
      }
    } catch (err) {
      result.errors += batch.length;
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'reconcile: dispute check failed',
      );
    }
  }
  return result;
}
