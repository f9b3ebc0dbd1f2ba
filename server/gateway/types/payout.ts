type Json = Readonly<Record<string, unknown>>;

/** `/v1/payout` request (docs/gateway-api.md 2.7) without merchant_id, account_id and encryption_data. */
export interface PayoutRequest {
  /** UUID; the idempotency key of the payout: a retry with the same id can never pay twice */
  request_id: string;
  payment_amount: string;
  payment_currency: string;
  beneficiary: Json;
  payer?: Json;
  beneficiary_id?: string;
  client_data?: string;
  fee_paid_by?: 'PAYER' | 'BENEFICIARY';
  /** YYYY-MM-DD */
  payment_date?: string;
  payment_method?: string;
  reason?: string;
  reference?: string;
  source_amount?: string;
  source_currency?: string;
  swift_charge_option?: 'SHARED' | 'PAYER' | 'BENEFICIARY';
  fund_source?: string;
  notify_url?: string;
}

/** `/v1/payout` answer (spec 2.7), signature verified. Unknown fields are kept. */
export interface PayoutResponse {
  readonly [field: string]: unknown;
  merchant_id: string;
  account_id: string;
  request_id: string;
  transaction_id: string;
  /** PROCESSING | COMPLETED | FAILED */
  status: string;
  payment_amount?: string;
  payment_currency?: string;
  failure_reason?: string;
  failure_type?: string;
  fee_amount?: number;
  fee_currency?: string;
  amount_beneficiary_receives?: number;
  amount_payer_pays?: number;
  short_reference_id?: string;
  created_at?: string;
  last_updated_at?: string;
}
