import { maskSecretField, NOT_SECRET, putField } from '../gateway';
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
  return maskValue(fields, '') as Record<string, unknown>;
}

// one pass and one copy: the name masks of maskFields, and card-like numbers in the strings they leave (it was
// maskFields' copy, then a second copy built through Object.entries; issue #36)
function maskValue(value: unknown, key: string): unknown {
  if (typeof value === 'string') return VERBATIM.has(key) ? value : maskCardNumbers(value);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, ''));
  if (value === null || typeof value !== 'object') return value;
  const fields = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) {
    const secret = maskSecretField(name, fields[name]);
    putField(out, name, secret === NOT_SECRET ? maskValue(fields[name], name) : secret);
  }
  return out;
}
