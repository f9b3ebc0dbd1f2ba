import type { PaymentMethodView, SessionView } from '../../shared/contract/session';
import { type DeclineReason, declineReasonOf, gatewayCodeOf } from '../../shared/gateway/declineReason';
import { installmentAmounts } from '../../shared/gateway/installmentAmounts';
import { toDecimal } from '../../shared/gateway/money';
import type { Db } from '../store';
import { type AttemptRow, findAttempt } from '../orders';
import type { OrderRow } from '../orders';
import { installmentPlansOf } from '../methods';
import { listPaymentMethods } from '../methods';
import { listSavedCards } from './savedCards';
import { findSessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';
import { methodFits, toMethodView } from '../methods';
import { alertsOfOrder } from '../orders';
import { autoRefundAt, doublePaymentRefundSetting } from '../refunds';

/**
 * What the widget shows for a session (`GET /api/sessions/:id`). Method labels are in `displayLocale` (the
 * language the widget renders in) or else the session's locale, falling back to English.
 */
export async function viewSession(
  db: Db,
  session: SessionRow,
  order: OrderRow,
  displayLocale: string | undefined,
  now: Date,
): Promise<SessionView> {
  const labelLocale = displayLocale ?? session.locale;
  const fit = { country: session.country, currency: session.currency, amountMinor: session.amount_minor };
  const fitting = (await listPaymentMethods(db)).filter((m) => methodFits(m, fit));
  const extras = await findSessionExtras(db, session.id);
  const plans = await installmentPlansOf(
    db,
    fitting.map((m) => m.id),
  );
  const savedCards = session.shopper_id ? await listSavedCards(db, session.shopper_id) : [];
  // the card choices (installments, saved cards, "save my card") belong to the card iFrame only
  const cardChoices = (): Partial<PaymentMethodView> => ({
    ...(savedCards.length
      ? { saved_cards: savedCards.map((c) => ({ id: c.id, ...(c.label ? { label: c.label } : {}) })) }
      : {}),
    ...(extras.allow_save_card && session.shopper_id ? { save_card: true } : {}),
  });
  const methods = fitting.map((m) => {
    if (m.kind !== 'card') return toMethodView(m, labelLocale);
    const offered = plans.get(m.id) ?? [];
    const money = (minor: number) => toDecimal(minor, session.currency);
    const terms = offered.map((p) => {
      const { each, total } = installmentAmounts(session.amount_minor, p.count, p.interest_bp);
      return { count: p.count, each: money(each), total: money(total) };
    });
    return {
      ...toMethodView(m, labelLocale),
      ...(offered.length ? { installments: offered.map((p) => p.count), installment_terms: terms } : {}),
      ...cardChoices(),
    };
  });
  const sub = extras.subscription;
  const current = order.current_attempt_id ? await findAttempt(db, order.current_attempt_id) : undefined;
  // an attempt the shopper left while pending (abandonPayment), or whose page never reached them (stranded), is
  // no longer theirs to wait for: the form is shown again; should it be paid after all, its new status shows
  const left = (current?.abandoned_at || current?.stranded_at) && current.status === 'pending';
  const attempt = left ? undefined : current;
  const extra = await extraPaymentOf(db, order);
  return {
    id: session.id,
    order_no: session.order_no,
    status: left ? 'created' : order.status,
    amount: toDecimal(session.amount_minor, session.currency),
    currency: session.currency,
    items: (JSON.parse(session.items) as SessionView['items']).map(({ name, sku, unit_price, quantity }) => ({
      name,
      sku,
      unit_price,
      quantity,
    })),
    ...(session.country ? { country: session.country } : {}),
    ...(session.locale ? { locale: session.locale } : {}),
    ...(session.shopper ? { shopper: JSON.parse(session.shopper) as SessionView['shopper'] } : {}),
    methods,
    ...(sub
      ? {
          subscription: {
            contract_name: sub.contract_name,
            contract_amount: sub.contract_amount,
            interval: sub.interval,
            interval_count: sub.interval_count,
            ...(sub.contract_start ? { contract_start: sub.contract_start } : {}),
            ...(sub.contract_end ? { contract_end: sub.contract_end } : {}),
            ...(sub.billing_cycle !== undefined ? { billing_cycle: sub.billing_cycle } : {}),
            ...(sub.promotion_cycle !== undefined ? { promotion_cycle: sub.promotion_cycle } : {}),
          },
        }
      : {}),
    expires_at: session.expires_at,
    // nothing left to pay and nothing paid: the widget shows "expired", not a form
    ...(now.toISOString() >= session.expires_at && !attempt && order.status === 'created'
      ? { expired: true as const }
      : {}),
    ...(session.return_url ? { return_url: session.return_url } : {}),
    ...(extra ? { extra_payment: extra } : {}),
    ...(attempt
      ? {
          payment: {
            payment_id: attempt.id,
            status: attempt.status,
            ...paymentMessage(attempt),
            method: attempt.method_id,
            ...(attempt.status === 'pending' && attempt.kind === 'apm' && attempt.redirect_url
              ? { redirect_url: attempt.redirect_url }
              : {}),
          },
        }
      : {}),
  };
}

/**
 * The order's double payment, if any, as the shopper may know it: the amount and how it is given back. Scheduled
 * only for a paid extra payment under the owner's automatic refund (an authorised one is the shop's to cancel).
 */
export async function extraPaymentOf(db: Db, order: OrderRow): Promise<SessionView['extra_payment']> {
  if (order.alert !== 'double_payment') return undefined;
  const alert = (await alertsOfOrder(db, order.id)).findLast((a) => a.kind === 'double_payment');
  if (!alert) return undefined;
  const money = { amount: toDecimal(order.amount_minor, order.currency), currency: order.currency };
  if (alert.refund_status === 'succeeded') return { ...money, refund: 'refunded' };
  if (alert.refund_status === 'pending') return { ...money, refund: 'pending' };
  const at = autoRefundAt(await doublePaymentRefundSetting(db), alert.created_at);
  const extra = await findAttempt(db, alert.attempt_id);
  return at && !alert.refund_status && extra?.status === 'paid'
    ? { ...money, refund: 'scheduled', refund_at: at }
    : { ...money, refund: 'shop' };
}

/**
 * What the browser may learn of an attempt's message: the gateway's own `<code>:<text>` (a failed one with its
 * reason), never our text of a call that was not sent, which names hosts and errors of the backend's network.
 */
function paymentMessage(attempt: AttemptRow): { message?: string; reason?: DeclineReason; code?: string } {
  const fromGateway = gatewayCodeOf(attempt.message ?? undefined) ? { message: attempt.message! } : {};
  if (attempt.status !== 'declined' && attempt.status !== 'cancelled') return fromGateway;
  const why = declineReasonOf(attempt.message ?? undefined);
  // a cancel without a gateway message (the owner's, a session that ran out) is still a cancel, not a fault
  if (attempt.status === 'cancelled' && !why.code) why.reason = 'cancelled';
  return { ...fromGateway, ...why };
}
