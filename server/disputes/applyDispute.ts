import { toDecimal } from '../../shared/gateway/money';
import type { AttemptRow } from '../orders';
import { writeAuditEvent } from '../orders';
import type { Db } from '../store';
import { closeDisputeIfOpen, insertDisputeOnce } from './disputes';
import type { OrderRow } from '../orders';
import type { ReportedDispute } from './readDispute';
import { recordOrderEvent } from '../shopEvents';

/**
 * Applies a reported dispute, never backwards: an unknown dispute_id is recorded (open, or already closed when
 * the result came first); a known open one is closed by a result; a closed one never changes again, so a late
 * `DISPUTE RECIEVED`, a replay, or a second result changes nothing. Call inside the transaction that recorded
 * the notification (dedupe by notify_id) or around a query answer.
 */
export async function applyDispute(
  trx: Db,
  attempt: AttemptRow,
  order: OrderRow,
  d: ReportedDispute,
  source: 'notification' | 'query',
  ctx: { now: Date; requestId?: string | undefined },
): Promise<'applied' | 'same_status'> {
  const at = ctx.now.toISOString();
  const outcome = d.state === 'open' ? null : d.state;
  const inserted = await insertDisputeOnce(trx, {
    dispute_id: d.dispute_id,
    order_id: order.id,
    attempt_id: attempt.id,
    transaction_id: attempt.transaction_id,
    amount_minor: d.amount_minor,
    currency: order.currency,
    reason_code: d.reason_code,
    reason: d.reason,
    respond_by: d.respond_by,
    state: outcome ? 'closed' : 'open',
    outcome,
    opened_at: at,
    closed_at: outcome ? at : null,
    updated_at: at,
  });
  const closed = !inserted && outcome !== null && (await closeDisputeIfOpen(trx, d.dispute_id, outcome, at));
  if (!inserted && !closed) return 'same_status';
  if (inserted) await recordOrderEvent(trx, order.id, 'order.dispute_opened', at);
  if (outcome) await recordOrderEvent(trx, order.id, 'order.dispute_closed', at);
  const money = `${toDecimal(d.amount_minor, order.currency)} ${order.currency}`;
  await writeAuditEvent(
    trx,
    {
      kind: 'dispute',
      summary: `dispute ${d.dispute_id} of ${money} (${d.reason_code} ${d.reason}): ${
        outcome ? outcome : `opened, respond by ${d.respond_by}`
      } (${source})`,
      order_no: attempt.gateway_order_no,
      attempt_id: attempt.id,
      request_id: ctx.requestId ?? null,
    },
    at,
  );
  return 'applied';
}
