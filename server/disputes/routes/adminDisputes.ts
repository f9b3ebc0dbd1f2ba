import { Hono } from 'hono';
import { z } from 'zod';
import { API_ERROR } from '../../../shared/contract/errors';
import type { DisputeDetail, DisputePage, DisputeSummary } from '../../../shared/contract/adminDisputes';
import { toDecimal } from '../../../shared/gateway/money';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { capturedOrderCount, disputeTotals, findDispute, listDisputes } from '../disputes';
import { findOrder, ordersById } from '../../orders';
import { decodeCursor, nextCursor, pageLimit } from '../../http/cursor';
import { toDisputeView } from '../toDisputeView';
import { toOrderView } from '../../orders';
import { givenQuery } from '../../http/givenQuery';
import { describeRequest } from '../../http/describeRequest';

const STATES = ['open', 'won', 'lost', 'closed'] as const;
const listQuery = z.strictObject({
  state: z.enum(STATES, { error: `must be one of ${STATES.join(', ')}` }).optional(),
  due_within_days: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(365, 'must be at most 365')
    .optional(),
  cursor: z.string().max(500).optional(),
  limit: pageLimit(100),
});

/**
 * `GET /admin/api/disputes` (state `open` | `won` | `lost` | `closed` (won or lost), `due_within_days` = open and to be answered within N
 * days; cursor pages; open ones soonest due first, the others newest first), `GET .../summary` (the navigation's
 * count and the overview's figures) and `GET .../:dispute_id` (with its order).
 */
export function disputeRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .get('/', describeRequest({ query: listQuery }), requirePermission('orders.read'), async (c) => {
      const q = parseWith(listQuery, givenQuery(c.req.query()));
      if (q.state && q.state !== 'open' && q.due_within_days !== undefined)
        throw new ApiError(400, API_ERROR.invalid_request, 'due_within_days: only open disputes are due', [
          { path: 'due_within_days', message: 'only open disputes are due' },
        ]);
      const now = deps.now();
      const dueBy =
        q.due_within_days === undefined
          ? undefined
          : new Date(now.getTime() + q.due_within_days * 86_400_000).toISOString().slice(0, 10);
      const rows = await listDisputes(
        db,
        { state: q.state, dueBy },
        { after: decodeCursor(q.cursor), limit: q.limit + 1 },
      );
      const open = q.state === 'open' || dueBy !== undefined;
      const { page, next_cursor } = nextCursor(rows, q.limit, (d) => ({
        at: open ? d.respond_by : d.opened_at,
        id: d.dispute_id,
      }));
      const orders = await ordersById(db, [...new Set(page.map((d) => d.order_id))]);
      return c.json<DisputePage>({
        disputes: page.map((d) => toDisputeView(d, orders.get(d.order_id)?.order_no ?? '', now)),
        next_cursor,
      });
    })
    .get('/summary', requirePermission('orders.read'), async (c) => {
      const totals = await disputeTotals(db);
      const captured = await capturedOrderCount(db);
      const summary: DisputeSummary = {
        open: totals.open,
        count: totals.count,
        lost: totals.lost,
        disputed: totals.amounts.map((a) => ({ currency: a.currency, amount: toDecimal(a.minor, a.currency) })),
        captured_orders: captured,
        rate: captured === 0 ? 0 : totals.count / captured,
      };
      return c.json<DisputeSummary>(summary);
    })
    .get('/:dispute_id', requirePermission('orders.read'), async (c) => {
      const dispute = await findDispute(db, c.req.param('dispute_id'));
      const order = dispute && (await findOrder(db, dispute.order_id));
      if (!dispute || !order) throw new ApiError(404, API_ERROR.not_found, `no dispute ${c.req.param('dispute_id')}`);
      return c.json<DisputeDetail>({
        ...toDisputeView(dispute, order.order_no, deps.now()),
        order: toOrderView(order),
      });
    });
}
