import { Hono } from 'hono';
import { ShopEventSignatureError, SHOP_EVENT_SIGNATURE_HEADER, verifyShopEvent } from '../../packages/node/src/index';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps, AppEnv } from '../deps';
import type { ShopEventType } from '../../shared/contract/shopEvents';

/**
 * The events the demo shop ships on, the first of them per order: `order.authorised` (a card on an account that
 * authorises only, as the demo's: the money is held, the owner captures it when the goods leave) and
 * `order.paid` (captured, or a method that pays at once such as PIX). `npm start` registers exactly these.
 */
export const DEMO_SHIP_ON: readonly ShopEventType[] = ['order.authorised', 'order.paid'];

/** What the demo shop's server keeps: enough for a demo, bounded so that a long-running demo does not grow. */
const MAX_REMEMBERED = 10_000;

interface ReadyToShip {
  order_no: string;
  /** the order.authorised or order.paid event that said so */
  event_id: string;
  /** `authorised`: the money is held (capture it when shipping); `paid`: it is taken */
  status: 'authorised' | 'paid';
  paid_at: string;
  amount: string;
  currency: string;
}

/**
 * The demo shop's own server receiving the backend's signed order events (`POST /demo/shop-events`), as a shop's
 * server does with the typed client: verify the signature over the raw body, act once per event id, and ship
 * once per order on the backend's `order.authorised` or `order.paid` (DEMO_SHIP_ON), never on what the browser
 * says. The page asks
 * `GET /demo/shipments/:order_no` what this server recorded. In memory: the demo runs as one process.
 */
export function demoShopEventRoutes(deps: AppDeps) {
  const seen = new Set<string>();
  const readyToShip = new Map<string, ReadyToShip>();
  const remember = <T>(collection: { size: number; keys(): IterableIterator<T>; delete(k: T): boolean }) => {
    const oldest = collection.keys().next();
    if (collection.size > MAX_REMEMBERED && !oldest.done) collection.delete(oldest.value);
  };
  return new Hono<AppEnv>()
    .post('/shop-events', async (c) => {
      const rawBody = await c.req.text();
      let event: ReturnType<typeof verifyShopEvent>;
      try {
        event = verifyShopEvent(rawBody, c.req.header(SHOP_EVENT_SIGNATURE_HEADER), deps.config.demoShopEventsSecret, {
          now: deps.now(),
        });
      } catch (e) {
        if (!(e instanceof ShopEventSignatureError)) throw e;
        const message = `${e.message} (${e.reason})`;
        throw new ApiError(400, API_ERROR.invalid_request, `${SHOP_EVENT_SIGNATURE_HEADER}: ${message}`, [
          { path: SHOP_EVENT_SIGNATURE_HEADER, message },
        ]);
      }
      // a delivery is retried until it is answered 2xx, so the same event can come again: act on it once
      if (seen.has(event.id)) return c.json({ received: true, duplicate: true });
      seen.add(event.id);
      remember(seen);
      if (
        (event.type === 'order.authorised' || event.type === 'order.paid') &&
        !readyToShip.has(event.order.order_no)
      ) {
        const { order } = event;
        readyToShip.set(order.order_no, {
          order_no: order.order_no,
          event_id: event.id,
          status: event.type === 'order.paid' ? 'paid' : 'authorised',
          paid_at: event.created_at,
          amount: order.amount,
          currency: order.currency,
        });
        remember(readyToShip);
        c.get('log').info({ order_no: order.order_no, event_id: event.id }, `demo shop: ${event.type}, ready to ship`);
      }
      return c.json({ received: true });
    })
    .get('/shipments/:order_no', (c) => {
      c.header('Cache-Control', 'no-store');
      const record = readyToShip.get(c.req.param('order_no'));
      return c.json(
        record ? { ...record, ready_to_ship: true } : { order_no: c.req.param('order_no'), ready_to_ship: false },
      );
    });
}
