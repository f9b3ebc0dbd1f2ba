import { Hono, type Context } from 'hono';
import type { BulkResult, BulkResults } from '../../../shared/contract/admin';
import { API_ERROR } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { hashRequest } from '../../hashRequest';
import { principalOf, requirePermission } from '../../team';
import { refundLimitFor, refundOrders } from '../../refunds';
import { readIdempotencyKey } from '../../http/readIdempotencyKey';
import { claimBulkRequestKey } from '../bulkRequests';
import { parseWith, readJson } from '../../http/readJsonBody';
import { bulkBodyFor, bulkEnvelope, type BulkAction } from '../bulkBody';
import { cancelOrders } from '../cancelOrders';
import { captureOrders } from '../captureOrders';
import { checkBulkItems } from '../checkBulkItems';
import { reviewOrders } from '../reviewOrders';
import { runGatewayOperation } from '../runGatewayOperation';
import { describeRequest } from '../../http/describeRequest';

const ORDER_ACTIONS = { capture: captureOrders, cancel: cancelOrders, review: reviewOrders };

/**
 * `POST /admin/api/orders/{capture|cancel|review|refund}`: `{orders:[{order_no | transaction_id, amount?,
 * reason?, approve?}]}` -> `{results:[...]}`, one per order in the order sent. A malformed envelope is a 400
 * naming the field; a malformed row is that row's result (`invalid_request`, its `position` and field), the
 * other rows going ahead; what goes wrong with one order (its state, its amount, the gateway's answer) is
 * that order's result.
 *
 * `Idempotency-Key` (optional; the admin page and the CLI always send one): the key is held to its first body
 * (another body under it is a 422), and a refund it journalled answers every repeat of the request: a repeat
 * after a lost answer never refunds twice. Refund items may carry their own `idempotency_key` instead (the CLI
 * sends one per spreadsheet row), which counts for that order only. Capture, cancel and review need no more:
 * the order's state refuses a second one.
 *
 * A role without `orders.refund_any_amount` (support) refunds up to the owner's limit per refund and currency:
 * an order whose refund (a full one: what is left) is over it gets `over_refund_limit` naming the limit, the
 * others go on.
 */
export function bulkRoutes(deps: AppDeps) {
  const route = (action: BulkAction) => async (c: Context<AppEnv>) => {
    const key = readIdempotencyKey(c, false, 'the same key and body map to the same refunds');
    const { orders: rows } = parseWith(bulkEnvelope, (await readJson(c)).value);
    if (key) await holdKeyToRequest(deps, key, action, rows);
    const { valid, invalid } = checkBulkItems(action, rows);
    const orders = valid.map((v) => v.item);
    const requestId = c.get('requestId');
    const sent = orders.length
      ? action === 'refund'
        ? await runGatewayOperation(
            deps,
            refundOrders({ key, limit: await refundLimitFor(deps, principalOf(c)) }),
            orders,
            requestId,
          )
        : await runGatewayOperation(deps, ORDER_ACTIONS[action], orders, requestId)
      : [];
    const results = rows.map((_, position) => invalid.get(position));
    valid.forEach((v, i) => {
      results[v.position] = sent[i];
    });
    // every position holds a result: its row's refusal or what was sent
    return c.json<BulkResults>({ results: results as BulkResult[] });
  };
  return new Hono<AppEnv>()
    .post(
      '/capture',
      describeRequest({ body: bulkBodyFor('capture') }),
      requirePermission('orders.operate'),
      route('capture'),
    )
    .post(
      '/cancel',
      describeRequest({ body: bulkBodyFor('cancel') }),
      requirePermission('orders.operate'),
      route('cancel'),
    )
    .post(
      '/review',
      describeRequest({ body: bulkBodyFor('review') }),
      requirePermission('orders.review'),
      route('review'),
    )
    .post(
      '/refund',
      describeRequest({ body: bulkBodyFor('refund') }),
      requirePermission('orders.refund'),
      route('refund'),
    );
}

/** A key names one request: the same key with another action or body is refused, as for payouts. */
async function holdKeyToRequest(deps: AppDeps, key: string, action: BulkAction, orders: unknown): Promise<void> {
  const request_hash = hashRequest({ action, orders });
  const first = await claimBulkRequestKey(deps.store.db, {
    idempotency_key: key,
    action,
    request_hash,
    created_at: deps.now().toISOString(),
  });
  if (first.request_hash !== request_hash)
    throw new ApiError(
      422,
      API_ERROR.idempotency_key_reused,
      'this Idempotency-Key was used for another bulk request; use a new key for a new request',
    );
}
