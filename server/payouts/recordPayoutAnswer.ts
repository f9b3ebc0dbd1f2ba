import type { PayoutResponse } from '../gateway';
import { maskFields } from '../gateway';
import type { Db } from '../store';
import { findPayout, updateOpenPayout, type PayoutRow } from './payouts';
import { recordPayoutEvent } from '../shopEvents';

/**
 * Stores the gateway's answer to a payout (its status, transaction and reasons), unless it is already final,
 * with the shop's `payout.completed` / `payout.failed` event in the same transaction.
 */
export function recordPayoutAnswer(db: Db, payout: PayoutRow, answer: PayoutResponse, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await updateOpenPayout(trx, payout.id, patchOf(answer, at)))) return false;
    const moved = await findPayout(trx, payout.id);
    if (moved) await recordPayoutEvent(trx, moved, at);
    return true;
  });
}

function patchOf(answer: PayoutResponse, at: string) {
  return {
    status: answer.status,
    transaction_id: answer.transaction_id,
    response: JSON.stringify(maskFields(answer)),
    failure_reason:
      answer.status === 'FAILED'
        ? [answer.failure_type, answer.failure_reason].filter(Boolean).join(': ') || null
        : null,
    updated_at: at,
  };
}
