import { Hono } from 'hono';
import { z } from 'zod';
import type { OrderStats } from '../../../shared/contract/adminOrders';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { moneyByDay, orderStats } from '../orderStats';
import { endOf, startOf } from '../../http/dateRange';
import { describeRequest } from '../../http/describeRequest';

/** A year of days is what the overview chart can show. */
const MAX_DAYS = 366;
const day = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });

const statsQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: `the range must be at most ${MAX_DAYS} days`,
  });

/**
 * `GET /admin/api/stats?from=&to=`: orders created per UTC day, status and currency, with count and volume, and
 * the money that moved per UTC day and currency (gross, refunded, lost in disputes, net), each on its own day.
 */
export function statsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    describeRequest({ query: statsQuery }),
    requirePermission('orders.read'),
    async (c) => {
      const q = parseWith(statsQuery, c.req.query());
      const [from, to] = [startOf(q.from), endOf(q.to)];
      return c.json<OrderStats>({
        days: await orderStats(deps.store.db, from, to),
        money: await moneyByDay(deps.store.db, from, to),
      });
    },
  );
}
