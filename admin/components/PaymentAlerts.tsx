import { useState } from 'preact/hooks';
import type { AdminApi, OrderDetail } from '../api/client';
import { errorText } from '../errorText';
import { ConfirmDialog } from './ConfirmDialog';
import { DateTime } from './DateTime';
import { formatAmount } from '../formatMoney';
import { useCan } from '../permissions';

type Alert = OrderDetail['alerts'][number];

const WHAT: Record<Alert['kind'], string> = {
  double_payment: 'Paid twice: this payment was taken while another payment of the order was already paid.',
  paid_after_expiry: 'Paid after the checkout session expired.',
};

/**
 * An order's payment alerts (issue #18), above everything else on its page: a double payment offers the refund
 * of the extra payment, in full, sent once however often it is pressed (the backend journals it by reference).
 */
export function PaymentAlerts({ api, order, onChanged }: { api: AdminApi; order: OrderDetail; onChanged: () => void }) {
  const [asking, setAsking] = useState<Alert | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const mayRefund = useCan()('orders.refund');
  if (!order.alerts?.length) return null;
  const refund = async (alert: Alert) => {
    setAsking(null);
    setBusy(true);
    try {
      const { alert: after } = await api.refundExtraPayment(order.order_no, alert.id);
      // refunds are asynchronous: received now, succeeded or failed once the gateway says so
      setMessage(
        after.refund?.status === 'succeeded'
          ? 'The extra payment was refunded.'
          : 'The refund of the extra payment was sent; it succeeds or fails in a moment.',
      );
    } catch (e) {
      setMessage(errorText(e));
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <section class="alerts" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Payment alerts</h2>
      <ul>
        {order.alerts.map((alert) => (
          <li key={alert.id} class="error">
            <DateTime iso={alert.created_at} /> {WHAT[alert.kind]} Payment{' '}
            <span class="mono">{alert.gateway_order_no ?? alert.attempt_id}</span>
            {alert.transaction_id && (
              <>
                {' '}
                (transaction <span class="mono">{alert.transaction_id}</span>)
              </>
            )}
            .{' '}
            {alert.refund && (
              <>
                Refund: {alert.refund.status}
                {alert.refund.message ? ` (${alert.refund.message})` : ''}.{' '}
              </>
            )}
            {mayRefund && alert.kind === 'double_payment' && alert.refund?.status !== 'succeeded' && (
              <button type="button" disabled={busy} onClick={() => setAsking(alert)}>
                {alert.refund?.status === 'pending'
                  ? 'Check the refund of the extra payment'
                  : 'Refund the extra payment'}
              </button>
            )}
          </li>
        ))}
      </ul>
      {message && <p role="status">{message}</p>}
      {asking && (
        <ConfirmDialog
          title="Refund the extra payment"
          confirmLabel="Refund"
          onCancel={() => setAsking(null)}
          onConfirm={() => void refund(asking)}
        >
          <p>
            The payment {asking.gateway_order_no} is refunded in full ({formatAmount(order.amount, order.currency)}).
            The order keeps its other payment.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
