import type {
  AdminOrder,
  AdminPaymentMethod,
  AdminPaymentMethods,
  BulkItem,
  BulkResult,
  BulkResults,
  OrderPage,
} from '../../shared/contract/admin';
import type { AdminDispute, DisputeDetail, DisputePage, DisputeSummary } from '../../shared/contract/adminDisputes';
import type {
  ApiKeyList,
  ApiKeyView,
  CreatedApiKey,
  DoublePaymentRefundSetting,
  SupportRefundLimits,
} from '../../shared/contract/adminKeys';
import type {
  AuditEvent,
  AuditPage,
  ExtraPaymentRefund,
  OrderAttempt,
  OrderDetail,
  MoneyDay,
  OrderStats,
  StatsDay,
  SubscriptionResult,
  TimelineEntry,
} from '../../shared/contract/adminOrders';
import type { AdminPayout, PayoutPage, PayoutReview } from '../../shared/contract/adminPayouts';
import type { FailedRefundList } from '../../shared/contract/adminRefunds';
import type {
  Me,
  PasswordChanged,
  SignedOutEverywhere,
  SignInLink,
  TeamList,
  TeamMember,
  TeamMemberChanged,
  TeamMemberWithLink,
  TotpConfirmed,
  TotpEnrolment,
  Welcomed,
} from '../../shared/contract/adminTeam';
import { ApiError, apiErrorOf } from '../../shared/contract/ApiError';
import type { RecipientList, RecipientView } from '../../shared/contract/recipient';
import type { MethodField } from '../../shared/contract/session';
import type {
  DeliveryResent,
  ShopDeliveryList,
  ShopDeliveryView,
  ShopEndpointList,
  ShopEndpointView,
  ShopEndpointWithSecret,
  TestEventSent,
} from '../../shared/contract/shopEndpoints';

/**
 * The typed client of the admin API (docs/architecture.md 5.2). The page talks to the backend only through
 * this module. Calls go with the session cookie the backend set at sign-in (`credentials: 'same-origin'`): the
 * page keeps no secret itself, in storage or in script, so a script injected into it has nothing to take away.
 */

// The page's one door to the backend. What it answers is typed in shared/contract/, where the server's routes
// declare the same types (server/admin/adminAnswers.test.ts), so a field renamed on one side fails the type check.
export { ApiError };
export type {
  AdminDispute,
  ApiKeyView,
  AuditEvent,
  BulkItem,
  BulkResult,
  CreatedApiKey,
  DisputeDetail,
  DisputePage,
  DisputeSummary,
  DoublePaymentRefundSetting,
  Me,
  OrderAttempt,
  OrderDetail,
  OrderPage,
  SignInLink,
  MoneyDay,
  OrderStats,
  StatsDay,
  SupportRefundLimits,
  TimelineEntry,
  TeamMember,
};
export type { ShopDeliveryView, ShopEndpointView, ShopEndpointWithSecret };

/** An order as the admin API lists it. */
export type OrderRow = AdminOrder;
/** A payment method as the admin API shows it and takes it. */
export type PaymentMethod = AdminPaymentMethod;
export type MethodFieldName = MethodField;
export type SubscriptionResultValue = SubscriptionResult;
/** A payout as the backend returns it (docs/gateway-api.md 2.7 response, masked): the page names a few fields, shows them all. */
export type Payout = AdminPayout;

