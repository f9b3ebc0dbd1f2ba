/** What to look up with `/v1/retrievalTrans`: merchant order numbers and/or gateway transaction ids. */
export interface QuerySelector {
  orders?: readonly string[];
  trades?: readonly string[];
}

/**
 * One element of `orders_list` (docs/gateway-api.md 2.6). Only `query_result` is always present: a record that was not
 * found (`query_result` "0") may carry nothing else. Unknown fields are kept.
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

/** What to look up with `/v1/retrievalRefund` (docs/gateway-evidence.md 4): at least one value, at most 100 in all. */
export interface RefundSelector {
  /** merchant order numbers */
  refund_orders?: readonly string[];
  /** the refund_reference each refund was sent with */
  refund_references?: readonly string[];
  merchant_refunds?: readonly string[];
}

export const REFUND_SEARCH_LISTS = ['refund_orders', 'refund_references', 'merchant_refunds'] as const;

/** One element of the answer's `refund_orders` (docs/gateway-evidence.md 4). Unknown fields are kept. */
export interface RefundRecord {
  readonly [field: string]: unknown;
  transaction_id?: string;
  order_no?: string;
  amount?: string;
  currency?: string;
  refund_amount?: string;
  /** "1" succeeded, "0" failed */
  refund_status?: string;
  /** the order's status after the refund, e.g. "4100" refunded */
  payment_status?: string;
  refund_message?: string;
  refund_reason?: string;
  /** what the refund request sent, "" when none */
  refund_reference?: string;
  /** `<transaction_id>-<two-digit sequence>` */
  refund_reference_id?: string;
  /** YYYYMMDDhhmmss */
  refund_date?: string;
  refund_processing_date?: string;
  /** "0" when the sandbox lists a reference it did not find; the docs' answer leaves unknown ones out */
  query_result?: string;
}

/** `/v1/retrievalRefund`: the refunds found. */
export interface RefundLookup {
  returnStatus: string;
  returnMessage: string;
  /** the answer's `refund_orders` list */
  refunds: RefundRecord[];
  /** the whole JSON answer (of the last call, when the search took several), for fields this type does not name */
  raw: Record<string, unknown>;
}
