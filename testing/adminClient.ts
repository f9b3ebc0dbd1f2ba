/**
 * The admin API as the shop owner's scripts use it (`Authorization: Bearer <admin token>`): what the owner sees
 * (orders, the audit log) and does (bulk actions, payouts, payment methods, sync). Tests read an order's state
 * here, where an owner would, rather than in the backend's database. `admin` returns any answer for the test to
 * judge; the typed readers fail on anything but success.
 */
import { vi } from 'vitest';
import type { OrderDetail, OrderPage, PaymentMethod } from '../admin/api/client';
import { maskCardNumbers } from '../server/maskCardNumbers';
import { adminTokenOf, type BackendRef, urlOf } from './backendRef';
import { callJson } from './shopClient';

/** A call to `/admin/api<path>` with the backend's admin token, or another `token` (null: none) to test refusals. */
export function admin(
  backend: BackendRef,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string | null } = {},
) {
  const token = init.token === undefined ? adminTokenOf(backend) : init.token;
  return callJson(`${urlOf(backend)}/admin/api${path}`, {
    ...(init.method ? { method: init.method } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...init.headers },
  });
}

/** The answer's body, or an error naming the call and the status. */
async function adminJson<T>(backend: BackendRef, method: string, path: string, body?: unknown): Promise<T> {
  const res = await admin(backend, path, { method, ...(body === undefined ? {} : { body }) });
  if (res.status < 200 || res.status > 299)
    throw new Error(`admin API ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body as T;
}

/** An order as the admin API shows it, with its refunds typed. */
export type OrderView = Omit<OrderDetail, 'refunds'> & {
  refunds: { status: string; amount: string; refund_reference: string }[];
};

export function orderOf(backend: BackendRef, orderNo: string): Promise<OrderView> {
  return adminJson(backend, 'GET', `/orders/${encodeURIComponent(orderNo)}`);
}

/** Polls the order until `done` holds (a notification or a reconcile pass moves it asynchronously). */
export async function orderWhen(
  backend: BackendRef,
  orderNo: string,
  done: (o: OrderView) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<OrderView> {
  let last: OrderView | undefined;
  try {
    return await vi.waitFor(
      async () => {
        last = await orderOf(backend, orderNo);
        if (!done(last)) throw new Error('not yet');
        return last;
      },
      { timeout: timeoutMs, interval: 50 },
    );
  } catch {
    throw new Error(
      `timed out after ${timeoutMs} ms waiting for order ${orderNo}: ${what}; last seen: ${JSON.stringify(last && { status: last.status, captured: last.captured, refunded: last.refunded, attempts: last.attempts })}`,
    );
  }
}

/** The order once it has `status`. */
export function orderIn(backend: BackendRef, orderNo: string, status: string, timeoutMs?: number): Promise<OrderView> {
  return orderWhen(backend, orderNo, (o) => o.status === status, `status ${status}`, timeoutMs);
}

/**
 * The order once every refund it has is final (succeeded or failed): refunds are asynchronous at the gateway,
 * and the admin's answer to a refund says only that the gateway received it.
 */
export function refundsFinal(backend: BackendRef, orderNo: string, timeoutMs?: number): Promise<OrderView> {
  return orderWhen(
    backend,
    orderNo,
    (o) => o.refunds.length > 0 && o.refunds.every((r) => r.status === 'succeeded' || r.status === 'failed'),
    'every refund final',
    timeoutMs,
  );
}

export function listOrders(backend: BackendRef, query = ''): Promise<OrderPage> {
  return adminJson(backend, 'GET', `/orders${query ? `?${query}` : ''}`);
}

/** The newest order (the one the test just created). */
export async function newestOrderNo(backend: BackendRef): Promise<string> {
  const first = (await listOrders(backend, 'limit=1')).orders[0];
  if (!first) throw new Error('admin API: no order yet');
  return first.order_no;
}

export function listPayouts(backend: BackendRef): Promise<{ payouts: unknown[] }> {
  return adminJson(backend, 'GET', '/payouts');
}

export function paymentMethods(backend: BackendRef): Promise<{ methods: PaymentMethod[] }> {
  return adminJson(backend, 'GET', '/payment-methods');
}

export function putPaymentMethods(
  backend: BackendRef,
  methods: PaymentMethod[],
): Promise<{ methods: PaymentMethod[] }> {
  return adminJson(backend, 'PUT', '/payment-methods', { methods });
}

/**
 * An audit line as the backend stores it: summaries pass the card-number mask, which also hides a notify_id (a
 * UUID) whose digits happen to run like a card number (about 1 in 300).
 */
export function auditLine(text: string): string {
  return maskCardNumbers(text);
}

export interface AuditEventView {
  id: number;
  type: string;
  summary: string;
  order_no?: string;
  detail?: unknown;
  /** who did it: `key:<prefix>`, `user:<email>`, `env:ADMIN_TOKEN`; absent for what the gateway did */
  actor?: string;
}

/** The audit log of one order (its payment attempts included), oldest first, as the owner reads it. */
export async function auditOf(backend: BackendRef, orderNo: string): Promise<AuditEventView[]> {
  const { events } = await adminJson<{ events: AuditEventView[] }>(
    backend,
    'GET',
    `/events?order_no=${encodeURIComponent(orderNo)}&limit=200`,
  );
  return events.reverse();
}

/** Summaries of the audit log, one string per event (`type: summary`), for readable assertions. */
export async function auditLines(backend: BackendRef, orderNo: string): Promise<string[]> {
  return (await auditOf(backend, orderNo)).map((e) => `${e.type}: ${e.summary}`);
}

/** The newest gateway calls of the whole audit log (calls about many orders belong to none of them). */
export async function gatewayCalls(backend: BackendRef): Promise<AuditEventView[]> {
  return (await adminJson<{ events: AuditEventView[] }>(backend, 'GET', '/events?type=gateway_call&limit=200')).events;
}
