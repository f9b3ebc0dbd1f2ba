import { formatGatewayMessage } from '../../shared/gateway/errors';
import { toDecimal } from '../../shared/gateway/money';
import type { PaymentEvent } from '../../shared/gateway/status';
import type { BatchOrder, ReviewItem } from '../gateway';
import { newId } from '../ids';
import { ordersById } from '../orders';
import type { Db } from '../store';
import type { BulkItem } from './bulkBody';
import { insertOperations, OPERATION_STATUS, updateOperation, type OrderOperationRow } from './orderOperations';
import { succeeded, type OrderResult } from './results';
import type { BulkTarget, GatewayOperation } from './runGatewayOperation';
import { settlePendingOperations } from './settlePendingOperations';

type OrderAction = 'capture' | 'cancel' | 'review';

/** A capture, cancel or review journalled in order_operations, on its way to the gateway. */
interface PlannedAction {
  target: BulkTarget;
  event: PaymentEvent;
  amountMinor: number;
  operationId: string;
}

/** What one of capture, cancel and review adds to what they share. */
interface ActionRules {
  kind: OrderAction;
  event(item: BulkItem): PaymentEvent;
  /** the amount sent when the row names one (capture), or why it cannot be; else the order's whole amount */
  amount?(target: BulkTarget): { amountMinor: number } | { answer: OrderResult };
  /** the gateway's item beyond the order and its amount (review: approve or reject) */
  item?(order: BatchOrder, planned: PlannedAction): ReviewItem;
  /** what an accepted action records besides its journal row (capture: the captured amount) */
  recordAccepted?(trx: Db, planned: PlannedAction): Promise<void>;
}

/**
 * The description of capture, cancel or review (runGatewayOperation): a state-machine action on the order's
 * payment, journalled as `pending` in order_operations and sent in batches of the gateway's limit (50, or 100
 * for review); the gateway's answer is then confirmed by a query and applied through the state machine. No key
 * of their own: the order's state refuses a second one.
 */
export function journalOrderAction(
  rules: ActionRules,
): GatewayOperation<OrderAction, ReadonlyMap<string, OrderOperationRow>, PlannedAction, PlannedAction> {
  const batchOrder = (p: PlannedAction): BatchOrder => ({
    transaction_id: p.target.order.transaction_id ?? p.target.attempt.transaction_id ?? '',
    order_no: p.target.attempt.gateway_order_no,
    currency: p.target.order.currency,
    amount: toDecimal(p.amountMinor, p.target.order.currency),
  });
  return {
    kind: rules.kind,
    async settleEarlier(deps, targets, requestId) {
      // a capture, cancel or review left pending by a crash or a time-out is settled by a query before anything
      // is sent
      const settled = await settlePendingOperations(deps, new Map(targets.map((t) => [t.order.id, t.attempt])), {
        refresh: true,
        requestId,
      });
      const orders = settled.size
        ? await ordersById(
            deps.store.db,
            targets.map((t) => t.order.id),
          )
        : undefined;
      return { earlier: settled, orders };
    },
    async checkEarlier(_deps, target, settled) {
      const earlier = settled.get(target.order.id);
      if (earlier?.action === rules.event(target.input) && earlier.status === OPERATION_STATUS.succeeded)
        return {
          answer: succeeded(target.label, { status: target.order.status, note: 'already done by an earlier request' }),
        };
      return undefined;
    },
    event: rules.event,
    checkItem(target) {
      const amount = rules.amount?.(target) ?? { amountMinor: target.order.amount_minor };
      if ('answer' in amount) return amount;
      return {
        journal: {
          target,
          event: rules.event(target.input),
          amountMinor: amount.amountMinor,
          operationId: newId('op'),
        },
      };
    },
    async journal(trx, deps, planned) {
      const at = deps.now().toISOString();
      await insertOperations(
        trx,
        planned.map((p) => ({
          id: p.operationId,
          order_id: p.target.order.id,
          attempt_id: p.target.attempt.id,
          action: p.event,
          amount_minor: p.amountMinor,
          status: OPERATION_STATUS.pending,
          message: null,
          created_at: at,
          updated_at: at,
        })),
      );
      return { entries: [...planned], refused: new Map() };
    },
    item: (p) => rules.item?.(batchOrder(p), p) ?? batchOrder(p),
    async record(trx, p, outcome, at) {
      const amount = `${toDecimal(p.amountMinor, p.target.order.currency)} ${p.target.order.currency}`;
      if (outcome.kind !== 'ok' && outcome.kind !== 'failed')
        return `${p.event} ${amount}: outcome unknown, journalled as pending`;
      const ok = outcome.kind === 'ok';
      await updateOperation(trx, p.operationId, {
        status: ok ? OPERATION_STATUS.succeeded : OPERATION_STATUS.failed,
        message: ok ? null : formatGatewayMessage(outcome.code, outcome.message),
        updated_at: at,
      });
      if (ok) await rules.recordAccepted?.(trx, p);
      return ok
        ? `${p.event} ${amount}: accepted by the gateway`
        : `${p.event} ${amount}: refused, ${formatGatewayMessage(outcome.code, outcome.message)}`;
    },
    answer: (p, order) => succeeded(p.target.label, { status: order?.status }),
    lostInFlight: 'the request failed while this order was being sent; it is checked on the next request or sync',
    oneRequestPerOrder: {
      busy: `repeated submission: another request is acting on this order now (a ${rules.kind} or another action); nothing was sent for it here, look at the order once that one is done`,
    },
  };
}
