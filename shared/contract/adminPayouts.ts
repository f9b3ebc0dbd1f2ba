/**
 * Payouts as the admin API shows them (`/admin/api/payouts`) and the admin page reads them: the gateway's answer
 * (docs/gateway-api.md 2.7) when there is one, else the request as sent, both masked and without the gateway's envelope, with the
 * backend's own id, status, amount and times on top.
 */
export interface AdminPayout {
  /** the gateway's (or the request's) other fields, as they are: the page shows each of them */
  [field: string]: unknown;
  id: string;
  /** the payout's Idempotency-Key, signed: the gateway knows the payout by it */
  request_id: string;
  /** SENDING, then the gateway's PROCESSING, COMPLETED or FAILED */
  status: string;
  transaction_id?: string;
  payment_amount: string;
  payment_currency: string;
  failure_reason?: string;
  created_at: string;
  updated_at: string;
  /** the gateway's fields the page names */
  failure_type?: string;
  beneficiary?: { first_name?: string; last_name?: string; company_name?: string };
  /** `POST` answered 202: the gateway's answer was lost, so whether it was paid out is not known yet */
  message?: string;
}

/** A page of `GET /admin/api/payouts`, newest first; `next_cursor` asks for the next one, null on the last. */
export interface PayoutPage {
  payouts: AdminPayout[];
  next_cursor: string | null;
}

/**
 * `POST /admin/api/payouts/review`: what a payout body would send, checked as `POST /admin/api/payouts` checks it
 * but not sent: the amount, who gets it, the fee (estimated: the gateway states it only once the payout is made)
 * and what the shop pays in all. Amounts are decimal strings in `currency`.
 */
export interface PayoutReview {
  currency: string;
  amount: string;
  recipient: { name: string; account: string };
  fee: string;
  fee_paid_by: 'PAYER' | 'BENEFICIARY';
  fee_estimated: true;
  /** how the estimate is made, in words */
  fee_rule: string;
  /** what leaves the shop's balance: the amount, plus the fee when the shop (PAYER) pays it */
  total: string;
  /** what arrives: the amount, less the fee when the recipient (BENEFICIARY) pays it */
  recipient_gets: string;
}
