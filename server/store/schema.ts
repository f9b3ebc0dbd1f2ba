import type { Generated } from 'kysely';
import type { OrderStatus } from '../../shared/gateway/status';

/**
 * The tables as Kysely sees them. One shape for SQLite and PostgreSQL: money in integer minor units, times as
 * ISO-8601 UTC text (sortable as text), flags as 0/1 integers and nested data as JSON text, so that the same
 * repository code and the same tests run on both.
 */
export interface SessionTable {
  id: string;
  /** SHA-256 of the client secret; the secret itself is shown once and never stored */
  client_secret_hash: string;
  order_id: string;
  order_no: string;
  amount_minor: number;
  currency: string;
  /** JSON: the items as the shop sent them */
  items: string;
  /** JSON: shipping, handling, ... in minor units */
  amount_parts: string;
  country: string | null;
  locale: string | null;
  /** JSON prefill, or null */
  shopper: string | null;
  return_url: string | null;
  note: string | null;
  custom: string | null;
  shopper_id: string | null;
  /** JSON object, or null */
  metadata: string | null;
  expires_at: string;
  created_at: string;
}

/** A keyed `POST /api/sessions`: its body's hash and the session it created (migration 022). */
export interface SessionRequestTable {
  /** SHA-256 of the Idempotency-Key */
  key_hash: string;
  request_hash: string;
  session_id: string;
  /** the client secret, AES-256-GCM under a key derived from the Idempotency-Key (server/checkout/sessionRequests.ts) */
  sealed_client_secret: string;
  created_at: string;
}

