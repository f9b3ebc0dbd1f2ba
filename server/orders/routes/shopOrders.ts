import { Hono } from 'hono';
import { API_ERROR } from '../../../shared/contract/errors';
import type { ShopOrder } from '../../../shared/contract/shopApi';
import { loadOrderView } from '../loadOrderView';
import { ApiError } from '../../apiError';
import { bearerCredentials } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { authenticate, requirePermission } from '../../team';
import { findOrderByNo } from '../orders';

/**
 * `GET /api/orders/:order_no` for the shop's own server (a shop key or `SHOP_SECRET`): the order as the owner's
 * admin API lists it, so the shop can ship from the backend's word without holding the owner's powers.
 */
export function shopOrderRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(authenticate(bearerCredentials(deps), 'shop secret'), requirePermission('shop.read'))
    .get('/:order_no', async (c) => {
      c.header('Cache-Control', 'no-store');
      const order = await findOrderByNo(deps.store.db, c.req.param('order_no'));
      if (!order) throw new ApiError(404, API_ERROR.not_found, `no order ${c.req.param('order_no')}`);
      const view: ShopOrder = await loadOrderView(deps.store.db, order);
      return c.json(view);
    });
}
