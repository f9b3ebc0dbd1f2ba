import { useState } from 'preact/hooks';
import type { AdminApi, OrderDetail } from '../api/client';
import { parseGatewayMessage } from '../../shared/gateway/errors';
import { errorText } from '../errorText';
import { DateTime } from './DateTime';
import { TableScroll } from './Table';
import { formatAmount } from '../formatMoney';
import { useCan } from '../permissions';

/** What each refund state means to the owner: refunds are asynchronous at the gateway. */
const STATE: Record<string, string> = {
  // journalled and sent, without a clear answer yet (a 503, a time-out): the backend asks the gateway by the
  // refund's reference (next request, sync, reconcile). Never "failed": it may well have been refunded.
  requested: 'Not known yet, being checked',
  received: 'Received by the gateway',
  accepted: 'Accepted, result pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/**
 * An order's refunds, each in its own state, with the reason of a failed one and a Retry button for it: the
 * retry is a new refund of the same amount (the failed one moved no money), sent once however often it is
 * pressed. A refund still on its way cannot be retried: it may still succeed.
 */
export function OrderRefunds({ api, order, onChanged }: { api: AdminApi; order: OrderDetail; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const mayRefund = useCan()('orders.refund');
  if (!order.refunds?.length) return <p>No refunds.</p>;
  const retry = async (seq: number) => {
    setBusy(true);
    try {
      const result = await api.retryRefund(order.order_no, seq);
      setMessage(
        result.ok
          ? `Refund ${seq} was sent again as a new refund; it succeeds or fails in a moment.`
          : `Refund ${seq} was not sent again: ${result.error.message}`,
      );
    } catch (e) {
      setMessage(errorText(e));
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <>
      <TableScroll label="Refunds">
        <table>
          <caption>Refunds</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">Reason</th>
              <th scope="col">Reference</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.refunds.map((r) => (
              <tr key={r.seq} class={r.status === 'failed' ? 'error' : undefined}>
                <td>
                  {r.seq}
                  {r.retry_of !== null && ` (retry of ${r.retry_of})`}
                </td>
                <td>{formatAmount(r.amount, r.currency)}</td>
                <td>{STATE[r.status] ?? r.status}</td>
                <td>
                  {r.reason ?? '–'}
                  {r.status === 'failed' && r.message && <div>Failed: {inWords(r.message)}</div>}
                </td>
                <td class="mono">{r.refund_reference_id ?? r.refund_reference}</td>
                <td>
                  <DateTime iso={r.updated_at} />
                </td>
                <td>
                  {mayRefund && r.status === 'failed' && !r.retried && r.seq !== null && (
                    <button type="button" disabled={busy} onClick={() => void retry(r.seq!)}>
                      Retry refund {r.seq}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {message && <p role="status">{message}</p>}
    </>
  );
}

/** "B0002:Refund amount over ..." as its words, the gateway's code on hover (support asks for it). */
function inWords(message: string) {
  const { code, text } = parseGatewayMessage(message);
  // only a code-shaped prefix is a code: "Refund failed: the issuer ..." is all words
  return /^[A-Z]\d{4}$/.test(code) ? <span title={code}>{text}</span> : message;
}
