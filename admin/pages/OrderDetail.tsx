import { useEffect, useState } from 'preact/hooks';
import { daysLeftText } from '../daysLeftText';
import type { AdminApi, BulkAction, OrderDetail as Order } from '../api/client';
import { BulkDialog } from '../components/BulkDialog';
import { DateTime } from '../components/DateTime';
import { OrderRefunds } from '../components/OrderRefunds';
import { OrderSummary } from '../components/OrderSummary';
import { OrderTimeline } from '../components/OrderTimeline';
import { PaymentAlerts } from '../components/PaymentAlerts';
import { RecordTable, show } from '../components/RecordTable';
import { RunStatus } from '../components/RunStatus';
import { SentPaymentOrders } from '../components/SentPaymentOrders';
import { SubscriptionResult } from '../components/SubscriptionResult';
import { StatusBadge } from '../components/StatusBadge';
import { errorText } from '../errorText';
import { ACTION_PERMISSION, useCan } from '../permissions';
import { isEligible } from '../planBulk';
import { href } from '../route';
import { useBulkRun } from '../useBulkRun';
import { useTitle } from '../useTitle';
import { formatAmount } from '../formatMoney';
import { gatewayMessageText } from '../gatewayMessageText';

const ACTIONS: { action: BulkAction; label: string }[] = [
  { action: 'capture', label: 'Capture' },
  { action: 'cancel', label: 'Cancel' },
  { action: 'review', label: 'Review' },
  { action: 'refund', label: 'Refund' },
];

/** Refund states that are not final yet, and how often the page looks again while one is shown. */
const IN_FLIGHT = ['requested', 'received', 'accepted'];
const REFRESH_MS = 2_000;

/**
 * One order, in the owner's words first: a summary sentence (how it was paid, how much, who captured it when), its
 * amounts, the actions its status allows, its timeline in words, its disputes and refunds; the gateway's own
 * terms (attempts, the payment order sent, the audit lines) are folded under "Technical details".
 */