export interface OrderTable {
  id: string;
  session_id: string;
  order_no: string;
  amount_minor: number;
  currency: string;
  status: OrderStatus;
  /** the gateway code of `status` (null for created / unknown) */
  payment_status: string | null;
  /** the gateway transaction_id of the current attempt */
  transaction_id: string | null;
  current_attempt_id: string | null;
  message: string | null;
  refunded_minor: Generated<number>;
  /** what was captured, when it differs from the amount or was set by a capture (migration 003) */
  captured_minor: number | null;
  /** the shopper's e-mail of the latest payment attempt, for the owner's search (migration 003) */
  email: string | null;
  /** the kind of the latest payment alert (`payment_alerts`), for the owner's list (migration 006) */
  alert: string | null;
  /** what the last order event reported (`paid`, `partially_refunded:500`, ...), null before one (migration 013) */
  event_mark: string | null;
  /** when its money was first captured: the day the overview books its gross on (migration 023) */
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentAttemptTable {
  id: string;
  order_id: string;
  session_id: string;
  seq: number;
  /** the order_no the gateway sees: unique per attempt, because the gateway refuses a repeat (I0061) */
  gateway_order_no: string;
  method_id: string;
  kind: 'card' | 'apm';
  payment_method: string | null;
  status: OrderStatus;
  payment_status: string | null;
  transaction_id: string | null;
  idempotency_key: string;
  /** SHA-256 of the request body, so a reused key with another body is refused */
  request_hash: string;
  /** JSON {status, body} of the answer given, replayed for a repeated Idempotency-Key */
  response: string | null;
  /** the shop page's origin that started the payment: the only target of the result postMessage */
  widget_origin: string | null;
  /** one-time token of the card frame URL; replayed as part of the idempotent answer, so kept as is */
  frame_token: string | null;
  /**
   * the loading page's form (JSON CheckoutForm, free text masked: server/checkout/maskFrameForm.ts), kept while the
   * attempt is pending so a reloaded widget can reopen it, cleared when it settles
   */
  frame_form: string | null;
  frame_served_at: string | null;
  redirect_url: string | null;
  message: string | null;
  /** when the reconcile loop should next ask the gateway, if the outcome is still open */
  next_check_at: string | null;
  checks: Generated<number>;
  /** a query found it pending but the shopper never got its page: it no longer blocks a new attempt (migration 006) */
  stranded_at: string | null;
  /** the shopper left this pending attempt for another (server/checkout/abandonPayment.ts): it no longer blocks one (009) */
  abandoned_at: string | null;
  /** the card's brand and last four digits, as the gateway's query record names them (migration 023) */
  card_brand: string | null;
  card_last4: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationTable {
  notify_id: string;
  notify_type: string;
  order_no: string;
  transaction_id: string;
  payment_status: string;
  attempt_id: string | null;
  /** received, then applied | same_status | backwards | unknown_status | mismatch | unknown_type | unknown_order | recorded (a duplicate is never stored twice) */
  outcome: string;
  /** JSON of the form fields, signature masked */
  payload: string;
  received_at: string;
}

/** A notification kept as a cue until the backend's own query confirms what it names (migration 019). */
interface NotificationCueTable {
  /** `id:<notify id>` or `sha256:<hash of the fields>` */
  cue_key: string;
  attempt_id: string;
  order_no: string;
  /** payment | review | capture | cancel | refund | dispute | payout (profile.notificationTypes) */
  kind: string;
  notify_type: string;
  /** 1 when its signature verified under the profile */
  verified: number;
  /** JSON of the fields, secrets masked, bounded */
  payload: string;
  received_at: string;
  /** pending | done */
  state: string;
  /** when it may be acted on */
  next_at: string;
  tries: number;
  /** what the query and refund search did, once done */
  outcome: string;
  done_at: string | null;
}

export interface RefundTable {
  id: string;
  order_id: string;
  attempt_id: string;
  amount_minor: number;
  currency: string;
  reason: string | null;
  refund_reference: string;
  refund_reference_id: string | null;
  /** 1, 2, ... per order: (order_id, seq) is unique, so a journalled refund is never created twice (migration 003) */
  seq: number | null;
  /** requested (journalled, maybe sent) | received | accepted | succeeded | failed (migration 011) */
  status: string;
  message: string | null;
  /** the Idempotency-Key that journalled it; (order_id, request_key) is unique (migration 005) */
  request_key: string | null;
  /** what that key asked of this order, so the key reused for another refund is refused */
  request_hash: string | null;
  /** when the answer to sending it was recorded, or a request was answered with it (migration 011) */
  answered_at: string | null;
  /** when the reconcile loop next searches it while not final; NULL: at its next pass (migration 018) */
  next_check_at: string | null;
  /** searches that found it unchanged since it last moved: the next one waits twice as long, at most an hour */
  checks: Generated<number>;
  /** the role whose refund limit held it (`support`), summed per order and per day; null: no limit (migration 020) */
  limited_role: string | null;
  created_at: string;
  updated_at: string;
}

/** A keyed bulk request: its body's hash, so the key reused with another body is refused (migration 005). */
export interface BulkRequestTable {
  idempotency_key: string;
  action: string;
  request_hash: string;
  created_at: string;
}

export interface PayoutTable {
  id: string;
  request_id: string;
  idempotency_key: string;
  amount_minor: number;
  currency: string;
  status: string;
  transaction_id: string | null;
  /** JSON, masked */
  request: string;
  /** JSON, masked */
  response: string | null;
  failure_reason: string | null;
  /** SHA-256 of the owner's request, so a reused Idempotency-Key with another body is refused (migration 003) */
  request_hash: string | null;
  /** the payout as sent, unmasked, only while SENDING: reconcile sends it again to learn its fate (migration 005) */
  pending_request: string | null;
  created_at: string;
  updated_at: string;
}

/** A saved payout recipient (migration 016). */
export interface PayoutRecipientTable {
  id: string;
  name: string;
  /** SWIFT when null */
  payment_method: string | null;
  /** a beneficiary registered at the gateway, when the owner has one */
  beneficiary_id: string | null;
  /** JSON of the beneficiary (docs/gateway-api.md 2.7), unmasked: payouts to it send the real account */
  beneficiary: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A capture, cancel or review sent by the shop owner, journalled before the gateway call (migration 003): a
 * pending row left by a crash or a time-out is settled by a query before the order is sent again.
 */
export interface OrderOperationTable {
  id: string;
  order_id: string;
  attempt_id: string;
  /** capture | cancel | review_approve | review_reject */
  action: string;
  amount_minor: number;
  /** pending | succeeded | failed */
  status: string;
  message: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentMethodTable {
  id: string;
  kind: 'card' | 'apm';
  /** the gateway payment_method code (APMs) */
  payment_method: string | null;
  /** JSON {locale: label}, "en" always present */
  labels: string;
  enabled: number;
  sort_order: number;
  /** JSON array of ISO 3166 codes, or null for any country */
  countries: string | null;
  /** JSON array of ISO 4217 codes, or null for any currency */
  currencies: string | null;
  /** bounds in minor units of the session's currency; null for none */
  min_minor: number | null;
  max_minor: number | null;
  /** JSON array of MethodField */
  fields: string;
  /** JSON array of {code, name}, for methods that need a bank_code */
  banks: string | null;
  /** 3-D Secure mode for card checkout */
  open3d: string | null;
  updated_at: string;
}

export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  /** gateway_call | notification | return | transition | ignored | ... */
  kind: string;
  order_no: string | null;
  attempt_id: string | null;
  request_id: string | null;
  summary: string;
  /** JSON, secrets masked */
  detail: string | null;
  /** who did it (migration 014): `user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`; null for the gateway's own */
  actor: string | null;
}

interface LeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** Payments the owner must look at (migration 006); see server/orders/paymentAlerts.ts. */
export interface PaymentAlertTable {
  id: string;
  order_id: string;
  /** the attempt the alert is about: for `double_payment`, the extra one (paid while another was) */
  attempt_id: string;
  kind: 'double_payment' | 'paid_after_expiry';
  /** `double_payment`: the attempt that was paid already */
  other_attempt_id: string | null;
  /** the refund of the extra attempt: null (not asked), pending (journalled, maybe sent), succeeded, failed */
  refund_status: string | null;
  /** fixed before the refund is sent; a retry sends the same one, which the gateway refuses to refund twice */
  refund_reference: string | null;
  refund_message: string | null;
  /** when the reconcile loop next searches the pending refund; NULL: at its next pass (migration 018) */
  refund_next_check_at: string | null;
  /** searches that found the pending refund unchanged: the next one waits twice as long, at most an hour */
  refund_checks: Generated<number>;
  /** the limited role (support) that asked for the refund, which counts against its limit (migration 024) */
  refund_limited_role: string | null;
  /** when the refund was journalled: the day it counts in against the limit (migration 024) */
  refund_requested_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A dispute (chargeback) the gateway reported (migration 012): one row per dispute_id. */
export interface DisputeTable {
  dispute_id: string;
  order_id: string;
  attempt_id: string;
  transaction_id: string | null;
  amount_minor: number;
  currency: string;
  reason_code: string;
  reason: string;
  /** YYYY-MM-DD: the last day to answer it */
  respond_by: string;
  state: 'open' | 'closed';
  outcome: 'won' | 'lost' | null;
  opened_at: string;
  closed_at: string | null;
  updated_at: string;
}

/** The outbox of events to the shop's server (migration 013); `payload` is the ShopEvent as JSON. */
export interface ShopEventTable {
  id: string;
  /** PostgreSQL: from a sequence; SQLite: set by a trigger (hence optional on insert) */
  seq: Generated<number>;
  /** the commit-safe position `GET /api/events?after=` pages by; null until the delivery worker assigns it */
  pos: number | null;
  type: string;
  order_id: string | null;
  order_no: string | null;
  payout_request_id: string | null;
  /** a test event: for this endpoint only, never pulled */
  endpoint_id: string | null;
  created_at: string;
  payload: string;
}

/** A URL of the shop's that receives signed events (migration 013). */
export interface ShopEndpointTable {
  id: string;
  url: string;
  /** JSON array of ShopEventType */
  types: string;
  enabled: number;
  description: string | null;
  /** JSON array of {sealed, created_at, expires_at}: the newest first; a rolled one expires after its overlap */
  secrets: string;
  created_at: string;
  updated_at: string;
}

/** One event to one endpoint (migration 013). */
export interface ShopDeliveryTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** what orders the deliveries: `order:<id>`, `payout:<request_id>` or `test:<event id>` */
  subject: string;
  event_seq: number;
  /** pending | delivered | failed */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** while a worker sends it: no other worker takes it before then */
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** the first bytes of the endpoint's answer */
  last_answer: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** An API key (migration 014): only its hash is kept; `prefix` is what is shown and looked up. */
export interface ApiKeyTable {
  id: string;
  name: string;
  /** one of ROLES (shared/contract/roles.ts) */
  role: string;
  prefix: string;
  /** SHA-256 hex of the whole key */
  secret_hash: string;
  /** the actor that created it */
  created_by: string;
  created_at: string;
  /** written at most once a minute */
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The most one refund by the support role may be, per currency (migration 014); no row: none allowed. */
/** An owner's setting that is one value, by key (migration 021): `double_payment_refund` (JSON). */
interface ShopSettingTable {
  key: string;
  value: string;
  updated_by: string;
  updated_at: string;
}

interface SupportRefundLimitTable {
  currency: string;
  max_minor: number;
  updated_by: string;
  updated_at: string;
}

/**
 * A rate limit's window, shared by every backend process (migration 017, PostgreSQL only: SQLite counts in memory).
 * Written by rate-limiter-flexible, read here only by tests.
 */
interface RateLimitTable {
  /** the limit's name, a colon, and the client's key (hashed past 200 characters) */
  key: string;
  /** events counted in the window */
  points: number;
  /** the window's end, ms since the epoch */
  expire: number | null;
}

/** A person who signs in to the admin page (migration 015); see server/team/users.ts. */
export interface UserTable {
  id: string;
  /** lower case, unique */
  email: string;
  /** a StaffRole (shared/contract/roles.ts) */
  role: string;
  /** `scrypt$N$r$p$salt$hash` (server/team/passwordHash.ts); null until set through a one-time link */
  password_hash: string | null;
  /** the TOTP secret, sealed under TOKEN_KEY for its own purpose (`totpSeal`, server/team/signIn.ts) */
  totp_secret: string | null;
  /** the secret of an enrolment not confirmed yet, sealed */
  totp_pending: string | null;
  totp_enabled: number;
  /** the last TOTP time step accepted: a code is never accepted twice */
  totp_last_step: number | null;
  /** JSON array of SHA-256 hex of the unused recovery codes */
  recovery_codes: string | null;
  failed_sign_ins: number;
  locked_until: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

/** A signed-in browser (migration 015): the id is the SHA-256 of the cookie's value. */
export interface UserSessionTable {
  id: string;
  user_id: string;
  /** `full`, or `enrol`: an owner in production without a second factor, who may only set one up */
  purpose: 'full' | 'enrol';
  created_at: string;
  /** written at most once a minute; idle expiry counts from it */
  last_seen_at: string;
  /** the absolute end */
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** A one-time sign-in link (welcome or password reset), by the SHA-256 of its token (migration 015). */
interface SignInLinkTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Sign-in attempts of one client address in its current window, counted before the password check (migration 020). */
interface SignInBudgetTable {
  /** `ip:<address>` */
  key: string;
  count: number;
  /** the window's end, ISO time */
  resets_at: string;
}

export interface Database {
  sessions: SessionTable;
  session_requests: SessionRequestTable;
  orders: OrderTable;
  payment_attempts: PaymentAttemptTable;
  notifications: NotificationTable;
  notification_cues: NotificationCueTable;
  refunds: RefundTable;
  payouts: PayoutTable;
  payout_recipients: PayoutRecipientTable;
  bulk_requests: BulkRequestTable;
  payment_methods: PaymentMethodTable;
  audit_events: AuditEventTable;
  leases: LeaseTable;
  order_operations: OrderOperationTable;
  payment_alerts: PaymentAlertTable;
  disputes: DisputeTable;
  shop_events: ShopEventTable;
  shop_endpoints: ShopEndpointTable;
  shop_deliveries: ShopDeliveryTable;
  api_keys: ApiKeyTable;
  support_refund_limits: SupportRefundLimitTable;
  shop_settings: ShopSettingTable;
  rate_limits: RateLimitTable;
  users: UserTable;
  user_sessions: UserSessionTable;
  sign_in_links: SignInLinkTable;
  sign_in_budgets: SignInBudgetTable;
}
