import type { Logger } from '../log';
import type { RaisedAlert } from './raisePaymentAlerts';

/**
 * One log line per alert, after its transaction committed (a retried transaction would log twice). A double
 * payment is an error (money taken twice, a person must refund it); a payment after expiry, a warning. The metric
 * `merchant_payment_alerts` counts them from the store.
 */
export function logAlerts(log: Logger, alerts: readonly RaisedAlert[] | undefined, requestId?: string): void {
  for (const alert of alerts ?? []) {
    const fields = {
      requestId,
      alertId: alert.id,
      alert: alert.kind,
      order_no: alert.order_no,
      attemptId: alert.attempt_id,
      gatewayOrderNo: alert.gateway_order_no,
    };
    if (alert.kind === 'double_payment') log.error(fields, alert.summary);
    else log.warn(fields, alert.summary);
  }
}
