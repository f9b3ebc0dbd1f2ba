import { Hono } from 'hono';
import { z } from 'zod';
import type { FailedRefundList } from '../../../shared/contract/adminRefunds';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { failedRefunds } from '../failedRefunds';
import { describeRequest } from '../../http/describeRequest';

const query = z.strictObject({ status: z.literal('failed', { error: 'must be failed' }) });

/**
 * `GET /admin/api/refunds?status=failed` (issue #32): the refunds that failed and were not sent again, newest
 * first (100), with how many in all, so that a failed refund is found without opening every order.
 */
export function refundRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', describeRequest({ query }), requirePermission('orders.read'), async (c) => {
    parseWith(query, c.req.query());
    return c.json<FailedRefundList>(await failedRefunds(deps.store.db, 100));
  });
}
