/** What to look up with `/v1/retrievalTrans`: merchant order numbers and/or gateway transaction ids. */
export interface QuerySelector {
  orders?: readonly string[];
  trades?: readonly string[];
}

/**
 * One element of `orders_list` (spec 2.6). Only `query_result` is always present: a record that was not found
 * (`query_result` "0") may carry nothing else. Unknown fields are kept.
 */
export interface TransactionRecord {
  readonly [field: string]: unknown;
  query_result: string;
  order_no?: string;
  transaction_id?: string;
  amount?: string;
  currency?: string;
  payment_status?: string;
  reference_no?: string;
  website?: string;
  shopper_email?: string;
  shopper_phone?: string;
  delivery_information?: Record<string, string>;
  antifraud_provider?: string;
  fraud_check_result?: { check_items?: string; status?: string }[];
  is3ds?: string;
  subscription_result?: Record<string, string>;
  /** YYYYMMDDhhmmss */
  transaction_date?: string;
}

/** `/v1/retrievalRefund`: the refunds found for the given refund references. */
export interface RefundLookup {
  returnStatus: string;
  returnMessage: string;
  /** the response's list of refund records, as sent */
  refunds: Record<string, unknown>[];
  /** the whole JSON answer, for fields this type does not name */
  raw: Record<string, unknown>;
}
