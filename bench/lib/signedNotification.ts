import { DEMO_DEFAULTS } from '../../server/config';
import { sign } from '../../shared/gateway/hashNode';
import { PAYMENT_STATUS } from '../../shared/gateway/status';

export interface NotifiedOrder {
  /** the order_no the gateway knows: the backend's `<order_no>-<attempt>` */
  gatewayOrderNo: string;
  amount: string;
  currency: string;
}

/**
 * A PAYMENT notification as the gateway posts it (docs/protocol-decisions.md 6): an approved card on the demo account
 * (manual capture: 2000, authorised), signed with the demo key; the form body, url-encoded.
 */
export function signedNotification(order: NotifiedOrder, notifyId: string, transactionId: string): string {
  const fields: Record<string, string> = {
    notify_id: notifyId,
    notify_type: 'PAYMENT',
    merchant_id: DEMO_DEFAULTS.MERCHANT_ID,
    account_id: DEMO_DEFAULTS.ACCOUNT_ID,
    transaction_id: transactionId,
    order_no: order.gatewayOrderNo,
    currency: order.currency,
    amount: order.amount,
    payment_status: PAYMENT_STATUS.AUTHORISED,
    message: '0000:Approved',
    notify_time: new Date().toISOString().replace(/\D/g, '').slice(0, 14),
  };
  fields.encryption_data = sign('notification', fields, DEMO_DEFAULTS.SIGN_KEY);
  return new URLSearchParams(fields).toString();
}
