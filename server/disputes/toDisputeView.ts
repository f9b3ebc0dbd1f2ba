import type { AdminDispute } from '../../shared/contract/adminDisputes';
import { toDecimal } from '../../shared/gateway/money';
import type { DisputeRow } from './disputes';

const DAY_MS = 86_400_000;

/** A dispute as the admin API shows it; `days_left` counts whole UTC days from `now` to its respond-by day. */
export function toDisputeView(d: DisputeRow, orderNo: string, now: Date): AdminDispute {
  const today = Date.parse(now.toISOString().slice(0, 10));
  return {
    dispute_id: d.dispute_id,
    order_no: orderNo,
    transaction_id: d.transaction_id,
    amount: toDecimal(d.amount_minor, d.currency),
    currency: d.currency,
    reason_code: d.reason_code,
    reason: d.reason,
    respond_by: d.respond_by,
    days_left: d.state === 'open' ? Math.round((Date.parse(d.respond_by) - today) / DAY_MS) : null,
    state: d.state,
    outcome: d.outcome,
    opened_at: d.opened_at,
    closed_at: d.closed_at,
  };
}
