import type { AdminOrder } from './admin';

/**
 * Order events sent to the shop's own server (issue #21): pushed, signed, to the endpoints the owner registered,
 * and readable by pulling `GET /api/events?after=<id>` with a shop-server key. The server (server/shopEvents/), the
 * typed client (packages/node/, @checkout/node) and the admin page all use these shapes, so they cannot drift apart.
 */
export const SHOP_EVENT_TYPES = [
  'order.authorised',
  'order.paid',
  'order.declined',
  'order.cancelled',
  'order.partially_refunded',
  'order.refunded',
  'order.refund_failed',
  'order.dispute_opened',
  'order.dispute_closed',
  'payout.completed',
  'payout.failed',
] as const;
export type ShopEventType = (typeof SHOP_EVENT_TYPES)[number];

/** A payout as the events show it: amounts as decimal strings in its currency. */
export interface ShopEventPayout {
  request_id: string;
  status: string;
  amount: string;
  currency: string;
  created_at: string;
  updated_at: string;
}

/**
 * One event. `id` is stable (a retried delivery carries the same id: deduplicate on it); `created_at` is when the
 * state changed. Order events carry `order` as the admin API shows it at that moment; payout events carry
 * `payout`. `endpoint.test` is sent only by the owner's "send test event" button, to one endpoint.
 */
export type ShopEvent =
  | {
      id: string;
      type: Exclude<ShopEventType, 'payout.completed' | 'payout.failed'>;
      created_at: string;
      order: AdminOrder;
    }
  | { id: string; type: 'payout.completed' | 'payout.failed'; created_at: string; payout: ShopEventPayout }
  | { id: string; type: 'endpoint.test'; created_at: string };

/** `GET /api/events?after=<event id>&limit=<1..100, default 50>`: the next events after `after`, oldest first. */
export interface ShopEventPage {
  events: ShopEvent[];
  /** true when more events follow the last one: ask again with `after` = the last event's id */
  has_more: boolean;
}

/**
 * The signature header of a pushed event: `Checkout-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, where each
 * v1 is HMAC-SHA256, keyed with one of the endpoint's secrets (`whsec_...`), over `${t}.${rawBody}` (the exact
 * bytes of the body). While a rolled secret's overlap lasts, one v1 per active secret is sent; a receiver accepts
 * the event when any v1 matches its secret and `t` is within its tolerance of now (default 300 s), which refuses
 * replays of old deliveries.
 */
export const SHOP_EVENT_SIGNATURE_HEADER = 'Checkout-Signature';
export const SHOP_EVENT_TOLERANCE_SECONDS = 300;
