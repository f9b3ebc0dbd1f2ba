import { isPaymentStatus } from '../../shared/gateway/status';
import { unknownStatusNote } from '../orders';
import { attemptsById, type AttemptRow } from '../orders';
import type { Db } from '../store';
import { findOrdersByKeys } from '../orders';
import type { OrderRow } from '../orders';
import { failed, type OrderResult, type ResultLabel } from './results';

/** An order of a bulk request, found, with its current payment attempt (the one the gateway knows). */
export interface Target<I> {
  /** position in the request, so results come back in the order sent */
  index: number;
  input: I;
  label: ResultLabel;
  order: OrderRow;
  attempt: AttemptRow;
}

export interface Found<I> {
  targets: Target<I>[];
  /** results already decided (not found, named twice, no payment yet), by request position */
  results: Map<number, OrderResult>;
  /** the positions whose order has no payment attempt yet (their result is E0009) */
  unpaid: Set<number>;
}

/**
 * Finds the orders a request names, by order_no or transaction_id. An unknown order is I0115; an order named
 * twice in one request is E0008 from its second mention on (two operations on one order in one gateway call
 * would race each other); an order without a payment attempt has nothing the gateway could act on (E0009), nor
 * has one whose gateway status code is unknown to this version (docs/protocol-decisions.md 4: settled by query, never
 * acted on).
 */
export async function findTargets<I extends { order_no?: string | undefined; transaction_id?: string | undefined }>(
  db: Db,
  inputs: readonly I[],
  /** `sync` is a query: it may, and should, look at an order with an unknown status code */
  purpose: 'action' | 'sync' = 'action',
): Promise<Found<I>> {
  const orders = await findOrdersByKeys(db, {
    orderNos: [...new Set(inputs.flatMap((i) => (i.order_no === undefined ? [] : [i.order_no])))],
    transactionIds: [
      ...new Set(
        inputs.flatMap((i) => (i.order_no === undefined && i.transaction_id !== undefined ? [i.transaction_id] : [])),
      ),
    ],
  });
  const byNo = new Map(orders.map((o) => [o.order_no, o]));
  const byTransaction = new Map(orders.filter((o) => o.transaction_id).map((o) => [o.transaction_id!, o]));
  const attempts = await attemptsById(
    db,
    orders.flatMap((o) => (o.current_attempt_id ? [o.current_attempt_id] : [])),
  );

  const results = new Map<number, OrderResult>();
  const targets: Target<I>[] = [];
  const unpaid = new Set<number>();
  const seen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    const order = input.order_no !== undefined ? byNo.get(input.order_no) : byTransaction.get(input.transaction_id!);
    const label: ResultLabel = {
      order_no: order?.order_no ?? input.order_no ?? input.transaction_id!,
      ...(input.transaction_id !== undefined ? { transaction_id: input.transaction_id } : {}),
    };
    if (!order) {
      results.set(index, failed(label, 'I0115', 'record not found: no order with this order_no or transaction_id'));
      continue;
    }
    if (seen.has(order.id)) {
      results.set(
        index,
        failed(label, 'E0008', 'repeated submission: the order is named more than once in this request'),
      );
      continue;
    }
    seen.add(order.id);
    const attempt = order.current_attempt_id ? attempts.get(order.current_attempt_id) : undefined;
    if (!attempt) {
      unpaid.add(index);
      results.set(index, failed(label, 'E0009', 'Wrong operation for the order status: the order has no payment yet'));
      continue;
    }
    if (purpose === 'action' && attempt.payment_status !== null && !isPaymentStatus(attempt.payment_status)) {
      results.set(
        index,
        failed(
          label,
          'E0009',
          `Wrong operation for the order status: ${unknownStatusNote(attempt.payment_status)}; no automatic action until a query settles it`,
        ),
      );
      continue;
    }
    targets.push({ index, input, label, order, attempt });
  }
  return { targets, results, unpaid };
}
