import { Hono } from 'hono';
import { z } from 'zod';
import { API_ERROR } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { readIdempotencyKey } from '../../http/readIdempotencyKey';
import { parseWith, readJson } from '../../http/readJsonBody';
import { requirePermission } from '../../middleware/authenticate';
import { findPayout, listPayouts } from '../../store/payouts';
import { decodeCursor, nextCursor } from '../cursor';
import { createPayout } from '../../payouts/createPayout';
import { parsePayoutBody } from '../../payouts/payoutBody';
import { toPayoutView } from '../../payouts/toPayoutView';
import { givenQuery } from './orders';

const listQuery = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(50),
});

/** `POST /admin/api/payouts` (Idempotency-Key required), `GET /admin/api/payouts`, `GET /admin/api/payouts/:id`. */
export function payoutRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .post('/', requirePermission('payouts.send'), async (c) => {
      const key = readIdempotencyKey(c, true, 'the same key returns the same payout')!;
      const fields = parsePayoutBody((await readJson(c)).value, deps.now().toISOString().slice(0, 10));
      const answer = await createPayout(deps, fields, key, c.get('requestId'));
      return c.json(answer.body, answer.status);
    })
    .get('/', requirePermission('payouts.read'), async (c) => {
      const q = parseWith(listQuery, givenQuery(c.req.query()));
      const rows = await listPayouts(db, { after: decodeCursor(q.cursor), limit: q.limit + 1 });
      const { page, next_cursor } = nextCursor(rows, q.limit, (p) => ({ at: p.created_at, id: p.id }));
      return c.json({ payouts: page.map(toPayoutView), next_cursor });
    })
    .get('/:id', requirePermission('payouts.read'), async (c) => {
      const payout = await findPayout(db, c.req.param('id'));
      if (!payout) throw new ApiError(404, API_ERROR.not_found, `no payout ${c.req.param('id')}`);
      return c.json(toPayoutView(payout));
    });
}
