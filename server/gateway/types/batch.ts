/** Items of the batch calls (docs/gateway-api.md 2.5); amounts are decimal strings. */
export interface BatchOrder {
  transaction_id: string;
  order_no: string;
  currency: string;
  /** the order amount; for a capture, the amount to capture (at most the authorised amount) */
  amount: string;
}

export type CaptureItem = BatchOrder;
export type CancelItem = BatchOrder;
export interface ReviewItem extends BatchOrder {
  /** "1" approve, "0" reject (docs/protocol-decisions.md 1) */
  review_flag: '1' | '0';
}
export interface RefundItem extends BatchOrder {
  refund_amount: string;
  /** required by the docs (<= 50): the owner's text; left empty, the client sends DEFAULT_REFUND_REASON */
  refund_reason?: string;
  /** the merchant's own reference for this refund, usable later with retrievalRefund */
  refund_reference?: string;
}

/** One item of a batch answer, as sent, plus its decoded outcome. */
export interface BatchItemResult {
  readonly [field: string]: unknown;
  transaction_id: string;
  order_no: string;
  /** the item's `*_status` was "1" */
  ok: boolean;
  /** code of `error_message` (or `refund_message` when the refund failed), e.g. "E0009" */
  errorCode?: string;
  errorText?: string;
}

export interface BatchResult {
  /** "1" all succeeded, "2" some failed (docs/protocol-decisions.md 4) */
  returnStatus: string;
  returnMessage: string;
  items: BatchItemResult[];
}
