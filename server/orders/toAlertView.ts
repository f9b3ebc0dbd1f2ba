import type { AdminPaymentAlert } from '../../shared/contract/admin';
import type { AttemptRow } from './attempts';
import type { PaymentAlertRow } from './paymentAlerts';

/** A payment alert as the admin API shows it, with the attempt it is about and the refund offered for it. */
export type AlertView = AdminPaymentAlert;

export function toAlertView(
  alert: PaymentAlertRow,
  attempt: AttemptRow | undefined,
  amount: string | null = null,
): AlertView {
  return {
    id: alert.id,
    kind: alert.kind,
    attempt_id: alert.attempt_id,
    gateway_order_no: attempt?.gateway_order_no ?? null,
    transaction_id: attempt?.transaction_id ?? null,
    other_attempt_id: alert.other_attempt_id,
    created_at: alert.created_at,
    refund: alert.refund_status
      ? { status: alert.refund_status, reference: alert.refund_reference, message: alert.refund_message, amount }
      : null,
  };
}