export function OrderDetail({ api, orderNo }: { api: AdminApi; orderNo: string }) {
  const can = useCan();
  useTitle(`Order ${orderNo}`);
  const [loaded, setOrder] = useState<Order | null>(null);
  // what was loaded for another order never shows under this one's heading: not while this one loads, and not
  // when an earlier answer arrives late (a slow connection)
  const order = loaded?.order_no === orderNo ? loaded : null;
  const [error, setError] = useState<{ orderNo: string; text: string }>();
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  /** the order the shown run (progress, results) belongs to */
  const [runFor, setRunFor] = useState<string>();
  const run = useBulkRun(api, () => setReload((n) => n + 1));

  useEffect(() => {
    // another order: nothing of the previous one's dialog or results stays
    setDialog(null);
    run.close();
  }, [orderNo]);

  useEffect(() => {
    let live = true;
    api.getOrder(orderNo).then(
      (o) => live && o.order_no === orderNo && setOrder(o),
      (e) => live && setError({ orderNo, text: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [orderNo, reload]);

  // a refund on its way (the order's, or an alert's extra payment's) succeeds or fails at the gateway a moment
  // later: look again until none is left in flight
  const refundsInFlight =
    (order?.refunds?.some((r) => IN_FLIGHT.includes(r.status)) ||
      order?.alerts?.some((a) => a.refund?.status === 'pending')) ??
    false;
  useEffect(() => {
    if (!refundsInFlight) return;
    const timer = setTimeout(() => setReload((n) => n + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [order, refundsInFlight]);

  const busy = run.progress !== null;
  const events = [...(order?.events ?? [])].sort((a, b) => a.at.localeCompare(b.at));
  // the sent order and the subscription have their own sections below, not a column of the attempts table
  // the gateway's message in words, its code in a column of its own (support asks for the code)
  const attemptRows = (order?.attempts ?? []).map(
    ({ payment_order: _sent, subscription_result: _sub, device_hidden: _d, ...row }) => {
      const { text, code } = gatewayMessageText(row.message);
      return { ...row, message: text, gateway_code: code ?? '' };
    },
  );
  const subscription = order?.subscription_result;
  return (
    <>
      <p>
        <a href={href('orders')}>← All orders</a>
      </p>
      <h1 tabIndex={-1}>Order {orderNo}</h1>
      {error?.orderNo === orderNo && (
        <p class="error" role="alert">
          {error.text}
        </p>
      )}
      {!order && !error && <p aria-busy="true">Loading order {orderNo}…</p>}
      {order && (
        <>
          <PaymentAlerts api={api} order={order} onChanged={() => setReload((n) => n + 1)} />
          <OrderSummary order={order} />
          <dl class="fields summary-fields">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.status} />
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{formatAmount(order.amount, order.currency)}</dd>
            </div>
            <div>
              <dt>Captured</dt>
              <dd>{order.captured ?? '–'}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{order.refunded ?? '–'}</dd>
            </div>
            {order.lost_in_disputes && (
              <div>
                <dt>Lost in disputes</dt>
                <dd>{order.lost_in_disputes}</dd>
              </div>
            )}
            <div>
              <dt>Customer</dt>
              <dd>{order.email ?? '–'}</dd>
            </div>
            <div>
              <dt>Transaction</dt>
              <dd class="mono">{order.transaction_id ?? '–'}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <DateTime iso={order.created_at} />
              </dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>
                <DateTime iso={order.updated_at} />
              </dd>
            </div>
          </dl>
          <fieldset class="actions" aria-label="Actions for this order">
            {ACTIONS.filter((a) => isEligible(a.action, order.status) && can(ACTION_PERMISSION[a.action])).map((a) => (
              <button key={a.action} type="button" disabled={busy} onClick={() => setDialog(a.action)}>
                {a.label}
              </button>
            ))}
            {can('orders.sync') && (
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  setRunFor(orderNo);
                  void run.run('sync', [{ order_no: orderNo }]);
                }}
              >
                Sync with gateway
              </button>
            )}
            <a href={href('events', { order_no: orderNo, who: 'all' })}>Audit log of this order</a>
          </fieldset>
          {runFor === orderNo && <RunStatus run={run} />}
          <h2>Timeline</h2>
          <OrderTimeline entries={order.timeline ?? []} />
          {subscription && (
            <>
              <h2>Subscription</h2>
              <SubscriptionResult result={subscription} />
            </>
          )}
          <h2>Disputes</h2>
          {order.disputes?.length ? (
            <RecordTable
              caption="Disputes"
              records={order.disputes.map((d) => ({
                dispute: d.dispute_id,
                amount: formatAmount(d.amount, d.currency),
                reason: `${d.reason_code} ${d.reason}`,
                respond_by: d.respond_by,
                state: d.outcome ?? (d.days_left === null ? d.state : `open, ${daysLeftText(d.days_left)} left`),
              }))}
            />
          ) : (
            <p>No disputes.</p>
          )}
          <h2>Refunds</h2>
          <OrderRefunds api={api} order={order} onChanged={() => setReload((n) => n + 1)} />
          <details class="technical">
            <summary>Technical details</summary>
            <p class="hint">
              What the gateway and the backend recorded, in their own terms, for support and engineers.
            </p>
            <h3>Payment attempts</h3>
            {attemptRows.length ? (
              <RecordTable caption="Payment attempts" records={attemptRows} />
            ) : (
              <p>No payment attempts.</p>
            )}
            <h3>Payment order sent</h3>
            <SentPaymentOrders attempts={order.attempts ?? []} />
            <h3>Audit lines</h3>
            {events.length === 0 ? (
              <p>No audit lines yet.</p>
            ) : (
              <ol class="timeline">
                {events.map((e, i) => (
                  <li key={i}>
                    <DateTime iso={e.at} /> <strong>{e.type}</strong>
                    {e.detail !== undefined && e.detail !== null && <span class="detail">{show(e.detail)}</span>}
                  </li>
                ))}
              </ol>
            )}
          </details>
          {dialog && (
            <BulkDialog
              action={dialog}
              orders={[order]}
              openDispute={openDisputeOf(order)}
              onCancel={() => setDialog(null)}
              onConfirm={(plan) => {
                setDialog(null);
                // the plan names the orders it was made for; one made for another order is never sent
                if (plan.items.some((i) => i.order_no !== order.order_no)) return;
                setRunFor(orderNo);
                void run.run(dialog, plan.items, plan.skipped);
              }}
            />
          )}
        </>
      )}
    </>
  );
}

/** The order's open chargeback, if any, for the refund dialog to warn about and confirm against. */
function openDisputeOf(order: Order): { id: string; amount: string } | undefined {
  const open = order.disputes?.find((d) => d.state === 'open');
  return open ? { id: open.dispute_id, amount: formatAmount(open.amount, open.currency) } : undefined;
}
