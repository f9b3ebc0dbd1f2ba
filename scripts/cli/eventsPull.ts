import { ApiError, apiErrorOf } from '../../shared/contract/ApiError';
import type { ShopEventPage } from '../../shared/contract/shopEvents';

/** The shop's side of `GET /api/events` (README "Your server"): what `events listen` and `events trigger` read. */
export interface EventPuller {
  /** the next page after `after` (from the first event when undefined) */
  page(after: string | undefined): Promise<ShopEventPage>;
  /** the id of the newest event listed now (undefined: none yet), so that only later ones are taken */
  newestId(): Promise<string | undefined>;
}

/**
 * Pulls the shop's events with a shop-server credential (SHOP_SECRET or a `shop` API key): a laptop behind NAT
 * cannot receive the backend's pushes, but it can ask.
 */
export function eventPuller(backendUrl: string, shopKey: string): EventPuller {
  const page = async (after: string | undefined): Promise<ShopEventPage> => {
    const q = new URLSearchParams({ limit: '100', ...(after ? { after } : {}) });
    let res: Response;
    try {
      res = await fetch(`${backendUrl}/api/events?${q}`, { headers: { authorization: `Bearer ${shopKey}` } });
    } catch (e) {
      throw new ApiError(0, 'network', `the backend at ${backendUrl} could not be reached (${(e as Error).message})`);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok)
      throw apiErrorOf(res.status, body, { code: 'http_error', message: `the backend answered ${res.status}` });
    return body as ShopEventPage;
  };
  return {
    page,
    async newestId() {
      let after: string | undefined;
      for (;;) {
        const { events, has_more } = await page(after);
        after = events.at(-1)?.id ?? after;
        if (!has_more) return after;
      }
    },
  };
}
