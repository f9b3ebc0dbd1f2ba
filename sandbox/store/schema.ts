import type { Generated } from 'kysely';
import type { RefundState } from '../../shared/gateway/refundState';
import type { PaymentStatus } from '../../shared/gateway/status';

/** The sandbox's SQLite tables. Money columns are integer minor units; times are Unix milliseconds. */
export interface TransactionTable {
  transaction_id: string;
  merchant_id: string;
  account_id: string;
  order_no: string;
  currency: string;
  amount_minor: number;
  captured_minor: number;
  refunded_minor: number;
  status: PaymentStatus;
  /** `checkout` (hosted card page) or `authorise` (APM issuer page) */
  channel: 'checkout' | 'authorise';
  /** APM code, or `CARD` for checkout */
  payment_method: string;
  return_url: string;
  notify_url: string | null;
  /** the payment request as received, minus encryption_data (JSON) */
  request_json: string;
  /** unguessable part of the hosted page and issuer URLs */
  page_token: string;
  card_last4: string | null;
  /** "Visa", "Mastercard", ... from the number's prefix (shared/gateway/fields.ts card_type names) */
  card_brand: string | null;
  /** JSON CardOutcome: the test behaviour of the card submitted, kept for the token it may become */
  card_outcome: string | null;
  /** the stored-card token this payment issued (token_flag YES) or was paid with */
  token_id: string | null;
  is3ds: number;
  fraud_status: string | null;
  /** `<code>:<text>` of the last outcome */
  message: string;
  reference_no: string;
  refund_seq: number;
  /** the outcome the next refund of this payment is given (`/sandbox/refund-outcome`), then cleared; null: succeed */
  refund_plan: RefundPlan | null;
  /** when a pending (0077) card payment settles to approved */
  settle_at: number | null;
  created_at: number;
  updated_at: number;
}

/** What a refund will do once accepted: succeed, fail, or wait in `accepted` until a test decides. */
type RefundPlan = 'succeed' | 'fail' | 'hold';

export interface RefundTable {
  /** `<transaction_id>-<two-digit sequence>` (docs/gateway-evidence.md 3) */
  refund_reference_id: string;
  transaction_id: string;
  sequence: number;
  /** the merchant's own reference as sent, "" when none */
  refund_reference: string;
  amount_minor: number;
  currency: string;
  reason: string;
  /** received -> accepted -> succeeded | failed (docs/gateway-evidence.md 8) */
  state: RefundState;
  plan: RefundPlan;
  /** when it takes its next step; null when final, or held until a test decides */
  due_at: number | null;
  /** `<code>:<text>` of a failed refund */
  message: string | null;
  /** when the refund was received */
  created_at: number;
  /** when it reached its result (refund_processing_date); null while it has none */
  processed_at: number | null;
}

export interface PayoutTable {
  account_id: string;
  request_id: string;
  /** the request minus encryption_data, canonical JSON: a replay with other content is refused */
  request_json: string;
  response_json: string;
  transaction_id: string;
  created_at: number;
}

export interface NotificationTable {
  notify_id: string;
  account_id: string;
  transaction_id: string;
  order_no: string;
  notify_type: string;
  url: string;
  /** the signed form fields (JSON object of strings) */
  fields_json: string;
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  delivered_at: number | null;
  gave_up_at: number | null;
}

export interface NotificationAttemptTable {
  id: Generated<number>;
  notify_id: string;
  attempted_at: number;
  http_status: number | null;
  response_body: string | null;
  error: string | null;
}

interface RequestLogTable {
  id: Generated<number>;
  endpoint: string;
  account_id: string | null;
  /** comma-wrapped order numbers the request named (",A,B,"), for filtering */
  order_nos: string;
  http_status: number;
  received_at: number;
}

/**
 * A stored card (docs/gateway-api.md 2.2 token_id): never the number, only what a later payment needs to behave alike.
 */
export interface CardTokenTable {
  token_id: string;
  account_id: string;
  card_brand: string;
  card_last4: string;
  /** JSON CardOutcome of the card (sandbox/payments/testCards.ts), so a token pays as its card would */
  outcome: string;
  /** the payment that issued it */
  transaction_id: string;
  created_at: number;
}

/** A dispute (chargeback) of a captured payment: opened by the dispute test card or `/sandbox/disputes`. */
export interface DisputeTable {
  /** `D` + 20 hex digits */
  dispute_id: string;
  transaction_id: string;
  account_id: string;
  order_no: string;
  currency: string;
  amount_minor: number;
  reason_code: string;
  reason: string;
  /** YYYYMMDD (docs/protocol-decisions.md 6) */
  respond_by: string;
  state: 'open' | 'won' | 'lost';
  /** the outcome it takes by itself at `decide_at`; null: only a control call decides it */
  planned: 'won' | 'lost' | null;
  decide_at: number | null;
  created_at: number;
  decided_at: number | null;
}

export interface SandboxDb {
  transactions: TransactionTable;
  refunds: RefundTable;
  payouts: PayoutTable;
  notifications: NotificationTable;
  notification_attempts: NotificationAttemptTable;
  request_log: RequestLogTable;
  card_tokens: CardTokenTable;
  disputes: DisputeTable;
}
