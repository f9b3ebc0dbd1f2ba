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
