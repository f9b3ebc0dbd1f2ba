import { toMinor } from '../../shared/gateway/money';
import type { OrderRow } from './orders';

/**
 * Does the gateway's amount and currency equal the order's? A status that comes with another amount is never
 * applied: it belongs to some other payment, or something is wrong at the gateway.
 */
export function matchesOrder(
  order: Pick<OrderRow, 'amount_minor' | 'currency'>,
  amount: unknown,
  currency: unknown,
): boolean {
  if (typeof amount !== 'string' || currency !== order.currency) return false;
  try {
    return toMinor(amount, order.currency) === order.amount_minor;
  } catch {
    return false;
  }
}
