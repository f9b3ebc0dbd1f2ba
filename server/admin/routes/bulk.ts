import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { bulkBody, type BulkAction } from '../bulk/bulkBody';
import { refundOrders } from '../bulk/refundOrders';
import { runOrderActions } from '../bulk/runOrderActions';

/**
 * `POST /admin/api/orders/{capture|cancel|review|refund}`: `{orders:[{order_no | transaction_id, amount?,
 * reason?, approve?}]}` -> `{results:[...]}`, one per order in the order sent. A malformed request is a 400
 * naming the field; what goes wrong with one order (its state, its amount, the gateway's answer) is that
 * order's result.
 */
export function bulkRoutes(deps: AppDeps) {
  const route = (action: BulkAction) => async (c: Context<AppEnv>) => {
    const { orders } = parseWith(bulkBody(action), (await readJson(c)).value);
    const requestId = c.get('requestId');
    const results =
      action === 'refund'
        ? await refundOrders(deps, orders, requestId)
        : await runOrderActions(deps, action, orders, requestId);
    return c.json({ results });
  };
  return new Hono<AppEnv>()
    .post('/capture', route('capture'))
    .post('/cancel', route('cancel'))
    .post('/review', route('review'))
    .post('/refund', route('refund'));
}
