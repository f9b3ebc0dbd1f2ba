import { sql } from 'kysely';
import type { MoneyDay, StatsDay } from '../../shared/contract/adminOrders';
import type { Db } from '../store';

/**
 * Orders created in [from, to) per UTC day, status and currency, with their count and amount (the overview's
 * chart of orders). Times are stored as ISO-8601 UTC text, so the day is the first ten characters on both
 * databases.
 */
export async function orderStats(db: Db, from: string, to: string): Promise<StatsDay[]> {
  const date = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('orders')
    .select([
      date.as('date'),
      'status',
      'currency',
      sql<number>`cast(count(*) as bigint)`.as('count'),
      // sum() of a PostgreSQL bigint is numeric (a string in pg); back to bigint, which the store reads as a number
      sql<number>`cast(sum(amount_minor) as bigint)`.as('volume_minor'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy([date, 'status', 'currency'])
    .orderBy(date)
    .orderBy('status')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count), volume_minor: Number(r.volume_minor) }));
}

/**
 * The money that moved in [from, to), per UTC day and currency, each amount on the day it moved: gross (what was
 * captured, on the day the order was paid or captured: `orders.paid_at`), refunded (each refund on the day it
 * succeeded: a refund is final once succeeded, so its `updated_at` is that moment) and lost in disputes (each
 * chargeback on the day it was closed as lost). A month's figures therefore never change when one of its orders
 * is refunded or disputed later: the later month carries it. Net is gross - refunded - lost.
 */
export async function moneyByDay(db: Db, from: string, to: string): Promise<MoneyDay[]> {
  const gross = db
    .selectFrom('orders')
    .select([
      sql<string>`substr(paid_at, 1, 10)`.as('date'),
      'currency',
      sql<number>`coalesce(captured_minor, amount_minor)`.as('gross_minor'),
      sql<number>`0`.as('refunded_minor'),
      sql<number>`0`.as('lost_minor'),
    ])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to);
  const refunded = db
    .selectFrom('refunds')
    .select([
      sql<string>`substr(updated_at, 1, 10)`.as('date'),
      'currency',
      sql<number>`0`.as('gross_minor'),
      'amount_minor as refunded_minor',
      sql<number>`0`.as('lost_minor'),
    ])
    .where('status', '=', 'succeeded')
    .where('updated_at', '>=', from)
    .where('updated_at', '<', to);
  const lost = db
    .selectFrom('disputes')
    .select([
      sql<string>`substr(closed_at, 1, 10)`.as('date'),
      'currency',
      sql<number>`0`.as('gross_minor'),
      sql<number>`0`.as('refunded_minor'),
      'amount_minor as lost_minor',
    ])
    .where('outcome', '=', 'lost')
    .where('closed_at', '>=', from)
    .where('closed_at', '<', to);
  const rows = await db
    .selectFrom(gross.unionAll(refunded).unionAll(lost).as('moved'))
    .select([
      'date',
      'currency',
      sql<number>`cast(sum(gross_minor) as bigint)`.as('gross_minor'),
      sql<number>`cast(sum(refunded_minor) as bigint)`.as('refunded_minor'),
      sql<number>`cast(sum(lost_minor) as bigint)`.as('lost_minor'),
    ])
    .groupBy(['date', 'currency'])
    .orderBy('date')
    .orderBy('currency')
    .execute();
  return rows.map((r) => {
    const money = { gross_minor: Number(r.gross_minor), refunded_minor: Number(r.refunded_minor) };
    const lostMinor = Number(r.lost_minor);
    return {
      date: r.date,
      currency: r.currency,
      ...money,
      lost_minor: lostMinor,
      net_minor: money.gross_minor - money.refunded_minor - lostMinor,
    };
  });
}
