import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminPayout, PayoutPage, PayoutReview } from '../../../shared/contract/adminPayouts';
import { API_ERROR, describeFieldErrors } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { readIdempotencyKey } from '../../http/readIdempotencyKey';
import { parseWith, readJson } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { findPayout, listPayouts } from '../payouts';
import { decodeCursor, nextCursor, pageLimit } from '../../http/cursor';
import { createPayout } from '../createPayout';
import { parsePayoutBody, type PayoutFields } from '../payoutBody';
import { recipientPayoutBody, recipientPayoutFields, renameRecipientPayoutErrors } from '../recipientPayout';
import { payoutReview } from '../payoutReview';
import { toPayoutView } from '../toPayoutView';
import { findRecipient } from '../payoutRecipients';
import { givenQuery } from '../../http/givenQuery';
import { payoutRequest } from '../../../shared/gateway/schemas/payout';
import { describeRequest } from '../../http/describeRequest';

const listQuery = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: pageLimit(100),
});

/**
 * `POST /admin/api/payouts` (Idempotency-Key required), `POST /admin/api/payouts/review` (the same body, checked
 * and reviewed, not sent), `GET /admin/api/payouts`, `GET /admin/api/payouts/:id`.
 */
export function payoutRoutes(deps: AppDeps) {
  const { db } = deps.store;
  /** a full payout body, or a saved recipient's `{recipient_id, amount, currency, reference?}` */
  const fieldsOf = (body: unknown) => {
    const today = deps.now().toISOString().slice(0, 10);
    return body && typeof body === 'object' && 'recipient_id' in body
      ? payoutToRecipient(deps, body, today)
      : parsePayoutBody(body, today);
  };
  return new Hono<AppEnv>()
    .post(
      '/review',
      describeRequest({ body: z.union([recipientPayoutBody, payoutRequest]) }),
      requirePermission('payouts.send'),
      async (c) => c.json<PayoutReview>(payoutReview(await fieldsOf((await readJson(c)).value))),
    )
    .post(
      '/',
      describeRequest({ body: z.union([recipientPayoutBody, payoutRequest]) }),
      requirePermission('payouts.send'),
      async (c) => {
        const key = readIdempotencyKey(c, true, 'the same key returns the same payout')!;
        const fields = await fieldsOf((await readJson(c)).value);
        const answer = await createPayout(deps, fields, key, c.get('requestId'));
        return c.json<AdminPayout>(answer.body, answer.status);
      },
    )
    .get('/', describeRequest({ query: listQuery }), requirePermission('payouts.read'), async (c) => {
      const q = parseWith(listQuery, givenQuery(c.req.query()));
      const rows = await listPayouts(db, { after: decodeCursor(q.cursor), limit: q.limit + 1 });
      const { page, next_cursor } = nextCursor(rows, q.limit, (p) => ({ at: p.created_at, id: p.id }));
      return c.json<PayoutPage>({ payouts: page.map(toPayoutView), next_cursor });
    })
    .get('/:id', requirePermission('payouts.read'), async (c) => {
      const payout = await findPayout(db, c.req.param('id'));
      if (!payout) throw new ApiError(404, API_ERROR.not_found, `no payout ${c.req.param('id')}`);
      return c.json<AdminPayout>(toPayoutView(payout));
    });
}

/**
 * `{recipient_id, amount, currency, reference?}`: the saved recipient's beneficiary and method with this amount,
 * then every rule of a full payout body. Its Idempotency-Key works as for a full body: the same key and the same
 * three fields return the same payout.
 */
async function payoutToRecipient(deps: AppDeps, value: object, today: string): Promise<PayoutFields> {
  const body = parseWith(recipientPayoutBody, value);
  const recipient = await findRecipient(deps.store.db, body.recipient_id);
  const missing = !recipient
    ? 'does not name a saved recipient'
    : recipient.archived_at
      ? 'names an archived recipient'
      : '';
  if (missing)
    throw new ApiError(400, API_ERROR.invalid_request, `recipient_id: ${missing}`, [
      { path: 'recipient_id', message: missing },
    ]);
  try {
    return parsePayoutBody(recipientPayoutFields(body, recipient!), today);
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields) throw e;
    const fields = renameRecipientPayoutErrors(e.fields);
    throw new ApiError(e.status, e.code, describeFieldErrors(fields), fields);
  }
}
