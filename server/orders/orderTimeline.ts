import type { TimelineEntry } from '../../shared/contract/adminOrders';
import { toDecimal } from '../../shared/gateway/money';
import type { AttemptRow } from './attempts';
import type { AuditEventRow } from './auditEvents';
import type { OrderRow } from './orders';

/** What the timeline reads of a refund (server/refunds/refunds.ts RefundRow). */
interface TimelineRefund {
  amount_minor: number;
  currency: string;
  refund_reference: string;
  status: string;
  message: string | null;
  created_at: string;
  updated_at: string;
}

/** What the timeline reads of a chargeback (server/disputes/disputes.ts DisputeRow). */
interface TimelineDispute {
  amount_minor: number;
  currency: string;
  reason_code: string;
  reason: string;
  outcome: 'won' | 'lost' | null;
  opened_at: string;
  closed_at: string | null;
}

/** Statuses a payment attempt moves to that the timeline tells; a refund's own lines tell the refunded ones. */
const TOLD: readonly string[] = ['pending', 'authorised', 'paid', 'declined', 'cancelled', 'review', 'unknown'];
/** The owner's actions whose audit line names who did them, by the status they lead to. */
const ACTION_OF: Readonly<Record<string, string>> = { paid: 'capture', cancelled: 'cancel' };

/**
 * An order's history in the owner's terms, oldest first: created, each payment attempt started and what became
 * of it (authorised, captured by whom, declined and why), each refund (asked by whom, then succeeded or failed and
 * why) and each chargeback (opened, won or lost). Built from the order's attempts, refunds and disputes, with the
 * people taken from its audit lines (a move made while a person's request ran carries them; a capture or cancel
 * whose outcome came later is given to the person whose action line came last before it). The gateway's own words
 * stay in the audit lines, which the page shows under "Technical details".
 */
export function orderTimeline(
  order: Pick<OrderRow, 'created_at' | 'amount_minor' | 'captured_minor' | 'currency'>,
  attempts: readonly Pick<AttemptRow, 'id' | 'seq' | 'method_id' | 'created_at' | 'message'>[],
  refunds: readonly TimelineRefund[],
  disputes: readonly TimelineDispute[],
  events: readonly Pick<AuditEventRow, 'id' | 'at' | 'kind' | 'summary' | 'attempt_id' | 'actor' | 'request_id'>[],
): TimelineEntry[] {
  const money = (minor: number, currency = order.currency) => ({ amount: toDecimal(minor, currency), currency });
  const inOrder = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  const entries: TimelineEntry[] = [{ at: order.created_at, what: 'created', ...money(order.amount_minor) }];
  const seqOf = new Map(attempts.map((a) => [a.id, a.seq]));
  for (const a of attempts)
    entries.push({ at: a.created_at, what: 'payment_started', attempt: a.seq, method: a.method_id });

  for (const e of inOrder) {
    if (e.kind !== 'transition' || !e.attempt_id) continue;
    const [, from, to] = /(\w+) -> (\w+)/.exec(e.summary) ?? [];
    if (!to || !TOLD.includes(to)) continue;
    const attempt = attempts.find((a) => a.id === e.attempt_id);
    const entry: TimelineEntry = { at: e.at, what: to as TimelineEntry['what'], attempt: seqOf.get(e.attempt_id) };
    if (to === 'paid') {
      Object.assign(entry, money(order.captured_minor ?? order.amount_minor));
      if (from === 'authorised') entry.what = 'captured';
    }
    if (to === 'authorised') Object.assign(entry, money(order.amount_minor));
    if (to === 'declined' && attempt?.message) entry.reason = attempt.message;
    const by = e.actor ?? actorOfAction(inOrder, e, ACTION_OF[to]);
    if (by) entry.by = by;
    entries.push(entry);
  }

  for (const r of refunds) {
    const asked = inOrder.find((e) => e.kind === 'refund' && e.actor && e.summary.includes(r.refund_reference));
    entries.push({
      at: r.created_at,
      what: 'refund_requested',
      ...money(r.amount_minor, r.currency),
      ...(asked?.actor ? { by: asked.actor } : {}),
    });
    if (r.status === 'succeeded' || r.status === 'failed')
      entries.push({
        at: r.updated_at,
        what: r.status === 'succeeded' ? 'refund_succeeded' : 'refund_failed',
        ...money(r.amount_minor, r.currency),
        ...(r.status === 'failed' && r.message ? { reason: r.message } : {}),
      });
  }
  for (const d of disputes) {
    const reason = `${d.reason_code} ${d.reason}`;
    entries.push({ at: d.opened_at, what: 'dispute_opened', ...money(d.amount_minor, d.currency), reason });
    if (d.outcome && d.closed_at)
      entries.push({
        at: d.closed_at,
        what: d.outcome === 'won' ? 'dispute_won' : 'dispute_lost',
        ...money(d.amount_minor, d.currency),
      });
  }
  // stable: entries of one moment keep the order they were told in (created before its attempt started)
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}

/**
 * Who asked for the action that led to `move`: the person on an action line of `kind` of the same request, else
 * of the last one before it with a person (the gateway may report the outcome after the request ended).
 */
function actorOfAction(
  events: readonly Pick<AuditEventRow, 'at' | 'kind' | 'actor' | 'request_id'>[],
  move: Pick<AuditEventRow, 'at' | 'request_id'>,
  kind: string | undefined,
): string | null {
  if (!kind) return null;
  const actions = events.filter((e) => e.kind === kind && e.actor && e.at <= move.at);
  const same = move.request_id ? actions.find((e) => e.request_id === move.request_id) : undefined;
  return (same ?? actions.at(-1))?.actor ?? null;
}
