import type { ShopSessionStatus, ShopSessionView } from '../../shared/contract/shopApi';
import { toDecimal } from '../../shared/gateway/money';
import { loadOrderView } from '../orders';
import type { Db } from '../store';
import type { OrderRow } from '../orders';
import type { SessionRow } from './sessions';
import { PAID } from './startAttempt';

/**
 * What the shop's server sees of a session (`GET /api/sessions/:id` with a shop credential): where it stands and
 * the order's payment state, nothing of the widget's (methods, the shopper's prefill, saved cards).
 */
export async function viewSessionForShop(
  db: Db,
  session: SessionRow,
  order: OrderRow,
  now: Date,
): Promise<ShopSessionView> {
  return {
    id: session.id,
    status: sessionStatus(session, order, now),
    order_no: session.order_no,
    amount: toDecimal(session.amount_minor, session.currency),
    currency: session.currency,
    expires_at: session.expires_at,
    order: await loadOrderView(db, order),
  };
}

/** An accepted payment wins over the clock: one paid after the expiry (sessionExpiry.ts) still completes it. */
function sessionStatus(session: SessionRow, order: OrderRow, now: Date): ShopSessionStatus {
  if (PAID.includes(order.status)) return 'complete';
  return now.toISOString() >= session.expires_at ? 'expired' : 'open';
}
