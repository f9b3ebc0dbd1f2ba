import type { PayoutResponse } from '../gateway';
import { maskFields } from '../gateway/core/maskForLog';
import type { Db } from '../store/db';
import { updateOpenPayout, type PayoutRow } from '../store/payouts';

/** Stores the gateway's answer to a payout (its status, transaction and reasons), unless it is already final. */
export function recordPayoutAnswer(db: Db, payout: PayoutRow, answer: PayoutResponse, at: string): Promise<boolean> {
  return updateOpenPayout(db, payout.id, {
    status: answer.status,
    transaction_id: answer.transaction_id,
    response: JSON.stringify(maskFields(answer)),
    failure_reason:
      answer.status === 'FAILED'
        ? [answer.failure_type, answer.failure_reason].filter(Boolean).join(': ') || null
        : null,
    updated_at: at,
  });
}
