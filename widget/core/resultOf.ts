import type { SessionView } from '../../shared/contract/session';
import { DECLINE_REASONS } from '../../shared/gateway/declineReason';
import { classifyStatus } from './classifyStatus';
import type { CheckoutResult } from './types';

/**
 * The result a session already holds (a reload after the APM issuer or the card frame), or undefined when the
 * shopper still has to pay. A status the widget does not know counts as pending: never invite a second payment
 * for an order whose outcome is unclear.
 */
export function resultOf(session: SessionView): CheckoutResult | undefined {
  const payment = session.payment;
  if (!payment) {
    const outcome = classifyStatus(session.status);
    return outcome ? { payment_id: '', order_no: session.order_no, status: session.status, outcome } : undefined;
  }
  return {
    payment_id: payment.payment_id,
    order_no: session.order_no,
    status: payment.status,
    outcome: classifyStatus(payment.status) ?? 'pending',
    ...(payment.message ? { message: payment.message } : {}),
    // a reason this widget has no words for (a newer backend) is left out: the shopper reads the general text
    ...(payment.reason && (DECLINE_REASONS as readonly string[]).includes(payment.reason)
      ? { reason: payment.reason }
      : {}),
    ...(payment.code ? { code: payment.code } : {}),
  };
}
