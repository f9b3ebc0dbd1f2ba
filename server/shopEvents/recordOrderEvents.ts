import type { ShopEventType } from '../../shared/contract/shopEvents';
import type { OrderStatus } from '../../shared/gateway/status';
import type { Db } from '../store';
import { findOrder, type OrderRow } from '../orders';
import { moveEventMark } from './shopEventRows';
import { recordOrderEvent } from './recordOrderEvent';

/** The order statuses the shop is told about; pending, review and unknown are on the way to one of them. */
const EVENT_OF_STATUS: Partial<Record<OrderStatus, ShopEventType & `order.${string}`>> = {
  authorised: 'order.authorised',
  paid: 'order.paid',
  declined: 'order.declined',
  cancelled: 'order.cancelled',
  partially_refunded: 'order.partially_refunded',
  refunded: 'order.refunded',
};

/**
 * What the shop has been told of an order: its status, and for a partial refund the amount refunded so far (a
 * second partial refund is news too). `null`: a new payment attempt started, so its outcome is news again even
 * if an earlier attempt ended the same way. `undefined`: nothing to tell, the mark stays (so `authorised` ->
 * `unknown` -> `authorised` is not told twice).
 */
function markOf(order: OrderRow): string | null | undefined {
  if (order.status === 'created') return null;
  if (!EVENT_OF_STATUS[order.status]) return undefined;
  if (order.status !== 'partially_refunded') return order.status;
  // the last refund succeeded before the gateway's status says `refunded`: that status is the news, not a
  // "partial" refund of everything
  if (order.refunded_minor >= (order.captured_minor ?? order.amount_minor)) return undefined;
  // the gateway's status came before the refund was recorded as succeeded: the refund's own success tells it,
  // with its amount (recordRefundEvent), so the shop never hears of a partial refund of 0.00 and then again
  if (order.refunded_minor === 0) return undefined;
  return `${order.status}:${order.refunded_minor}`;
}

/**
 * Writes the event of each order whose state moved since the last event told about it, in the transaction that
 * moved it. Safe to call after any change, and more than once: it compares the order as it now is with the mark
 * of its last event (orders.event_mark) and writes nothing when they agree, so a repeated notification, a query
 * that finds the same status, or a second caller never writes a second event.
 *
 * An order is given by its id (it is read here), or as a row that this transaction has just updated and got back
 * (`update ... returning`): that row is the order as it now is, and locked by this transaction until it ends, so
 * its mark is the stored one and a mark it already has needs no conditional update to be known unchanged.
 */
export async function recordOrderEvents(trx: Db, orders: readonly (string | OrderRow)[], at: string): Promise<void> {
  const seen = new Set<string>();
  for (const given of orders) {
    const id = typeof given === 'string' ? given : given.id;
    if (seen.has(id)) continue;
    seen.add(id);
    const order = typeof given === 'string' ? await findOrder(trx, id) : given;
    if (!order) continue;
    const mark = markOf(order);
    if (mark === undefined) continue;
    if (typeof given !== 'string' && order.event_mark === mark) continue;
    if (!(await moveEventMark(trx, id, mark))) continue;
    const type = EVENT_OF_STATUS[order.status];
    if (type) await recordOrderEvent(trx, { ...order, event_mark: mark }, type, at);
  }
}
