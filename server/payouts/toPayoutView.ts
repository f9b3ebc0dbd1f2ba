import type { AdminPayout } from '../../shared/contract/adminPayouts';
import { toDecimal } from '../../shared/gateway/money';
import type { PayoutRow } from './payouts';

/** The gateway's envelope and signature: nothing the owner needs to see. */
const ENVELOPE = ['merchant_id', 'account_id', 'encryption_data', 'return_status', 'return_message'];

/**
 * A payout as the admin API shows it: the gateway's answer when there is one (else the request as sent), both
 * stored masked, with the backend's own id, status and times on top.
 */
export function toPayoutView(row: PayoutRow): AdminPayout {
  const stored = JSON.parse(row.response ?? row.request) as Record<string, unknown>;
  for (const field of ENVELOPE) delete stored[field];
  return {
    ...stored,
    id: row.id,
    request_id: row.request_id,
    status: row.status,
    transaction_id: row.transaction_id ?? undefined,
    payment_amount: toDecimal(row.amount_minor, row.currency),
    payment_currency: row.currency,
    ...(row.failure_reason ? { failure_reason: row.failure_reason } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
