import type { ShopEvent, ShopEventType } from '../../shared/contract/shopEvents';
import { toOrderView } from '../orders';
import { newId } from '../ids';
import type { Db } from '../store';
import { lostDisputeMinor } from '../disputes';
import { findOrder, type OrderRow } from '../orders';
import { insertShopEvent } from './shopEventRows';
import { wakeDeliveries } from './wakeDeliveries';

type OrderEventType = Exclude<ShopEventType, 'payout.completed' | 'payout.failed'>;

/**
 * Writes one order event to the outbox, carrying the order as the admin API shows it now (after the change, in
 * the same transaction). The caller has decided that the change happened once (a conditional update that moved
 * a row); recordOrderEvents decides it for status changes.
 */
export async function recordOrderEvent(
  trx: Db,
  orderOrId: OrderRow | string,
  type: OrderEventType,
  at: string,
): Promise<void> {
  const order = typeof orderOrId === 'string' ? await findOrder(trx, orderOrId) : orderOrId;
  if (!order) return;
  const lost = (await lostDisputeMinor(trx, [order.id])).get(order.id) ?? 0;
  const event: ShopEvent = { id: newId('evt'), type, created_at: at, order: toOrderView(order, lost) };
  await insertShopEvent(trx, {
    id: event.id,
    type,
    order_id: order.id,
    order_no: order.order_no,
    payout_request_id: null,
    endpoint_id: null,
    created_at: at,
    payload: JSON.stringify(event),
  });
  wakeDeliveries();
}
