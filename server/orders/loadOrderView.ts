import type { AdminOrder } from '../../shared/contract/admin';
import type { Db } from '../store';
import { lostDisputeMinor } from '../disputes';
import type { OrderRow } from './orders';
import { toOrderView } from './toOrderView';

/**
 * One order as the admin API lists it, with what its lost disputes took back: the shop's server reads the same
 * view (`GET /api/orders/:order_no`, a session's `order`), so the owner and the shop never see two versions.
 */
export async function loadOrderView(db: Db, order: OrderRow): Promise<AdminOrder> {
  const lost = await lostDisputeMinor(db, [order.id]);
  return toOrderView(order, lost.get(order.id));
}
