import type { ShopEventType } from '../shared/contract/shopEvents';

export interface ShopEndpointRegistration {
  /** the backend, e.g. http://127.0.0.1:4000 */
  baseUrl: string;
  /** the owner's admin token (registering an endpoint is the owner's: `shop_endpoints.manage`) */
  adminToken: string;
  /** where the events go, e.g. the demo shop's `${PUBLIC_URL}/demo/shop-events` */
  url: string;
  types: readonly ShopEventType[];
  /** the signing secret to use (the demo's DEMO_SHOP_EVENTS_SECRET); left out, the backend makes one */
  secret?: string;
}

/**
 * Registers an endpoint for the shop's order events through the admin API (`POST /admin/api/shop-endpoints`),
 * for `npm start` to point the backend's events at the demo shop's receiver. Answers the backend's JSON, or
 * `undefined` when the backend has no such route (404): events then have nowhere to go, and the demo says so
 * instead of failing to start. Not called by scripts/start.ts until the endpoints table (#21, part 1) is merged.
 */
export async function registerShopEndpoint(registration: ShopEndpointRegistration): Promise<unknown> {
  const res = await fetch(`${registration.baseUrl.replace(/\/+$/, '')}/admin/api/shop-endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${registration.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      url: registration.url,
      types: registration.types,
      ...(registration.secret === undefined ? {} : { secret: registration.secret }),
    }),
  });
  const text = await res.text();
  if (res.status === 404) return undefined;
  if (!res.ok)
    throw new Error(`registering ${registration.url} for shop events: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}
