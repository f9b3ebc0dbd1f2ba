import { BATCH_LIMIT, formatGatewayMessage, GATEWAY_ERRORS } from '../../shared/gateway/errors';
import { isAmount, toDecimal, toMinor } from '../../shared/gateway/money';
import { canApply, isPaymentStatus, type PaymentEvent } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { BatchOrder, ReviewItem } from '../gateway';
import { newId } from '../ids';
import { writeAuditEvent } from '../orders';
import { insertOperations, OPERATION_STATUS, updateOperation } from './orderOperations';
import { ordersById, setCapturedAmount, type OrderRow } from '../orders';
import { runInTransaction } from '../store';
import { runBatches } from './runBatches';
import { splitIntoBatches } from './splitIntoBatches';
import type { BulkItem } from './bulkBody';
import { callBatch, type ItemOutcome } from './callBatch';
import { findTargets, type Target } from './findTargets';
import { refreshFromGateway } from './refreshFromGateway';
import { failed, succeeded, BULK_ERROR, type OrderResult } from './results';
import { settlePendingOperations } from './settlePendingOperations';

export type OrderAction = 'capture' | 'cancel' | 'review';

interface Planned {
  target: Target<BulkItem>;
  event: PaymentEvent;
  amountMinor: number;
  operationId: string;
}

function eventOf(action: OrderAction, item: BulkItem): PaymentEvent {
  if (action === 'review') return item.approve ? 'review_approve' : 'review_reject';
  return action;
}

/** Why a state the machine refuses is refused, in the gateway's words (E0009) plus the order's status. */
export function wrongState(order: OrderRow): string {
  return `${GATEWAY_ERRORS.E0009}: the order is ${order.status}`;
}

/**
 * Capture, cancel or review of any number of orders. Each order is checked against the state machine first
 * (a wrong state never reaches the gateway), journalled as pending, and sent in batches of the gateway's limit
 * (50, or 100 for review) with bounded concurrency; the gateway's answer is then confirmed by a query and
 * applied through the state machine. One result per order, in the order sent.
 */
export async function runOrderActions(
  deps: AppDeps,
  action: OrderAction,
  items: readonly BulkItem[],
  requestId?: string,
): Promise<OrderResult[]> {
  const { db } = deps.store;
  const { targets, results } = await findTargets(db, items);
  // a capture, cancel or review left pending by a crash or a time-out is settled by a query before anything is sent
  const settled = await settlePendingOperations(deps, new Map(targets.map((t) => [t.order.id, t.attempt])), {
    refresh: true,
    requestId,
  });
  const orders = settled.size
    ? await ordersById(
        db,
        targets.map((t) => t.order.id),
      )
    : undefined;

  const planned: Planned[] = [];
  for (const target of targets) {
    const order = orders?.get(target.order.id) ?? target.order;
    const event = eventOf(action, target.input);
    const earlier = settled.get(order.id);
    if (earlier?.action === event && earlier.status === OPERATION_STATUS.succeeded) {
      results.set(
        target.index,
        succeeded(target.label, { status: order.status, note: 'already done by an earlier request' }),
      );
      continue;
    }
    const from = order.payment_status;
    if (!from || !isPaymentStatus(from) || !canApply(from, event)) {
      results.set(target.index, failed(target.label, 'E0009', wrongState(order)));
      continue;
    }
    let amountMinor = order.amount_minor;
    if (action === 'capture' && target.input.amount !== undefined) {
      if (!isAmount(target.input.amount, order.currency)) {
        results.set(
          target.index,
          failed(
            target.label,
            'I0020',
            `amount is invalid: ${target.input.amount} is not an amount in ${order.currency}`,
          ),
        );
        continue;
      }
      amountMinor = toMinor(target.input.amount, order.currency);
      if (amountMinor === 0) {
        results.set(target.index, failed(target.label, 'I0021'));
        continue;
      }
      if (amountMinor > order.amount_minor) {
        results.set(
          target.index,
          failed(
            target.label,
            'I0020',
            `amount is invalid: ${target.input.amount} is over the authorised ${toDecimal(order.amount_minor, order.currency)}`,
          ),
        );
        continue;
      }
    }
    planned.push({ target: { ...target, order }, event, amountMinor, operationId: newId('op') });
  }

  const at = deps.now().toISOString();
  await runInTransaction(db, (trx) =>
    insertOperations(
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
    ),
  );

  const batches = splitIntoBatches(planned, BATCH_LIMIT[action]);
  const settledBatches = await runBatches(batches, (batch) => sendBatch(deps, action, batch, requestId));
  settledBatches.forEach((s, i) => {
    if (s.status === 'fulfilled') {
      for (const [index, result] of s.value) results.set(index, result);
      return;
    }
    // not a gateway answer (a bug, a crash of this request): the journal stays pending, as after a crash
    deps.log.error({ requestId, err: s.reason }, `admin: ${action} batch failed`);
    for (const p of batches[i]!)
      results.set(
        p.target.index,
        failed(
          p.target.label,
          BULK_ERROR.outcome_unknown,
          'the request failed while this order was being sent; it is checked on the next request or sync',
        ),
      );
  });
  return items.map((_, i) => results.get(i)!);
}

