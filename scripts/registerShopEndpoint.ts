import type { ShopEndpointView } from '../shared/contract/shopEndpoints';
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
 * Makes sure an endpoint for the shop's order events is registered at `url`, through the admin API, for
 * `npm start` to point the backend's events at the demo shop's receiver. Idempotent: an endpoint already
 * registered at that URL (from an earlier start on the same data) is kept, not registered twice, so each event
 * reaches the demo shop once; its event types are set to these when they differ. Answers whether it was created
 * (or updated) now.
 */
export async function registerShopEndpoint(
  registration: ShopEndpointRegistration,
): Promise<{ created: boolean; updated?: true }> {
  const base = `${registration.baseUrl.replace(/\/+$/, '')}/admin/api/shop-endpoints`;
  const headers = { Authorization: `Bearer ${registration.adminToken}`, 'Content-Type': 'application/json' };
  const fail = async (res: Response) =>
    new Error(
      `registering ${registration.url} for shop events: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`,
    );
  const listed = await fetch(base, { headers });
  if (!listed.ok) throw await fail(listed);
  const { endpoints } = (await listed.json()) as { endpoints: ShopEndpointView[] };
  const existing = endpoints.find((e) => e.url === registration.url);
  if (existing) {
    // registered by an earlier start, perhaps for other events: it gets this start's
    const same =
      existing.types.length === registration.types.length &&
      registration.types.every((t) => existing.types.includes(t));
    if (same) return { created: false };
    const patched = await fetch(`${base}/${encodeURIComponent(existing.id)}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ types: registration.types }),
    });
    if (!patched.ok) throw await fail(patched);
    return { created: false, updated: true };
  }
  const res = await fetch(base, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      url: registration.url,
      types: registration.types,
      ...(registration.secret === undefined ? {} : { secret: registration.secret }),
    }),
  });
  if (!res.ok) throw await fail(res);
  return { created: true };
}
