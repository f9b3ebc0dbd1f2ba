/**
 * `GET /admin/api/refunds?status=failed`: the refunds that failed and were not sent again (issue #32), newest
 * first, for the owner to find and retry them (the order page's Retry). Amounts are decimal strings.
 */
interface FailedRefund {
  order_no: string;
  /** 1, 2, ... per order: what `POST /orders/:order_no/refunds/:seq/retry` names */
  seq: number | null;
  amount: string;
  currency: string;
  reason: string | null;
  /** why it failed, as the gateway said */
  message: string | null;
  created_at: string;
  updated_at: string;
}

export interface FailedRefundList {
  refunds: FailedRefund[];
  /** how many there are in all (the list shows the newest 100) */
  total: number;
}
