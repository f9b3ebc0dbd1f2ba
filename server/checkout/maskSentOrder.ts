import { maskFields } from '../gateway';
import { maskCardNumbers } from '../maskCardNumbers';

/**
 * Identifiers the owner reads back from the stored order exactly; shop-assigned, never typed by a shopper. A
 * 13-digit order number (the docs' examples are millisecond timestamps) passes Luhn one time in ten.
 */
const VERBATIM = new Set(['order_no', 'shopper_id', 'session_id', 'merchant_id', 'account_id', 'price_id', 'quote_id']);

/**
 * The payment order as attempt_orders keeps it (server/orders/attemptOrders.ts): the log's field masks (signatures,
 * documents, tokens), and card-like numbers masked in every other string, at any depth, because a shopper can
 * type one into any free field (an address line, a name). Nothing reads this copy back to send it, so an
 * accidental match costs only a few digits of a record.
 */
export function maskSentOrder(fields: object): Record<string, unknown> {
  return maskStrings(maskFields(fields)) as Record<string, unknown>;
}

function maskStrings(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return VERBATIM.has(key) ? value : maskCardNumbers(value);
  if (Array.isArray(value)) return value.map((v) => maskStrings(v));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v, k)]));
}
