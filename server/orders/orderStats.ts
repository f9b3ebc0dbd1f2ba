import { sql } from 'kysely';
import type { StatsDay } from '../../shared/contract/adminOrders';
import type { OrderStatus } from '../../shared/gateway/status';
import type { Db } from '../store';

/** Statuses whose money was captured; a refund can follow only a capture. */
const CAPTURED: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

/**
 * Orders created in [from, to) per UTC day, status and currency, with their count and amount, and what of it was
 * captured and refunded (the overview's net volume is captured minus refunded). Times are
 * stored as ISO-8601 UTC text, so the day is the first ten characters on both databases.
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
      sql<number>`cast(sum(case when status in (${sql.join(CAPTURED)}) then coalesce(captured_minor, amount_minor) else 0 end) as bigint)`.as(
        'captured_minor',
      ),
      sql<number>`cast(sum(refunded_minor) as bigint)`.as('refunded_minor'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy([date, 'status', 'currency'])
    .orderBy(date)
    .orderBy('status')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    volume_minor: Number(r.volume_minor),
    captured_minor: Number(r.captured_minor),
    refunded_minor: Number(r.refunded_minor),
  }));
}
