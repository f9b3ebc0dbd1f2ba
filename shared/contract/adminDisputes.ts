import type { AdminOrder } from './admin';

/** A dispute (chargeback) as `GET /admin/api/disputes` lists it; amounts in the order's currency. */
export interface AdminDispute {
  dispute_id: string;
  /** the shop's order_no */
  order_no: string;
  transaction_id: string | null;
  amount: string;
  currency: string;
  reason_code: string;
  reason: string;
  /** YYYY-MM-DD: the last day to answer it */
  respond_by: string;
  /** whole UTC days from today to respond_by (0 = today, negative = past); null once closed */
  days_left: number | null;
  state: 'open' | 'closed';
  outcome: 'won' | 'lost' | null;
  opened_at: string;
  closed_at: string | null;
}

/** A page of `GET /admin/api/disputes`; `next_cursor` asks for the next one, null on the last. */
export interface DisputePage {
  disputes: AdminDispute[];
  next_cursor: string | null;
}

/** `GET /admin/api/disputes/:dispute_id`: the dispute and its order. */
export interface DisputeDetail extends AdminDispute {
  order: AdminOrder;
}

/** `GET /admin/api/disputes/summary`: the navigation's count and the overview's figures. */
export interface DisputeSummary {
  open: number;
  /** every dispute ever reported */
  count: number;
  lost: number;
  /** disputed money per currency, decimal strings */
  disputed: { currency: string; amount: string }[];
  /** orders whose payment was captured (the rate's denominator) */
  captured_orders: number;
  /** disputes per captured order, 0..1 (0 without captured orders) */
  rate: number;
}
