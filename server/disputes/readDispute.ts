import { type DisputeState, disputeStateOf } from '../../shared/gateway/disputeStatus';
import { isAmount, toMinor } from '../../shared/gateway/money';
import type { OrderRow } from '../orders';

/** A dispute as the gateway reports it, checked and in the backend's units. */
export interface ReportedDispute {
  dispute_id: string;
  amount_minor: number;
  reason_code: string;
  reason: string;
  /** YYYY-MM-DD */
  respond_by: string;
  state: DisputeState;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Reads a dispute from a notification's form or a query record's `disputes` entry (docs/protocol-decisions.md 6 field
 * names; `state` from the notify_type or the entry's `dispute_status`). The dispute fields are not signed, so anything
 * that is not a plausible dispute of THIS order (an amount over what was captured, another currency, a date that
 * is no date) is refused with the reason, and the caller asks the gateway instead.
 */
export function readDispute(
  fields: Readonly<Record<string, unknown>>,
  state: DisputeState | undefined,
  order: Pick<OrderRow, 'amount_minor' | 'captured_minor' | 'currency'>,
): ReportedDispute | string {
  const id = text(fields.dispute_id);
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) return 'dispute_id is missing or malformed';
  if (!state) return 'the dispute state is missing or unknown';
  if (fields.currency !== undefined && fields.currency !== order.currency) return 'currency is not the order’s';
  const amount = text(fields.dispute_amount);
  if (!isAmount(amount, order.currency)) return 'dispute_amount is not an amount in the order’s currency';
  const minor = toMinor(amount, order.currency);
  if (minor <= 0 || minor > (order.captured_minor ?? order.amount_minor))
    return 'dispute_amount is not within what was captured';
  const by = /^(\d{4})(\d{2})(\d{2})$/.exec(text(fields.respond_by));
  const day = by ? `${by[1]}-${by[2]}-${by[3]}` : '';
  if (
    !by ||
    Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
  )
    return 'respond_by is not a date as YYYYMMDD';
  return {
    dispute_id: id,
    amount_minor: minor,
    reason_code: text(fields.reason_code).slice(0, 20),
    reason: text(fields.reason).slice(0, 200),
    respond_by: day,
    state,
  };
}

/** The state a notification reports: RECIEVED opens, RESULT closes with `dispute_result`. */
export function notifiedDisputeState(form: Readonly<Record<string, string>>): DisputeState | undefined {
  if (form.notify_type === 'DISPUTE RECIEVED') return 'open';
  const result = form.dispute_result;
  return result === 'won' || result === 'lost' ? result : undefined;
}

/** The state a query record's `disputes` entry reports by its code. */
export function recordedDisputeState(entry: Readonly<Record<string, unknown>>): DisputeState | undefined {
  return disputeStateOf(text(entry.dispute_status));
}
