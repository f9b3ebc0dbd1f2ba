import { callJson } from '../../testing/shopClient';
import type { Backend } from '../../testing/startBackend';

/** A call to the admin API with the backend's admin token (or another `token`, to test refusals). */
export function admin(
  backend: Backend,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string | null } = {},
) {
  const token = init.token === undefined ? backend.config.adminToken : init.token;
  return callJson(`${backend.url}/admin/api${path}`, {
    ...(init.method ? { method: init.method } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...init.headers },
  });
}

/** What the sandbox itself received: how many calls to `endpoint` (e.g. /v1/refund), optionally about one order. */
export async function gatewayRequestCount(sandboxUrl: string, endpoint: string, orderNo?: string): Promise<number> {
  const q = new URLSearchParams({ endpoint, ...(orderNo ? { order_no: orderNo } : {}) });
  const res = await fetch(`${sandboxUrl}/sandbox/requests/count?${q}`);
  return ((await res.json()) as { count: number }).count;
}

/** The sandbox's own record of a payment, with its refunds. */
export async function gatewayTransaction(sandboxUrl: string, gatewayOrderNo: string): Promise<any> {
  const res = await fetch(`${sandboxUrl}/sandbox/transactions?order_no=${encodeURIComponent(gatewayOrderNo)}`);
  return ((await res.json()) as { transactions: any[] }).transactions[0];
}
