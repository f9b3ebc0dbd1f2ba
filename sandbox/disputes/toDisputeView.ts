import { DISPUTE_STATUS } from '../../shared/gateway/disputeStatus';
import { toDecimal } from '../../shared/gateway/money';
import type { DisputeRow } from '../store/disputes';

/**
 * A dispute as the query record's `disputes` list carries it (docs/protocol-decisions.md 6 names, `dispute_status`
 * ours).
 */
export function toDisputeRecord(d: DisputeRow): Record<string, string> {
  return {
    dispute_id: d.dispute_id,
    dispute_status: DISPUTE_STATUS[d.state],
    dispute_amount: toDecimal(d.amount_minor, d.currency),
    currency: d.currency,
    reason_code: d.reason_code,
    reason: d.reason,
    respond_by: d.respond_by,
  };
}

/** The same, with what only `/sandbox/disputes` shows: where it is headed and when. */
export function toDisputeView(d: DisputeRow): Record<string, unknown> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    ...toDisputeRecord(d),
    transaction_id: d.transaction_id,
    order_no: d.order_no,
    account_id: d.account_id,
    state: d.state,
    planned: d.planned,
    decide_at: iso(d.decide_at),
    created_at: iso(d.created_at),
    decided_at: iso(d.decided_at),
  };
}
