import { Hono } from 'hono';
import { z } from 'zod';
import type { BulkResult, OrderPage } from '../../../shared/contract/admin';
import type { ExtraPaymentRefund, OrderDetail } from '../../../shared/contract/adminOrders';
import { API_ERROR, type ErrorBody } from '../../../shared/contract/errors';
import { toDecimal } from '../../../shared/gateway/money';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/gateway/status';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { readSnapshot } from '../../store';
import { principalOf, requirePermission } from '../../team';
import { refundLimitFor } from '../../refunds';
import { sentOrdersOf } from '../attemptOrders';
import { listAttempts } from '../attempts';
import { findAuditEvents } from '../findAuditEvents';
import { countOrders, currentMethodsOf, listOrders } from '../listOrders';
import { findOrderByNo } from '../orders';
import { disputesOf, lostDisputeMinor } from '../../disputes';
import { alertsOfOrder } from '../paymentAlerts';
import { refundsOf } from '../../refunds';
import { refundExtraPayment } from '../../refunds';
import { retryRefund } from '../../refunds';
import { toAlertView } from '../toAlertView';
import { toDisputeView } from '../../disputes';
import { decodeCursor, nextCursor, pageLimit } from '../../http/cursor';
import { dayOrMoment, endOf, startOf } from '../../http/dateRange';
import { givenQuery } from '../../http/givenQuery';
import { maskAuditValue } from '../maskAuditValue';
import { toOrderView } from '../toOrderView';
import { describeRequest } from '../../http/describeRequest';
import { orderTimeline } from '../orderTimeline';
import { withoutDeviceFields } from '../withoutDeviceFields';

