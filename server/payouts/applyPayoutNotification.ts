import { toMinor } from '../../shared/gateway/money';
import { PAYOUT_STATUS } from '../../shared/gateway/status';
import type { Db } from '../store';
import { findPayoutByRequestId, updateOpenPayout } from './payouts';
import { recordPayoutEvent } from '../shopEvents';

export type PayoutNotificationOutcome = 'applied' | 'same_status' | 'mismatch' | 'unknown_order';

/**
 * Applies a verified `PAYOUT` notification (docs/protocol-decisions.md 6: order_no carries the request_id,
 * payment_status the payout status) inside the caller's transaction. Only an open payout (SENDING, PROCESSING) moves,
 * so a late or repeated notification never overwrites a final status; one for another amount or transaction is not
 * applied.
 */
export async function applyPayoutNotification(
  trx: Db,
  form: Readonly<Record<string, string>>,
  now: Date,
): Promise<PayoutNotificationOutcome> {
  const payout = await findPayoutByRequestId(trx, form.order_no ?? '');
  if (!payout) return 'unknown_order';
  let sameAmount = false;
  try {
    sameAmount =
      form.currency === payout.currency && toMinor(form.amount ?? '', payout.currency) === payout.amount_minor;
  } catch {
    sameAmount = false;
  }
  const status = form.payment_status ?? '';
  if (
    !sameAmount ||
    (payout.transaction_id && payout.transaction_id !== form.transaction_id) ||
    !(PAYOUT_STATUS as readonly string[]).includes(status)
  )
    return 'mismatch';
  if (payout.status === status) return 'same_status';
  const updated = await updateOpenPayout(trx, payout.id, {
    status,
    transaction_id: form.transaction_id || payout.transaction_id,
    failure_reason: status === 'FAILED' ? (form.message ?? null) : null,
    updated_at: now.toISOString(),
  });
  if (!updated) return 'same_status';
  const moved = await findPayoutByRequestId(trx, payout.request_id);
  if (moved) await recordPayoutEvent(trx, moved, now.toISOString());
  return 'applied';
}
