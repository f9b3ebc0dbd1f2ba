import { Hono } from 'hono';
import { z } from 'zod';
import { pageLimit } from '../../http/cursor';
import { API_ERROR } from '../../../shared/contract/errors';
import type { ShopEvent, ShopEventPage } from '../../../shared/contract/shopEvents';
import { ApiError } from '../../apiError';
import { bearerCredentials } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { authenticate, requirePermission } from '../../team';
import { findShopEvent, shopEventsAfter } from '../shopEventRows';
import { describeRequest } from '../../http/describeRequest';

const pageQuery = z.strictObject({
  after: z.string().max(100, 'must be at most 100 characters').optional(),
  limit: pageLimit(100),
});

/**
 * `GET /api/events?after=<event id>&limit=<1..100>`: the shop's server pulls the events it would be sent, oldest
 * first, instead of (or besides) receiving them. Pages go by the event's position, which the delivery worker
 * hands out only to committed events and in commit order (server/shopEvents/shopEventRows.ts `positionNewEvents`), so a
 * puller never skips an event whose transaction committed after a later-numbered one. An event shows up here
 * once the worker has taken it (at once in this process, at the next poll from another one). Test events are not
 * listed. An `after` that names no listed event is a 400 naming `after`.
 */
export function shopEventRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>().get(
    '/',
    describeRequest({ query: pageQuery }),
    authenticate(bearerCredentials(deps), 'shop secret'),
    requirePermission('shop.read'),
    async (c) => {
      const q = parseWith(pageQuery, Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== '')));
      let after = 0;
      if (q.after !== undefined) {
        const event = await findShopEvent(db, q.after);
        if (!event || event.pos === null)
          throw new ApiError(400, API_ERROR.invalid_request, `after: no event ${q.after}`, [
            { path: 'after', message: `no event ${q.after}` },
          ]);
        after = event.pos;
      }
      const rows = await shopEventsAfter(db, after, q.limit + 1);
      const page: ShopEventPage = {
        events: rows.slice(0, q.limit).map((r) => JSON.parse(r.payload) as ShopEvent),
        has_more: rows.length > q.limit,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(page);
    },
  );
}
