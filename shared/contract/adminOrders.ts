import type { OrderStatus } from '../gateway/status';
import type { AdminOrder, AdminPaymentAlert } from './admin';
import type { AdminDispute } from './adminDisputes';

/**
 * An order's page (`GET /admin/api/orders/:order_no`), the overview's figures (`GET /admin/api/stats`) and the
 * audit log (`GET /admin/api/events`) as the server answers them and the admin page reads them.
 */

/** The gateway's subscription_result of an order (docs/gateway-api.md 2.6), as it last reported it. */
export interface SubscriptionResult {
  contract_name?: string;
  recurring_id?: string;
  /** "1" active, "0" cancelled (docs/protocol-decisions.md 4) */
  recurring_status?: string;
  recurring_deduction_period?: string;
  /** YYYY-MM-DD */
  recurring_deduction_time?: string;
}

/** One line of an order's technical history (its audit lines), secrets and card-like numbers masked. */
interface OrderEvent {
  at: string;
  type: string;
  /** the event's summary */
  detail: unknown;
}

/** One payment attempt of an order. */
export interface OrderAttempt {
  id: string;
  seq: number;
  gateway_order_no: string;
  /** the payment method's id */
  method: string;
  status: OrderStatus;
  payment_status: string | null;
  transaction_id: string | null;
  message: string | null;
  created_at: string;
  updated_at: string;
  /**
   * the payment order this attempt sent the gateway, personal identifiers and tokens masked; null if none was
   * sent. The shopper's device fields (cookies, fingerprint, IP, browser) only for an owner
   */
  payment_order: Record<string, unknown> | null;
  /** the device fields were left out of `payment_order` for this reader's role */
  device_hidden: boolean;
  /** what the gateway last said about this attempt's subscription */
  subscription_result: SubscriptionResult | null;
  /** pending at the gateway, but the shopper never got its page: a new attempt may start (still watched) */
  stranded: boolean;
  /** the shopper left it pending for another method: a new attempt may start (still watched) */
  abandoned: boolean;
}

/** One refund of an order, in its own state: a refund is asynchronous at the gateway. */
interface OrderRefund {
  /** 1, 2, ... per order; null on a refund journalled before refunds were numbered */
  seq: number | null;
  amount: string;
  currency: string;
  reason: string | null;
  refund_reference: string;
  refund_reference_id: string | null;
  /** requested (being sent), received, accepted (succeeding or failing soon), succeeded, failed */
  status: string;
  /** why it failed, `<code>:<text>` */
  message: string | null;
  /** the seq of the failed refund this one retries */
  retry_of: number | null;
  /** a failed refund that was retried already */
  retried: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * One line of an order's story in the owner's terms (server/orders/orderTimeline.ts); the page puts it in words.
 * `by` is who did it (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`), absent for the shopper, the gateway and
 * the backend itself.
 */
export interface TimelineEntry {
  at: string;
  what:
    | 'created'
    | 'payment_started'
    | 'pending'
    | 'authorised'
    | 'paid'
    | 'captured'
    | 'declined'
    | 'cancelled'
    | 'review'
    | 'unknown'
    | 'refund_requested'
    | 'refund_succeeded'
    | 'refund_failed'
    | 'dispute_opened'
    | 'dispute_won'
    | 'dispute_lost';
  by?: string;
  amount?: string;
  currency?: string;
  /** the payment attempt's number (1, 2, ...) */
  attempt?: number | undefined;
  /** the payment method's id */
  method?: string;
  /** why: a decline's or a failed refund's `<code>:<text>`, a dispute's reason */
  reason?: string;
}

/** `GET /admin/api/orders/:order_no`: the order with its history, attempts, alerts, refunds and disputes. */
export interface OrderDetail extends AdminOrder {
  /** the card the order was paid with, as the gateway's query record names it; never more than the last four */
  card: { brand: string; last4: string } | null;
  /** the payment method of the order's current attempt */
  method: string | null;
  /** the order's story in the owner's terms, oldest first */
  timeline: TimelineEntry[];
  /** the subscription the order's latest paying attempt started, as the gateway last reported it */
  subscription_result: SubscriptionResult | null;
  /** in time order */
  events: OrderEvent[];
  attempts: OrderAttempt[];
  /** payments the owner must look at: a double payment (with the refund of the extra one), a late one */
  alerts: AdminPaymentAlert[];
  refunds: OrderRefund[];
  /** chargebacks of this order, oldest first */
  disputes: AdminDispute[];
}

/** `POST /admin/api/orders/:order_no/alerts/:alert_id/refund`: the alert with the refund of its extra payment. */
export interface ExtraPaymentRefund {
  alert: AdminPaymentAlert;
  refund: AdminPaymentAlert['refund'];
}

/** Orders created on one UTC day in one status and currency. */
export interface StatsDay {
  /** YYYY-MM-DD, UTC */
  date: string;
  status: OrderStatus;
  currency: string;
  count: number;
  /** the orders' amounts in minor units, whatever happened to them */
  volume_minor: number;
}

/** The money that moved on one UTC day in one currency, each amount booked on the day it moved. */
export interface MoneyDay {
  /** YYYY-MM-DD, UTC */
  date: string;
  currency: string;
  /** captured, on the day the order was paid or captured */
  gross_minor: number;
  /** refunds that succeeded that day */
  refunded_minor: number;
  /** chargebacks lost that day */
  lost_minor: number;
  /** gross - refunded - lost */
  net_minor: number;
}

/** `GET /admin/api/stats?from=&to=`: orders created per day (`days`), money per day it moved (`money`). */
export interface OrderStats {
  days: StatsDay[];
  money: MoneyDay[];
}

/** One line of the audit log, secrets and card-like numbers masked. */
export interface AuditEvent {
  id: number;
  at: string;
  type: string;
  /** the shop's order_no (through the event's payment attempt), else the gateway order number it names */
  order_no?: string;
  /** the gateway order number the event names, when it is not the shop's order_no */
  gateway_order_no?: string;
  request_id?: string;
  /**
   * who did it (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`, `ip:<address>` for a refused sign-in); absent
   * for what the gateway or the backend did by itself
   */
  actor?: string;
  summary: unknown;
  detail?: unknown;
  /** on a refund line: the refund it is about, with its state now */
  refund?: AuditRefund;
}

/** The refund an audit line is about: its amount and how it ended (or how far it is). */
export interface AuditRefund {
  amount: string;
  currency: string;
  /** requested, received, accepted, succeeded, failed */
  status: string;
  /** why it failed, `<code>:<text>` */
  message: string | null;
}

/** A page of `GET /admin/api/events`, newest first; `next_cursor` asks for the next one, null on the last. */
export interface AuditPage {
  events: AuditEvent[];
  next_cursor: string | null;
}
