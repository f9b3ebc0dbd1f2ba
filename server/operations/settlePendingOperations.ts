import type { PaymentStatus } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { AttemptRow } from '../orders';
import { writeAuditEvent } from '../orders';
import {
  OPERATION_STATUS,
  settlePendingOperation,
  stalePendingOperations,
  type OrderOperationRow,
} from './orderOperations';
import { ordersById, setCapturedAmount } from '../orders';
import { runInTransaction } from '../store';
import { inFlightCutoff } from './inFlightCutoff';
import { refreshFromGateway } from './refreshFromGateway';

/** Where each journalled action leaves the order once the gateway has applied it (later refunds included). */
const REACHED_BY: Record<string, readonly PaymentStatus[]> = {
  capture: ['3000', '3100', '4100'],
  cancel: ['5000'],
  review_approve: ['2000', '3000', '3100', '4100'],
  review_reject: ['5000'],
};

/**
 * Settles captures, cancels and reviews still `pending` in the journal for these orders, past the time any
 * request could still be sending them (a crash or a time-out left them so), by asking the gateway first, never
 * by sending again: the order's state after the query says whether the action happened. `refresh: false` when
 * the caller has just queried these orders itself. Answers the settled operations by order id; those whose query failed stay pending and are not included.
 */
export async function settlePendingOperations(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  attempts: ReadonlyMap<string, AttemptRow>,
  options: { refresh: boolean; requestId?: string | undefined },
): Promise<Map<string, OrderOperationRow>> {
  const { db } = deps.store;
  const pending = await stalePendingOperations(db, [...attempts.keys()], inFlightCutoff(deps));
  const settled = new Map<string, OrderOperationRow>();
  if (pending.length === 0) return settled;
  const involved = [...new Set(pending.map((op) => op.order_id))].map((id) => attempts.get(id)!);
  const refreshed = options.refresh ? await refreshFromGateway(deps, involved, options.requestId) : undefined;
  const orders = await ordersById(
    db,
    involved.map((a) => a.order_id),
  );
  const at = deps.now().toISOString();
  await runInTransaction(db, async (trx) => {
    for (const op of pending) {
      const attempt = attempts.get(op.order_id)!;
      const order = orders.get(op.order_id);
      if (refreshed?.get(attempt.id) === 'unavailable' || !order) continue;
      const done =
        op.attempt_id === attempt.id && (REACHED_BY[op.action] ?? []).includes(order.payment_status as PaymentStatus);
      const status = done ? OPERATION_STATUS.succeeded : OPERATION_STATUS.failed;
      const message = done
        ? 'applied by the gateway (checked by query)'
        : 'not applied by the gateway (checked by query)';
      if (!(await settlePendingOperation(trx, op.id, { status, message, updated_at: at }))) continue;
      if (done && op.action === 'capture' && order.captured_minor === null)
        await setCapturedAmount(trx, order.id, op.amount_minor);
      await writeAuditEvent(
        trx,
        {
          kind: op.action.startsWith('review') ? 'review' : op.action,
          summary: `${op.action} from an earlier request: ${message}`,
          order_no: attempt.gateway_order_no,
          attempt_id: attempt.id,
          request_id: options.requestId ?? null,
        },
        at,
      );
      settled.set(op.order_id, { ...op, status, message, updated_at: at });
    }
  });
  return settled;
}
