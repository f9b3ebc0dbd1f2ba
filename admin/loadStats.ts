import { ApiError, type AdminApi, type OrderRow, type StatsDay } from './api/client';
import { statsFromOrders } from './dailyStats';

/** Enough for a busy month at 100 a page; beyond it the fallback would be too slow to be useful anyway. */
const MAX_PAGES = 100;

/**
 * The per-day figures for a range: from /admin/api/stats, or, on a backend without that route (404), computed
 * from the orders list of the same range. `partial` says the fallback stopped before the last page.
 */
export async function loadStats(
  api: AdminApi,
  from: string,
  to: string,
): Promise<{ days: StatsDay[]; partial: boolean }> {
  try {
    return { days: (await api.getStats(from, to)).days, partial: false };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  const orders: OrderRow[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await api.listOrders({ from, to, cursor, limit: 100 });
    orders.push(...page.orders);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && ++pages < MAX_PAGES);
  return { days: statsFromOrders(orders), partial: cursor !== undefined };
}
