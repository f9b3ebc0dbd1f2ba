import { Hono } from 'hono';
import { z } from 'zod';
import type { BulkResults } from '../../../shared/contract/admin';
import { API_ERROR } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { listOrders } from '../../orders';
import { syncOrders } from '../syncOrders';
import { dayOrMoment, endOf, startOf } from '../../http/dateRange';
import { describeRequest } from '../../http/describeRequest';

/** The most orders one sync request covers; a longer history is synced range by range. */
const MAX_SYNC_ORDERS = 10_000;

const syncBody = z
  .strictObject({
    order_nos: z
      .array(z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters'))
      .min(1, 'must name at least one order')
      .max(MAX_SYNC_ORDERS)
      .optional(),
    from: dayOrMoment.optional(),
    to: dayOrMoment.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.order_nos && (b.from || b.to))
      ctx.addIssue({
        code: 'custom',
        path: ['order_nos'],
        message: 'give either order_nos or a date range (from, to), not both',
      });
    if (!b.order_nos && !(b.from && b.to))
      ctx.addIssue({
        code: 'custom',
        path: [b.from ? 'to' : 'from'],
        message: 'is required: give order_nos or both from and to',
      });
  });

/** `POST /admin/api/orders/sync`: `{order_nos}` or `{from, to}` (orders created in that range) -> `{results}`. */
export function syncRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/sync',
    describeRequest({ body: syncBody }),
    requirePermission('orders.sync'),
    async (c) => {
      const body = parseWith(syncBody, (await readJson(c)).value);
      let orderNos = body.order_nos;
      if (!orderNos) {
        const rows = await listOrders(
          deps.store.db,
          { from: startOf(body.from!), to: endOf(body.to!) },
          { limit: MAX_SYNC_ORDERS + 1 },
        );
        if (rows.length > MAX_SYNC_ORDERS) {
          throw new ApiError(
            400,
            API_ERROR.invalid_request,
            `from: the range has more than ${MAX_SYNC_ORDERS} orders; sync a shorter range`,
            [{ path: 'from', message: `the range has more than ${MAX_SYNC_ORDERS} orders; sync a shorter range` }],
          );
        }
        orderNos = rows.map((o) => o.order_no);
      }
      return c.json<BulkResults>({ results: await syncOrders(deps, orderNos, c.get('requestId')) });
    },
  );
}
