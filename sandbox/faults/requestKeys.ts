import { splitList } from '../http/splitList';
import type { FaultKeys } from './createFaultSwitch';

/**
 * The account and order numbers a `/v1/*` request names, read leniently from its body before any route has
 * checked it, so a rule scoped to an account or an order can fire before the gateway does anything. Mirrors
 * what the routes put in the request log: `order_no` (payments), `orderNo`/`gatewayNo` (the loading page's
 * post), `orders` (query), `refund_orders` (refund search), each item's `order_no` (batches), `request_id` (payout). A body that does not parse
 * names nothing; only unscoped rules can match it.
 */
export function requestKeys(body: string, contentType: string): FaultKeys {
  const fields = parse(body, contentType);
  const accountId = str(fields.account_id) ?? str(fields.gatewayNo);
  const orderNos = new Set<string>();
  for (const name of ['order_no', 'orderNo', 'request_id']) {
    const value = str(fields[name]);
    if (value) orderNos.add(value);
  }
  for (const name of ['orders', 'refund_orders']) for (const value of splitList(fields[name])) orderNos.add(value);
  for (const value of Object.values(fields)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      const orderNo =
        typeof item === 'object' && item !== null ? str((item as Record<string, unknown>).order_no) : undefined;
      if (orderNo) orderNos.add(orderNo);
    }
  }
  return { accountId, orderNos: [...orderNos] };
}

function parse(body: string, contentType: string): Record<string, unknown> {
  // as the routes read it: a JSON document is JSON whatever the header says (docs/gateway-evidence.md 1)
  if (/^\s*\{/.test(body) || contentType.toLowerCase().includes('json')) {
    try {
      const value: unknown = JSON.parse(body);
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
