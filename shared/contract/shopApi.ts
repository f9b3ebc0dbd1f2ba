import type { AdminOrder } from './admin';

/**
 * What the shop's own server reads with its key (issue #21): `GET /api/orders/:order_no` and, with a shop
 * credential instead of the widget's client secret, `GET /api/sessions/:id`. The server
 * (server/orders/routes/shopOrders.ts, server/checkout/routes/sessions.ts), the typed client (packages/node/, @checkout/node) and the
 * demo shop use these shapes, so they cannot drift apart.
 */

/** `GET /api/orders/:order_no`: the order exactly as the owner's admin API lists it. */
export type ShopOrder = AdminOrder;

/**
 * Where a checkout session stands for the shop: `open` while the shopper can still pay in it, `complete` once a
 * payment was accepted (the order is authorised, in review, paid or refunded; a payment accepted after the
 * expiry counts too), `expired` when its time ran out with nothing accepted. The money's state is `order.status`.
 */
export type ShopSessionStatus = 'open' | 'complete' | 'expired';

/** `GET /api/sessions/:id` with `Authorization: Bearer <shop key or SHOP_SECRET>`. */
export interface ShopSessionView {
  id: string;
  status: ShopSessionStatus;
  order_no: string;
  /** the session's amount, a decimal string in `currency` */
  amount: string;
  currency: string;
  expires_at: string;
  /** the order's payment state, as `GET /api/orders/:order_no` shows it */
  order: ShopOrder;
}
