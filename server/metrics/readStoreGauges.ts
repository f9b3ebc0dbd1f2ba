import { sql } from 'kysely';
import { OPEN_STATUSES } from '../orders';
import type { Db } from '../store';
import { OPERATION_STATUS } from '../operations';
import { REFUND_STATUS } from '../refunds';

export interface StoreGauges {
  ordersByStatus: Record<string, number>;
  outbox: { refund: number; order_operation: number; payout: number };
  reconcileBacklog: { due: number; scheduled: number };
  /** payment alerts (issue #18) by kind and state: `refunded` once the extra payment's refund succeeded, else `open` */
  paymentAlerts: { kind: string; state: 'open' | 'refunded'; count: number }[];
}

const count = sql<number>`count(*)`;

/** The store's state for the metrics scrape: a handful of COUNTs, run together. */
export async function readStoreGauges(db: Db, now: Date): Promise<StoreGauges> {
  const at = now.toISOString();
  const [orders, refunds, operations, payouts, due, scheduled, alerts] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', count.as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('refunds')
      .select(count.as('n'))
      .where('status', '=', REFUND_STATUS.requested)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_operations')
      .select(count.as('n'))
      .where('status', '=', OPERATION_STATUS.pending)
      .executeTakeFirstOrThrow(),
    // SENDING: stored, sent or about to be, no answer yet (PROCESSING is the gateway's business, not our outbox)
    db.selectFrom('payouts').select(count.as('n')).where('status', '=', 'SENDING').executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_attempts')
      .select(count.as('n'))
      .where('status', 'in', OPEN_STATUSES)
      .where('next_check_at', '<=', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_attempts')
      .select(count.as('n'))
      .where('status', 'in', OPEN_STATUSES)
      .where('next_check_at', '>', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_alerts')
      .select(['kind', 'refund_status', count.as('n')])
      .groupBy(['kind', 'refund_status'])
      .execute(),
  ]);
  const paymentAlerts: StoreGauges['paymentAlerts'] = [];
  for (const row of alerts) {
    const state = row.refund_status === 'succeeded' ? 'refunded' : 'open';
    const same = paymentAlerts.find((a) => a.kind === row.kind && a.state === state);
    if (same) same.count += Number(row.n);
    else paymentAlerts.push({ kind: row.kind, state, count: Number(row.n) });
  }
  return {
    ordersByStatus: Object.fromEntries(orders.map((r) => [r.status, Number(r.n)])),
    outbox: { refund: Number(refunds.n), order_operation: Number(operations.n), payout: Number(payouts.n) },
    reconcileBacklog: { due: Number(due.n), scheduled: Number(scheduled.n) },
    paymentAlerts,
  };
}
