import type { SessionView } from '../../shared/contract/session';
import { toDecimal } from '../../shared/gateway/money';
import type { Db } from '../store/db';
import { findAttempt } from '../store/attempts';
import type { OrderRow } from '../store/orders';
import { listPaymentMethods } from '../store/paymentMethods';
import type { SessionRow } from '../store/sessions';
import { methodFits, toMethodView } from './applicableMethods';

/** What the widget shows for a session (`GET /api/sessions/:id`). */
export async function viewSession(db: Db, session: SessionRow, order: OrderRow): Promise<SessionView> {
  const fit = { country: session.country, currency: session.currency, amountMinor: session.amount_minor };
  const methods = (await listPaymentMethods(db)).filter((m) => methodFits(m, fit)).map((m) => toMethodView(m, session.locale));
  const attempt = order.current_attempt_id ? await findAttempt(db, order.current_attempt_id) : undefined;
  return {
    id: session.id,
    order_no: session.order_no,
    status: order.status,
    amount: toDecimal(session.amount_minor, session.currency),
    currency: session.currency,
    items: (JSON.parse(session.items) as SessionView['items']).map(({ name, sku, unit_price, quantity }) => ({ name, sku, unit_price, quantity })),
    ...(session.country ? { country: session.country } : {}),
    ...(session.locale ? { locale: session.locale } : {}),
    ...(session.shopper ? { shopper: JSON.parse(session.shopper) as SessionView['shopper'] } : {}),
    methods,
    expires_at: session.expires_at,
    ...(attempt ? { payment: { payment_id: attempt.id, status: attempt.status, ...(attempt.message ? { message: attempt.message } : {}) } } : {}),
  };
}
