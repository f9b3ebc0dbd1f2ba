import type {
  AdminOrder,
  AdminPaymentAlert,
  AdminPaymentMethod,
  BulkItem,
  BulkResult,
  OrderPage,
} from '../../shared/contract/admin';
import type { AdminDispute, DisputeDetail, DisputePage, DisputeSummary } from '../../shared/contract/adminDisputes';
import type { ApiKeyView, CreatedApiKey, SupportRefundLimits } from '../../shared/contract/adminKeys';
import { ApiError, apiErrorOf } from '../../shared/contract/ApiError';
import type { RecipientView } from '../../shared/contract/recipient';
import type { ShopDeliveryView, ShopEndpointView, ShopEndpointWithSecret } from '../../shared/contract/shopEndpoints';
import type { MethodField } from '../../shared/contract/session';
import type { OrderStatus } from '../../shared/gateway/status';

/**
 * The typed client of the admin API (docs/architecture.md 5.2). The page talks to the backend only through
 * this module. Calls go with the session cookie the backend set at sign-in (`credentials: 'same-origin'`): the
 * page keeps no secret itself, in storage or in script, so a script injected into it has nothing to take away.
 */

// The page's one door to the backend: what the command line shares with it lives in shared/contract/.
export { ApiError };
export type {
  AdminDispute,
  ApiKeyView,
  BulkItem,
  BulkResult,
  CreatedApiKey,
  DisputeDetail,
  DisputePage,
  DisputeSummary,
  OrderPage,
  SupportRefundLimits,
};
export type { ShopDeliveryView, ShopEndpointView, ShopEndpointWithSecret };

/** What the owner may change on an event endpoint (`PATCH /shop-endpoints/:id`). */
export interface ShopEndpointPatch {
  url?: string;
  types?: string[];
  enabled?: boolean;
  description?: string | null;
}

/** An order as the admin API lists it (shared with the server: shared/contract/admin.ts). */
export type OrderRow = AdminOrder;
/** A payment method as the admin API shows it and takes it. */
export type PaymentMethod = AdminPaymentMethod;
export type MethodFieldName = MethodField;

interface OrderEvent {
  at: string;
  type: string;
  detail?: unknown;
}

/** The gateway's subscription_result of an order (docs/gateway-api.md 2.6), as it last reported it. */
export interface SubscriptionResultValue {
  contract_name?: string;
  recurring_id?: string;
  /** "1" active, "0" cancelled (docs/protocol-decisions.md 4) */
  recurring_status?: string;
  recurring_deduction_period?: string;
  /** YYYY-MM-DD */
  recurring_deduction_time?: string;
}

/** One payment attempt of an order. More fields may come; the attempts table shows whatever is there. */
export interface OrderAttempt {
  [field: string]: unknown;
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
  /** the payment order this attempt sent the gateway, personal identifiers and tokens masked; null if none was sent */
  payment_order: Record<string, unknown> | null;
  /** what the gateway last said about this attempt's subscription */
  subscription_result: SubscriptionResultValue | null;
  /** pending at the gateway, but the shopper never got its page: a new attempt may start (still watched) */
  stranded: boolean;
  /** the shopper left it pending for another method: a new attempt may start (still watched) */
  abandoned: boolean;
}

