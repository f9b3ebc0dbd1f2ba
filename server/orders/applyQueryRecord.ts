import { QUERY_RESULT } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { TransactionRecord } from '../gateway';
import type { AttemptRow } from './attempts';
import { writeAuditEvent } from './auditEvents';
import { findOrder } from './orders';
import { runInTransaction } from '../store';
import { applyGatewayStatus, type ApplyOutcome } from './applyGatewayStatus';
import { applyRecordDisputes } from '../disputes';
import { keepRecordExtras } from './keepRecordExtras';
import { logAlerts } from './logAlerts';
import { matchesOrder } from './matchesOrder';

export type QueryOutcome = ApplyOutcome | 'not_found' | 'mismatch';

/**
 * Applies what a query (`/v1/retrievalTrans`) says about one attempt: the most trusted source. A record for
 * another amount, currency or transaction is not applied but written to the audit log for a person to look at.
 */
export async function applyQueryRecord(
  deps: Pick<AppDeps, 'store' | 'now' | 'gateway' | 'log' | 'config'>,
  attempt: AttemptRow,
  record: TransactionRecord | undefined,
  requestId?: string,
): Promise<QueryOutcome> {
  if (!record || record.query_result !== QUERY_RESULT.FOUND || !record.payment_status) return 'not_found';
  const { db } = deps.store;
  const order = await findOrder(db, attempt.order_id);
  const sameTransaction =
    !attempt.transaction_id || !record.transaction_id || record.transaction_id === attempt.transaction_id;
  if (!order || !matchesOrder(order, record.amount, record.currency) || !sameTransaction) {
    await writeAuditEvent(db, {
      kind: 'mismatch',
      summary: `query: the gateway reports ${record.currency} ${record.amount} (${record.transaction_id}) for this order; not applied`,
      order_no: attempt.gateway_order_no,
      attempt_id: attempt.id,
      request_id: requestId ?? null,
      detail: {
        amount: record.amount,
        currency: record.currency,
        transaction_id: record.transaction_id,
        payment_status: record.payment_status,
      },
    });
    return 'mismatch';
  }
  // `message` is not in docs/gateway-api.md 2.6, but a gateway that sends it (the sandbox does) tells the shopper why
  const message = typeof record.message === 'string' && record.message ? record.message : undefined;
  const state = { payment_status: record.payment_status, transaction_id: record.transaction_id, message };
  const { outcome, alerts } = await runInTransaction(db, (trx) =>
    applyGatewayStatus(trx, attempt.id, state, 'query', { now: deps.now(), requestId, profile: deps.gateway.profile }),
  );
  logAlerts(deps.log, alerts, requestId);
  await keepRecordExtras(deps, attempt, record);
  await applyRecordDisputes(deps, attempt, record, requestId);
  return outcome;
}