/** The orders list's filter and page (the export, server/orders/routes/exportOrders.ts, takes the same filter). */
export const listQuery = z.strictObject({
  status: z
    .enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]], { error: `must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  from: dayOrMoment.optional(),
  to: dayOrMoment.optional(),
  q: z.string().max(100, 'must be at most 100 characters').optional(),
  cursor: z.string().max(500).optional(),
  limit: pageLimit(100),
});

/** The most events an order's page shows; an order has a few dozen at most. */
const MAX_ORDER_EVENTS = 1000;

/** `GET /admin/api/orders` (filters, cursor pages) and `GET /admin/api/orders/:order_no` (with its history). */
export function orderRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .get('/', describeRequest({ query: listQuery }), requirePermission('orders.read'), async (c) => {
      const q = parseWith(listQuery, givenQuery(c.req.query()));
      const filter = { status: q.status, from: q.from && startOf(q.from), to: q.to && endOf(q.to), q: q.q };
      const rows = await listOrders(db, filter, { after: decodeCursor(q.cursor), limit: q.limit + 1 });
      const { page, next_cursor } = nextCursor(rows, q.limit, (o) => ({ at: o.created_at, id: o.id }));
      const lost = await lostDisputeMinor(
        db,
        page.map((o) => o.id),
      );
      const methods = await currentMethodsOf(db, page);
      const total = await countOrders(db, filter);
      return c.json<OrderPage>({
        // the card brand and last four are not stored (only the gateway's hosted page sees the card)
        orders: page.map((o) => ({ ...toOrderView(o, lost.get(o.id)), method: methods.get(o.id) ?? null })),
        next_cursor,
        total,
      });
    })
    .get('/:order_no', requirePermission('orders.read'), async (c) => {
      // one snapshot: the order's row, its attempts, alerts and refunds as of one moment (read apart, the order
      // could show no alert beside the alert a payment raised between two of the reads)
      const read = await readSnapshot(db, async (trx) => {
        const order = await findOrderByNo(trx, c.req.param('order_no'));
        if (!order) return undefined;
        const attempts = await listAttempts(trx, order.id);
        const events = await findAuditEvents(trx, {
          orderNos: [order.order_no, ...attempts.map((a) => a.gateway_order_no)],
          attemptIds: attempts.map((a) => a.id),
          limit: MAX_ORDER_EVENTS,
        });
        const refunds = await refundsOf(trx, [order.id]);
        const alerts = await alertsOfOrder(trx, order.id);
        const disputes = await disputesOf(trx, [order.id]);
        // what each attempt sent the gateway (masked), and what the gateway said about its subscription
        const sent = await sentOrdersOf(
          trx,
          attempts.map((a) => a.id),
        );
        return { order, attempts, events, refunds, alerts, disputes, sent };
      });
      if (!read) throw new ApiError(404, API_ERROR.not_found, `no order ${c.req.param('order_no')}`);
      const { order, attempts, events, refunds, alerts, disputes, sent } = read;
      const subscription = attempts.map((a) => sent.get(a.id)?.subscription_result).findLast((r) => r);
      // the shopper's cookies, fingerprint and IP are for the owner only (issue #32), masked as audit values are
      const owner = principalOf(c).role === 'owner';
      const sentOrder = (attemptId: string) => {
        const masked = maskAuditValue(sent.get(attemptId)?.payment_order ?? null) as Record<string, unknown> | null;
        if (owner || !masked) return { payment_order: masked, device_hidden: false };
        const { value, hidden } = withoutDeviceFields(masked);
        return { payment_order: value as Record<string, unknown>, device_hidden: hidden };
      };
      const current = attempts.find((a) => a.id === order.current_attempt_id) ?? attempts.at(-1);
      const carded = [...attempts].reverse().find((a) => a.card_brand && a.card_last4);
      const paidWith = current?.card_brand ? current : carded;
      return c.json<OrderDetail>({
        ...toOrderView(order, lostMinorOf(disputes)),
        card:
          paidWith?.card_brand && paidWith.card_last4
            ? { brand: paidWith.card_brand, last4: paidWith.card_last4 }
            : null,
        method: current?.method_id ?? null,
        timeline: orderTimeline(order, attempts, refunds, disputes, events),
        subscription_result: subscription ?? null,
        // a timeline in time order: ids follow insertion, but an event's time is taken when its transaction
        // starts, so two concurrent writers (a refund and its notification) can insert out of time order
        events: events
          .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : Number(a.id) - Number(b.id)))
          .map((e) => ({ at: e.at, type: e.kind, detail: maskAuditValue(e.summary) })),
        attempts: attempts.map((a) => ({
          id: a.id,
          seq: a.seq,
          gateway_order_no: a.gateway_order_no,
          method: a.method_id,
          status: a.status,
          payment_status: a.payment_status,
          transaction_id: a.transaction_id,
          message: a.message,
          created_at: a.created_at,
          updated_at: a.updated_at,
          ...sentOrder(a.id),
          subscription_result: sent.get(a.id)?.subscription_result ?? null,
          stranded: a.stranded_at !== null,
          abandoned: a.abandoned_at !== null,
        })),
        alerts: alerts.map((alert) =>
          toAlertView(
            alert,
            attempts.find((a) => a.id === alert.attempt_id),
            toDecimal(order.amount_minor, order.currency),
          ),
        ),
        // each refund with its own state: requested, received, accepted, succeeded or failed (message: why)
        refunds: refunds.map((r) => ({
          seq: r.seq,
          amount: toDecimal(r.amount_minor, r.currency),
          currency: r.currency,
          reason: r.reason,
          refund_reference: r.refund_reference,
          refund_reference_id: r.refund_reference_id,
          status: r.status,
          message: r.message,
          retry_of: r.request_key?.startsWith('retry-of:')
            ? (refunds.find((f) => f.id === r.request_key!.slice('retry-of:'.length))?.seq ?? null)
            : null,
          retried: refunds.some((f) => f.request_key === `retry-of:${r.id}`),
          created_at: r.created_at,
          updated_at: r.updated_at,
        })),
        disputes: disputes.map((d) => toDisputeView(d, order.order_no, deps.now())),
      });
    })
    .post('/:order_no/refunds/:seq/retry', requirePermission('orders.refund'), async (c) =>
      c.json<BulkResult>(
        await retryRefund(
          deps,
          c.req.param('order_no'),
          c.req.param('seq'),
          c.get('requestId'),
          await refundLimitFor(deps, principalOf(c)),
        ),
      ),
    )
    .post('/:order_no/alerts/:alert_id/refund', requirePermission('orders.refund'), async (c) => {
      const answer = await refundExtraPayment(
        deps,
        c.req.param('order_no'),
        c.req.param('alert_id'),
        c.get('requestId'),
        await refundLimitFor(deps, principalOf(c)),
      );
      return c.json<ExtraPaymentRefund | ErrorBody>(answer.body, answer.status);
    });
}

/** What an order's lost disputes took back, from its disputes already read. */
function lostMinorOf(disputes: readonly { outcome: string | null; amount_minor: number }[]): number {
  return disputes.filter((d) => d.outcome === 'lost').reduce((sum, d) => sum + d.amount_minor, 0);
}