/** One refund of an order, in its own state: a refund is asynchronous at the gateway. */
interface OrderRefund {
  seq: number;
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

export interface OrderDetail extends OrderRow {
  events: OrderEvent[];
  attempts: OrderAttempt[];
  refunds: OrderRefund[];
  /** payments the owner must look at: a double payment (with the refund of the extra one), a late one */
  alerts: AdminPaymentAlert[];
  /** the subscription the order's latest paying attempt started, as the gateway last reported it */
  subscription_result: SubscriptionResultValue | null;
  /** chargebacks of this order, oldest first */
  disputes?: AdminDispute[];
}

export interface OrderQuery {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  cursor?: string;
  limit?: number;
}

export type BulkAction = 'capture' | 'cancel' | 'review' | 'refund';

export interface SyncRequest {
  order_nos?: string[];
  from?: string;
  to?: string;
}

/** A payout as the backend returns it (spec 2.7 response); only the fields the page shows are named. */
export interface Payout {
  id?: string;
  request_id?: string;
  transaction_id?: string;
  status?: string;
  payment_amount?: string;
  payment_currency?: string;
  payment_date?: string;
  failure_reason?: string;
  failure_type?: string;
  created_at?: string;
  last_updated_at?: string;
  beneficiary?: { first_name?: string; last_name?: string; company_name?: string };
  [field: string]: unknown;
}

export interface StatsDay {
  date: string;
  status: OrderStatus;
  count: number;
  volume_minor: number;
  /** captured of paid and refunded orders; absent from an older backend */
  captured_minor?: number;
  refunded_minor?: number;
  currency: string;
}

export interface AuditEvent {
  at: string;
  type: string;
  order_no?: string;
  detail?: unknown;
  /** who did it (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`); absent for what the gateway did */
  actor?: string;
}

/** `GET /admin/api/me`: who is signed in and what the role may do. */
export interface Me {
  kind: 'user' | 'key' | 'env';
  label: string;
  role: string;
  permissions: string[];
  totp_enabled: boolean;
  /** an owner in production without two-factor sign-in: only enrolment is open until it is set up */
  enrolment_required: boolean;
}

/** A person of the team as `GET /admin/api/users` lists them. */
export interface TeamMember {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  totp_enabled: boolean;
  password_set: boolean;
  failed_sign_ins: number;
  locked_until: string | null;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface SignInLink {
  url: string;
  expires_at: string;
}

const BASE = '/admin/api';

export type AdminApi = ReturnType<typeof createAdminApi>;

/**
 * `onUnauthorized` runs on any 401 (the session ended: idle, too old, signed out elsewhere, password reset) so
 * the page can show the sign-in form again; the call still rejects with the ApiError.
 */
export function createAdminApi(onUnauthorized: () => void = () => {}) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const init: RequestInit = {
      method,
      headers: { accept: 'application/json', ...headers },
      credentials: 'same-origin',
    };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(BASE + path, init);
    } catch {
      throw new ApiError(0, 'network', 'The server could not be reached. Check the connection and try again.');
    }
    if (res.status === 401) onUnauthorized();
    const parsed = await res.json().catch(() => undefined);
    if (!res.ok)
      throw apiErrorOf(res.status, parsed, {
        code: res.status === 401 ? 'unauthorized' : 'http_error',
        message: `The server answered ${res.status}.`,
      });
    return (res.status === 204 ? undefined : parsed) as T;
  }

  return {
    listOrders: (q: OrderQuery = {}) => call<OrderPage>('GET', `/orders${queryString(q)}`),
    getOrder: (orderNo: string) => call<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`),
    /**
     * One chunk of a bulk action under its own Idempotency-Key: the backend holds the key to this body and a
     * refund it journalled answers any repeat of it, so the same call sent twice never refunds twice.
     */
    bulk: (action: BulkAction, orders: BulkItem[], idempotencyKey: string = crypto.randomUUID()) =>
      call<{ results: BulkResult[] }>('POST', `/orders/${action}`, { orders }, { 'idempotency-key': idempotencyKey }),
    sync: (req: SyncRequest) => call<{ results: BulkResult[] }>('POST', '/orders/sync', req),
    /** refunds, once, the extra payment of a double payment (an order's `alerts`) */
    refundExtraPayment: (orderNo: string, alertId: string) =>
      call<{ alert: AdminPaymentAlert }>(
        'POST',
        `/orders/${encodeURIComponent(orderNo)}/alerts/${encodeURIComponent(alertId)}/refund`,
      ),
    /** sends a failed refund again as a new one; the same failed refund retried twice is still one refund */
    retryRefund: (orderNo: string, seq: number) =>
      call<BulkResult>('POST', `/orders/${encodeURIComponent(orderNo)}/refunds/${seq}/retry`),
    createPayout: (payout: unknown, idempotencyKey: string) =>
      call<Payout>('POST', '/payouts', payout, { 'idempotency-key': idempotencyKey }),
    listPayouts: (cursor?: string) =>
      call<{ payouts: Payout[]; next_cursor?: string | null }>('GET', `/payouts${queryString({ cursor })}`),
    getPayout: (id: string) => call<Payout>('GET', `/payouts/${encodeURIComponent(id)}`),
    listRecipients: () => call<{ recipients: RecipientView[] }>('GET', '/recipients'),
    createRecipient: (recipient: unknown) => call<RecipientView>('POST', '/recipients', recipient),
    archiveRecipient: (id: string) => call<RecipientView>('POST', `/recipients/${encodeURIComponent(id)}/archive`),
    getMethods: () => call<{ methods: PaymentMethod[] }>('GET', '/payment-methods'),
    putMethods: (methods: PaymentMethod[]) =>
      call<{ methods: PaymentMethod[] }>('PUT', '/payment-methods', { methods }),
    getStats: (from: string, to: string) => call<{ days: StatsDay[] }>('GET', `/stats${queryString({ from, to })}`),
    listDisputes: (q: { state?: string; due_within_days?: string; cursor?: string } = {}) =>
      call<DisputePage>('GET', `/disputes${queryString(q)}`),
    getDispute: (id: string) => call<DisputeDetail>('GET', `/disputes/${encodeURIComponent(id)}`),
    disputeSummary: () => call<DisputeSummary>('GET', '/disputes/summary'),
    me: () => call<Me>('GET', '/me'),
    signIn: (body: { email: string; password: string; code?: string }) => call<Me>('POST', '/sign-in', body),
    /** spends a one-time link to set the password; the page then signs in with it */
    setPasswordWithLink: (token: string, password: string) =>
      call<{ email: string }>('POST', '/welcome', { token, password }),
    signOut: () => call<void>('POST', '/sign-out'),
    signOutEverywhere: () => call<{ ended: number }>('POST', '/sign-out-everywhere'),
    startTotp: () => call<{ secret: string; otpauth_url: string; qr_svg: string }>('POST', '/me/totp'),
    confirmTotp: (code: string) => call<{ recovery_codes: string[] }>('POST', '/me/totp/confirm', { code }),
    changePassword: (current_password: string, new_password: string) =>
      call<{ changed: true }>('POST', '/me/password', { current_password, new_password }),
    listUsers: () => call<{ users: TeamMember[] }>('GET', '/users'),
    addUser: (email: string, role: string) =>
      call<{ user: TeamMember; sign_in_link: SignInLink }>('POST', '/users', { email, role }),
    changeUser: (id: string, change: { role?: string; disabled?: boolean }) =>
      call<{ user: TeamMember }>('PATCH', `/users/${encodeURIComponent(id)}`, change),
    resetPassword: (id: string) =>
      call<{ sign_in_link: SignInLink }>('POST', `/users/${encodeURIComponent(id)}/reset-password`),
    resetTotp: (id: string) => call<{ user: TeamMember }>('POST', `/users/${encodeURIComponent(id)}/reset-2fa`),
    unlockUser: (id: string) => call<{ user: TeamMember }>('POST', `/users/${encodeURIComponent(id)}/unlock`),
    listEvents: (q: { order_no?: string; type?: string; actor?: string; cursor?: string } = {}) =>
      call<{ events: AuditEvent[]; next_cursor?: string | null }>('GET', `/events${queryString(q)}`),
    listKeys: () => call<{ keys: ApiKeyView[] }>('GET', '/keys'),
    /** the answer holds the key itself, this once */
    createKey: (name: string, role: string) => call<CreatedApiKey>('POST', '/keys', { name, role }),
    revokeKey: (id: string) => call<ApiKeyView>('DELETE', `/keys/${encodeURIComponent(id)}`),
    getSupportRefundLimits: () => call<SupportRefundLimits>('GET', '/settings/support-refund-limit'),
    putSupportRefundLimits: (limits: SupportRefundLimits['limits']) =>
      call<SupportRefundLimits>('PUT', '/settings/support-refund-limit', { limits }),
    listShopEndpoints: () => call<{ endpoints: ShopEndpointView[] }>('GET', '/shop-endpoints'),
    /** the answer's `secret` is shown this once: the backend keeps it sealed and never returns it again */
    createShopEndpoint: (body: { url: string; types?: string[]; description?: string }) =>
      call<ShopEndpointWithSecret>('POST', '/shop-endpoints', body),
    updateShopEndpoint: (id: string, patch: ShopEndpointPatch) =>
      call<ShopEndpointView>('PATCH', `/shop-endpoints/${encodeURIComponent(id)}`, patch),
    deleteShopEndpoint: (id: string) => call<unknown>('DELETE', `/shop-endpoints/${encodeURIComponent(id)}`),
    /** a new secret, shown once; the previous one keeps signing for `overlap_hours` (server default when left out) */
    rollShopEndpointSecret: (id: string, overlapHours?: number) =>
      call<ShopEndpointWithSecret>(
        'POST',
        `/shop-endpoints/${encodeURIComponent(id)}/roll-secret`,
        overlapHours === undefined ? {} : { overlap_hours: overlapHours },
      ),
    testShopEndpoint: (id: string) =>
      call<{ event_id: string; delivery_id: string }>('POST', `/shop-endpoints/${encodeURIComponent(id)}/test`),
    listShopDeliveries: (q: { endpoint_id?: string; status?: string; order_no?: string; limit?: number } = {}) =>
      call<{ deliveries: ShopDeliveryView[] }>('GET', `/shop-endpoints/deliveries${queryString(q)}`),
    resendShopDelivery: (id: string) =>
      call<{ id: string; status: string }>('POST', `/shop-endpoints/deliveries/${encodeURIComponent(id)}/resend`),
  };
}

function queryString(q: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q) as [string, unknown][])
    if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
