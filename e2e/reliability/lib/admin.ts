/**
 * The admin API by URL, with the demo admin token: what the shop owner sees (order state, audit log) and does
 * (bulk actions, payouts, sync). Answers are returned whatever their status; the tests judge them.
 */
import { DEMO_DEFAULTS } from '../../../server/config';
import { maskCardNumbers } from '../../../server/maskCardNumbers';
import { callJson } from '../../../server/testing/shopClient';

/**
 * An audit line as the backend stores it: summaries pass the card-number mask, which also hides a notify_id (a
 * UUID) whose digits happen to run like a card number (about 1 in 300).
 */
export function auditLine(text: string): string {
  return maskCardNumbers(text);
}

export function adminCall(
  backendUrl: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return callJson(`${backendUrl}/admin/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}`, ...init.headers },
  });
}

export interface OrderView {
  order_no: string;
  status: string;
  refunded?: string;
  captured?: string;
  events: { at: string; type: string; detail: string }[];
  attempts: { id: string; gateway_order_no: string; status: string; transaction_id: string | null }[];
  refunds: { status: string; amount: string; refund_reference: string }[];
}

export async function orderOf(backendUrl: string, orderNo: string): Promise<OrderView> {
  const res = await adminCall(backendUrl, `/orders/${encodeURIComponent(orderNo)}`);
  if (res.status !== 200) throw new Error(`admin: order ${orderNo}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as OrderView;
}

export interface AuditEventView {
  id: number;
  type: string;
  summary: string;
  order_no?: string;
  detail?: unknown;
}

/** The audit log of one order (its payment attempts included), oldest first, as the owner reads it. */
export async function auditOf(backendUrl: string, orderNo: string): Promise<AuditEventView[]> {
  const res = await adminCall(backendUrl, `/events?order_no=${encodeURIComponent(orderNo)}&limit=200`);
  if (res.status !== 200) throw new Error(`admin: events of ${orderNo}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.events as AuditEventView[]).reverse();
}

/** Summaries of the audit log, one string per event (`type: summary`), for readable assertions. */
export async function auditLines(backendUrl: string, orderNo: string): Promise<string[]> {
  return (await auditOf(backendUrl, orderNo)).map((e) => `${e.type}: ${e.summary}`);
}

/** The newest gateway calls of the whole audit log (calls about many orders belong to none of them). */
export async function gatewayCalls(backendUrl: string): Promise<AuditEventView[]> {
  const res = await adminCall(backendUrl, '/events?type=gateway_call&limit=200');
  if (res.status !== 200) throw new Error(`admin: events: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.events as AuditEventView[];
}
