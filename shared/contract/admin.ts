import type { OrderStatus } from '../gateway/status';
import type { FieldError } from './errors';
import type { MethodField } from './session';

/**
 * The admin API's shapes that its server (the domains' routes/admin*.ts, mounted by server/admin/createAdminApi.ts),
 * its page (admin/api/client.ts) and the command line (scripts/cli.ts) use, written once here: amounts as decimal
 * strings in the order's or method's currency, never minor units.
 */

/** An order as `GET /admin/api/orders` lists it (and its detail extends). */
export interface AdminOrder {
  order_no: string;
  status: OrderStatus;
  amount: string;
  currency: string;
  transaction_id: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
  /** what was captured; null while nothing is */
  captured: string | null;
  /** what was refunded; null while nothing is */
  refunded: string | null;
  /** what lost disputes (chargebacks) took back, hence no longer refundable; absent while nothing was lost */
  lost_in_disputes?: string;
  /** set when the gateway reported a status code this version does not know (the order is `unknown` until a query settles it) */
  status_note?: string;
  /** the kind of the order's latest payment alert (`double_payment`, `paid_after_expiry`): the owner must look at it */
  alert: string | null;
}

/** A payment the owner must look at (issue #18), on an order's detail. */
export interface AdminPaymentAlert {
  id: string;
  /** `double_payment`: this attempt was paid while another of the order was; `paid_after_expiry`: paid late */
  kind: 'double_payment' | 'paid_after_expiry';
  attempt_id: string;
  gateway_order_no: string | null;
  transaction_id: string | null;
  other_attempt_id: string | null;
  created_at: string;
  /** `double_payment`: the refund of the extra attempt (null: not asked yet) */
  refund: { status: string; reference: string | null; message: string | null; amount: string | null } | null;
}

/** A payment method as `GET /admin/api/payment-methods` shows it and `PUT` takes it. */
export interface AdminPaymentMethod {
  id: string;
  kind: 'card' | 'apm';
  payment_method?: string;
  labels: Record<string, string>;
  enabled: boolean;
  sort: number;
  countries: string[];
  currencies: string[];
  min_amount?: string;
  max_amount?: string;
  fields: MethodField[];
  open3d?: 'do3DS' | 'no3DS';
  /** the bank choices of a method that asks for a bank_code (shown, not edited, on the page) */
  banks?: { code: string; name: string }[];
  /** a card's installment counts (2 to 48, increasing); always listed for a card; absent on a PUT = leave them */
  installments?: number[];
  /** interest per installment count as a percentage of the amount, e.g. {"6": "1.99"}; shown to the shopper */
  installment_interest?: Record<string, string>;
}

/** `GET`/`PUT /admin/api/payment-methods`: every method, in the order the shopper sees them. */
export interface AdminPaymentMethods {
  methods: AdminPaymentMethod[];
}

/** An order in the list: with the payment method of its current attempt (`card`, `pix`; null before one). */
interface ListedOrder extends AdminOrder {
  method: string | null;
}

/** A page of `GET /admin/api/orders`; `next_cursor` asks for the next one, null on the last. */
export interface OrderPage {
  orders: ListedOrder[];
  next_cursor: string | null;
  /** how many orders the filter matches in all, over every page */
  total: number;
}

/** One order of a bulk capture, cancel, review or refund (`POST /admin/api/orders/<action>`). */
export interface BulkItem {
  order_no: string;
  amount?: string;
  reason?: string;
  approve?: boolean;
  /** refund: this order's own Idempotency-Key (the CLI derives one per spreadsheet row) */
  idempotency_key?: string;
  /**
   * refund: the id of the order's open dispute (chargeback), to refund although it is open; without it such an
   * order is refused with `open_dispute` (the cardholder could get the money twice)
   */
  despite_dispute?: string;
}

/**
 * What became of one order of a bulk call, a sync or a refund's retry: `ok`, or the error with its gateway code
 * (e.g. E0009) or one of the admin API's own (`outcome_unknown`, `refund_pending`, `over_refund_limit`, ...).
 */
export type BulkResult =
  | {
      order_no: string;
      transaction_id?: string;
      ok: true;
      status?: OrderStatus;
      note?: string;
      /** a refund's state when answered: refunds are asynchronous, `received` succeeds or fails later */
      refund_state?: string;
    }
  | {
      order_no: string;
      transaction_id?: string;
      ok: false;
      /** a row the backend refused unsent (`invalid_request`): its position in the request's `orders` */
      position?: number;
      error: { code: string; message: string; fields?: FieldError[] };
    };

/** `POST /admin/api/orders/<action>` and `POST /admin/api/orders/sync`: one result per order, in the order sent. */
export interface BulkResults {
  results: BulkResult[];
}
