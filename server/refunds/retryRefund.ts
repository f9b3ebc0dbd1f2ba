import { API_ERROR } from '../../shared/contract/errors';
import { toDecimal } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { findOrderByNo } from '../orders';
import { REFUND_STATUS, refundsOf } from './refunds';
import { runGatewayOperation, type OrderResult } from '../operations';
import type { RefundLimit } from './refundLimit';
import { refundOrders } from './refundOrders';

/**
 * `POST /admin/api/orders/:order_no/refunds/:seq/retry`: sends a FAILED refund again, as a new refund (new
 * sequence, new reference: the failed one moved no money) of the same amount and reason. The new refund is
 * journalled under the key `retry-of:<failed refund>`, so retrying the same failed refund twice (a double click,
 * a lost answer) maps to that one new refund, never a second. A refund still in flight (requested, received,
 * accepted) or one that succeeded cannot be retried: 409, nothing is sent.
 */
export async function retryRefund(
  deps: AppDeps,
  orderNo: string,
  seqText: string,
  requestId: string | undefined,
  limit?: RefundLimit,
): Promise<OrderResult> {
  const seq = Number(seqText);
  if (!/^[1-9]\d{0,5}$/.test(seqText))
    throw new ApiError(400, API_ERROR.invalid_request, 'seq: must be a refund sequence number (1, 2, ...)', [
      { path: 'seq', message: 'must be a refund sequence number (1, 2, ...)' },
    ]);
  const order = await findOrderByNo(deps.store.db, orderNo);
  if (!order) throw new ApiError(404, API_ERROR.not_found, `no order ${orderNo}`);
  const refund = (await refundsOf(deps.store.db, [order.id])).find((r) => r.seq === seq);
  if (!refund) throw new ApiError(404, API_ERROR.not_found, `order ${orderNo} has no refund ${seq}`);
  if (refund.status !== REFUND_STATUS.failed)
    throw new ApiError(
      409,
      API_ERROR.conflict,
      refund.status === REFUND_STATUS.succeeded
        ? `refund ${seq} succeeded: there is nothing to retry`
        : `refund ${seq} is ${refund.status}: it may still succeed, so it is not sent again; wait for its result`,
    );
  const [result] = await runGatewayOperation(
    deps,
    refundOrders({ key: `retry-of:${refund.id}`, limit }),
    [
      {
        order_no: order.order_no,
        amount: toDecimal(refund.amount_minor, refund.currency),
        ...(refund.reason ? { reason: refund.reason } : {}),
      },
    ],
    requestId,
  );
  return result!;
}
