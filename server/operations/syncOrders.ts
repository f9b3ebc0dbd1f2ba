import type { AppDeps } from '../deps';
import { markRefundedInFull, ordersById } from '../orders';
import { findTargets } from './findTargets';
import { refreshFromGateway } from './refreshFromGateway';
import { BULK_ERROR, failed, succeeded, type OrderResult } from './results';
import { settlePendingOperations } from './settlePendingOperations';
import { settlePendingRefunds } from '../refunds';

/**
 * Asks the gateway about any number of orders (queries of 100) and applies what it reports through the state
 * machine; then settles what the journal still holds as pending for them (captures, cancels, reviews, refunds).
 * One result per order: ok with its status now, or why its state could not be confirmed.
 */
export async function syncOrders(
  deps: AppDeps,
  orderNos: readonly string[],
  requestId?: string,
): Promise<OrderResult[]> {
  const { db } = deps.store;
  const inputs = orderNos.map((order_no) => ({ order_no }));
  const { targets, results, unpaid } = await findTargets(db, inputs, 'sync');
  for (const index of unpaid) {
    const label = { order_no: orderNos[index]! };
    results.set(index, succeeded(label, { status: 'created', note: 'no payment yet: nothing to ask the gateway' }));
  }
  const refreshed = await refreshFromGateway(
    deps,
    targets.map((t) => t.attempt),
    requestId,
  );
  await settlePendingOperations(deps, new Map(targets.map((t) => [t.order.id, t.attempt])), {
    refresh: false,
    requestId,
  });
  // the refunds not final too: a result whose notification was lost is found by the refund search
  await settlePendingRefunds(
    deps,
    targets.map((t) => t.order.id),
    { requestId, inFlight: true },
  );
  const ids = targets.map((t) => t.order.id);
  await markRefundedInFull(db, ids);
  const orders = await ordersById(db, ids);
  for (const t of targets) {
    const outcome = refreshed.get(t.attempt.id);
    const status = orders.get(t.order.id)?.status ?? t.order.status;
    if (outcome === 'unavailable')
      results.set(
        t.index,
        failed(t.label, BULK_ERROR.gateway_unavailable, 'the gateway could not be asked; try again later'),
      );
    else if (outcome === 'not_found')
      results.set(t.index, failed(t.label, 'I0115', 'record not found: the gateway has no payment for this order'));
    else if (outcome === 'mismatch')
      results.set(
        t.index,
        failed(
          t.label,
          BULK_ERROR.mismatch,
          'the gateway reports another amount, currency or transaction for this order; not applied (see the audit log)',
        ),
      );
    else results.set(t.index, succeeded(t.label, { status }));
  }
  return inputs.map((_, i) => results.get(i)!);
}
