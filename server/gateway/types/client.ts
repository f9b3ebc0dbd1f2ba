import type { GatewayProfile } from '../../../shared/gateway/profile';
import type { BatchResult, CancelItem, CaptureItem, RefundItem, ReviewItem } from './batch';
import type { GatewayCallRecord } from './config';
import type { AuthoriseOrder, AuthoriseResponse, CheckoutForm, CheckoutOrder } from './payment';
import type { PayoutRequest, PayoutResponse } from './payout';
import type { QuerySelector, RefundLookup, RefundSelector, TransactionRecord } from './query';

/** What a caller may add to one payment operation. */
export interface CallOptions {
  /**
   * Hands the record of each HTTP attempt of this operation to the caller, e.g. to store it in the same
   * transaction as the operation's outcome; the client's `onCall` still hears of it, with this option set, and
   * leaves the record to the caller.
   */
  collect?: (record: GatewayCallRecord) => void;
}

/**
 * Every gateway operation, signed and verified. Failures are thrown as the classes of `errors/`; on the
 * payment calls (checkout, authorise), batches and payout an error with `outcomeUnknown` means the gateway may
 * have acted: store the outcome as unknown and resolve it with `query`, never by sending again under a new
 * order_no.
 */
export interface GatewayClient {
  /**
   * the wire profile this client speaks (docs/protocol-decisions.md 9): status codes and notification types for its
   * callers
   */
  readonly profile: GatewayProfile;
  /** `/v1/checkout` step 1: the loading page's form that forwards the shopper to the hosted card page. */
  checkout(order: CheckoutOrder, call?: CallOptions): Promise<{ form: CheckoutForm }>;
  /** `/v1/authorise`, then GET issuer_url without following redirects (docs/protocol-decisions.md 8). */
  authorise(order: AuthoriseOrder, call?: CallOptions): Promise<AuthoriseResponse>;
  /** `/v1/retrievalTrans`, split into calls of at most 100 references; retried (a query changes nothing). */
  query(selector: QuerySelector): Promise<TransactionRecord[]>;
  /** One `/v1/capture` call; the caller splits into batches (throws GatewayRequestError over 50). */
  capture(items: readonly CaptureItem[]): Promise<BatchResult>;
  /** One `/v1/cancel` call (at most 50 items). */
  cancel(items: readonly CancelItem[]): Promise<BatchResult>;
  /** One `/v1/review` call (at most 100 items). */
  review(items: readonly ReviewItem[]): Promise<BatchResult>;
  /** One `/v1/refund` call (at most 50 items); never retried (see CALL_RULES): a lost answer is settled by lookup. */
  refund(items: readonly RefundItem[]): Promise<BatchResult>;
  /** `/v1/retrievalRefund` by order number, refund_reference or merchant refund id; retried. */
  retrievalRefund(selector: RefundSelector): Promise<RefundLookup>;
  /** `/v1/payout`; retried with the same request_id, which the gateway dedupes. */
  payout(request: PayoutRequest): Promise<PayoutResponse>;
  /** True when a notify_url POST (form fields) is signed by this account (docs/protocol-decisions.md 3, 6). */
  verifyNotification(form: Readonly<Record<string, string>>): boolean;
  /**
   * True when a return_url query is signed by this account (docs/protocol-decisions.md 3, 7). The redirect does not
   * carry currency and amount, so pass the order's own (stored) values in `order`.
   */
  verifyReturn(query: Readonly<Record<string, string>>, order: { currency: string; amount: string }): boolean;
}