/** What the owner may change on an event endpoint (`PATCH /shop-endpoints/:id`). */
export interface ShopEndpointPatch {
  url?: string;
  types?: string[];
  enabled?: boolean;
  description?: string | null;
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

const BASE = '/admin/api';

export type AdminApi = ReturnType<typeof createAdminApi>;

/**
 * `onUnauthorized` runs on any 401 (the session ended: idle, too old, signed out elsewhere, password reset) so
 * the page can show the sign-in form again; the call still rejects with the ApiError. A 403
 * `enrolment_required` is not the end of a session (it is alive, and may only set up two-factor sign-in):
 * `onEnrolmentRequired` runs instead, for the page to show the enrolment.
 */
export function createAdminApi(onUnauthorized: () => void = () => {}, onEnrolmentRequired: () => void = () => {}) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    as: 'json' | 'file' = 'json',
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
    if (res.status === 401 && path !== '/sign-in') onUnauthorized();
    // a file (an export) is handed on as its bytes: text() would drop its byte-order mark
    if (res.ok && as === 'file')
      return { content: await res.blob(), rows: Number(res.headers.get('x-row-count') ?? 0) } as T;
    const parsed: unknown = await res.json().catch(() => undefined);
    if (
      res.status === 403 &&
      (parsed as { error?: { code?: unknown } } | undefined)?.error?.code === 'enrolment_required'
    )
      onEnrolmentRequired();
    if (!res.ok)
      throw apiErrorOf(res.status, parsed, {
        code: res.status === 401 ? 'unauthorized' : 'http_error',
        message: `The server answered ${res.status}.`,
      });
    return (res.status === 204 ? undefined : parsed) as T;
  }

  return {
    listOrders: (q: OrderQuery = {}) => call<OrderPage>('GET', `/orders${queryString(q)}`),
    /** every order of the filter as one CSV file; `locale` writes it for that locale's spreadsheet */
    exportOrders: (q: Omit<OrderQuery, 'cursor' | 'limit'> & { locale?: string }) =>
      call<{ content: Blob; rows: number }>(
        'GET',
        `/orders/export${queryString(q)}`,
        undefined,
        { accept: 'text/csv' },
        'file',
      ),
    getOrder: (orderNo: string) => call<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`),
    /**
     * One chunk of a bulk action under its own Idempotency-Key: the backend holds the key to this body and a
     * refund it journalled answers any repeat of it, so the same call sent twice never refunds twice.
     */
    bulk: (action: BulkAction, orders: BulkItem[], idempotencyKey: string = crypto.randomUUID()) =>
      call<BulkResults>('POST', `/orders/${action}`, { orders }, { 'idempotency-key': idempotencyKey }),
    sync: (req: SyncRequest) => call<BulkResults>('POST', '/orders/sync', req),
    /** refunds, once, the extra payment of a double payment (an order's `alerts`) */
    refundExtraPayment: (orderNo: string, alertId: string) =>
      call<ExtraPaymentRefund>(
        'POST',
        `/orders/${encodeURIComponent(orderNo)}/alerts/${encodeURIComponent(alertId)}/refund`,
      ),
    /** sends a failed refund again as a new one; the same failed refund retried twice is still one refund */
    retryRefund: (orderNo: string, seq: number) =>
      call<BulkResult>('POST', `/orders/${encodeURIComponent(orderNo)}/refunds/${seq}/retry`),
    /** the payout's amount, recipient, estimated fee and total, checked as sending would check it; sends nothing */
    reviewPayout: (payout: unknown) => call<PayoutReview>('POST', '/payouts/review', payout),
    createPayout: (payout: unknown, idempotencyKey: string) =>
      call<AdminPayout>('POST', '/payouts', payout, { 'idempotency-key': idempotencyKey }),
    listPayouts: (cursor?: string) => call<PayoutPage>('GET', `/payouts${queryString({ cursor })}`),
    getPayout: (id: string) => call<AdminPayout>('GET', `/payouts/${encodeURIComponent(id)}`),
    listRecipients: () => call<RecipientList>('GET', '/recipients'),
    createRecipient: (recipient: unknown) => call<RecipientView>('POST', '/recipients', recipient),
    archiveRecipient: (id: string) => call<RecipientView>('POST', `/recipients/${encodeURIComponent(id)}/archive`),
    getMethods: () => call<AdminPaymentMethods>('GET', '/payment-methods'),
    putMethods: (methods: AdminPaymentMethod[]) => call<AdminPaymentMethods>('PUT', '/payment-methods', { methods }),
    getStats: (from: string, to: string) => call<OrderStats>('GET', `/stats${queryString({ from, to })}`),
    listDisputes: (q: { state?: string; due_within_days?: string; cursor?: string } = {}) =>
      call<DisputePage>('GET', `/disputes${queryString(q)}`),
    getDispute: (id: string) => call<DisputeDetail>('GET', `/disputes/${encodeURIComponent(id)}`),
    disputeSummary: () => call<DisputeSummary>('GET', '/disputes/summary'),
    /** the refunds that failed and were not sent again, newest first */
    failedRefunds: () => call<FailedRefundList>('GET', '/refunds?status=failed'),
    me: () => call<Me>('GET', '/me'),
    signIn: (body: { email: string; password: string; code?: string }) => call<Me>('POST', '/sign-in', body),
    /** spends a one-time link to set the password; the page then signs in with it */
    setPasswordWithLink: (token: string, password: string) => call<Welcomed>('POST', '/welcome', { token, password }),
    signOut: () => call<void>('POST', '/sign-out'),
    signOutEverywhere: () => call<SignedOutEverywhere>('POST', '/sign-out-everywhere'),
    startTotp: () => call<TotpEnrolment>('POST', '/me/totp'),
    confirmTotp: (code: string) => call<TotpConfirmed>('POST', '/me/totp/confirm', { code }),
    changePassword: (current_password: string, new_password: string) =>
      call<PasswordChanged>('POST', '/me/password', { current_password, new_password }),
    listUsers: () => call<TeamList>('GET', '/users'),
    addUser: (email: string, role: string) => call<TeamMemberWithLink>('POST', '/users', { email, role }),
    changeUser: (id: string, change: { role?: string; disabled?: boolean }) =>
      call<TeamMemberChanged>('PATCH', `/users/${encodeURIComponent(id)}`, change),
    resetPassword: (id: string) => call<TeamMemberWithLink>('POST', `/users/${encodeURIComponent(id)}/reset-password`),
    resetTotp: (id: string) => call<TeamMemberChanged>('POST', `/users/${encodeURIComponent(id)}/reset-2fa`),
    unlockUser: (id: string) => call<TeamMemberChanged>('POST', `/users/${encodeURIComponent(id)}/unlock`),
    listEvents: (
      q: { order_no?: string; type?: string; actor?: string; who?: 'people' | 'system' | 'all'; cursor?: string } = {},
    ) => call<AuditPage>('GET', `/events${queryString(q)}`),
    listKeys: () => call<ApiKeyList>('GET', '/keys'),
    /** the answer holds the key itself, this once */
    createKey: (name: string, role: string) => call<CreatedApiKey>('POST', '/keys', { name, role }),
    revokeKey: (id: string) => call<ApiKeyView>('DELETE', `/keys/${encodeURIComponent(id)}`),
    getSupportRefundLimits: () => call<SupportRefundLimits>('GET', '/settings/support-refund-limit'),
    putSupportRefundLimits: (limits: SupportRefundLimits['limits']) =>
      call<SupportRefundLimits>('PUT', '/settings/support-refund-limit', { limits }),
    getDoublePaymentRefund: () => call<DoublePaymentRefundSetting>('GET', '/settings/double-payment-refund'),
    putDoublePaymentRefund: (setting: DoublePaymentRefundSetting) =>
      call<DoublePaymentRefundSetting>('PUT', '/settings/double-payment-refund', setting),
    listShopEndpoints: () => call<ShopEndpointList>('GET', '/shop-endpoints'),
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
    testShopEndpoint: (id: string) => call<TestEventSent>('POST', `/shop-endpoints/${encodeURIComponent(id)}/test`),
    listShopDeliveries: (q: { endpoint_id?: string; status?: string; order_no?: string; limit?: number } = {}) =>
      call<ShopDeliveryList>('GET', `/shop-endpoints/deliveries${queryString(q)}`),
    resendShopDelivery: (id: string) =>
      call<DeliveryResent>('POST', `/shop-endpoints/deliveries/${encodeURIComponent(id)}/resend`),
  };
}

function queryString(q: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q) as [string, unknown][])
    if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