async function sendBatch(
  deps: AppDeps,
  action: OrderAction,
  batch: readonly Planned[],
  requestId: string | undefined,
): Promise<Map<number, OrderResult>> {
  const item = (p: Planned): BatchOrder => ({
    transaction_id: p.target.order.transaction_id ?? p.target.attempt.transaction_id ?? '',
    order_no: p.target.attempt.gateway_order_no,
    currency: p.target.order.currency,
    amount: toDecimal(p.amountMinor, p.target.order.currency),
  });
  const outcomes =
    action === 'review'
      ? await callBatch(
          deps.gateway,
          'review',
          batch.map((p): ReviewItem => ({ ...item(p), review_flag: p.event === 'review_approve' ? '1' : '0' })),
        )
      : await callBatch(deps.gateway, action, batch.map(item));
  const outcomeOf = (p: Planned): ItemOutcome =>
    outcomes.get(item(p).transaction_id) ?? { kind: 'unknown', message: 'no answer for this order' };

  const at = deps.now().toISOString();
  await runInTransaction(deps.store.db, async (trx) => {
    for (const p of batch) {
      const outcome = outcomeOf(p);
      const amount = `${toDecimal(p.amountMinor, p.target.order.currency)} ${p.target.order.currency}`;
      let summary: string;
      if (outcome.kind === 'unknown') {
        summary = `${p.event} ${amount}: outcome unknown, journalled as pending`;
      } else {
        const ok = outcome.kind === 'ok';
        await updateOperation(trx, p.operationId, {
          status: ok ? OPERATION_STATUS.succeeded : OPERATION_STATUS.failed,
          message: ok ? null : formatGatewayMessage(outcome.code, outcome.message),
          updated_at: at,
        });
        if (ok && action === 'capture') await setCapturedAmount(trx, p.target.order.id, p.amountMinor);
        summary = ok
          ? `${p.event} ${amount}: accepted by the gateway`
          : `${p.event} ${amount}: refused, ${formatGatewayMessage(outcome.code, outcome.message)}`;
      }
      await writeAuditEvent(
        trx,
        {
          kind: action,
          summary,
          order_no: p.target.attempt.gateway_order_no,
          attempt_id: p.target.attempt.id,
          request_id: requestId ?? null,
        },
        at,
      );
    }
  });

  // the batch answer says "done", not where the order now is (a review may land on 2000 or 3000): ask
  const accepted = batch.filter((p) => outcomeOf(p).kind === 'ok');
  await refreshFromGateway(
    deps,
    accepted.map((p) => p.target.attempt),
    requestId,
  );
  const orders = await ordersById(
    deps.store.db,
    accepted.map((p) => p.target.order.id),
  );

  const results = new Map<number, OrderResult>();
  for (const p of batch) {
    const outcome = outcomeOf(p);
    const label = p.target.label;
    if (outcome.kind === 'ok') {
      const order = orders.get(p.target.order.id);
      results.set(p.target.index, succeeded(label, { status: order?.status }));
    } else if (outcome.kind === 'failed') {
      results.set(p.target.index, failed(label, outcome.code, outcome.message));
    } else {
      results.set(p.target.index, failed(label, BULK_ERROR.outcome_unknown, outcome.message));
    }
  }
  return results;
}
