import { sql } from 'kysely';
import type { OrderStatus } from '../../shared/gateway/status';
import type { Db } from '../store';
import type { OrderRow } from './orders';

export interface OrderFilter {
  status?: OrderStatus | undefined;
  /** ISO-8601 UTC, inclusive */
  from?: string | undefined;
  /** ISO-8601 UTC, exclusive */
  to?: string | undefined;
  /** a piece of the order_no, e-mail or transaction_id, any case */
  q?: string | undefined;
}

/** `%` and `_` in the owner's search text are meant literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows of `orders` that match `filter`: one rule for the list and its count. */
function matching(db: Db, filter: OrderFilter) {
  let q = db.selectFrom('orders');
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('created_at', '>=', filter.from);
  if (filter.to) q = q.where('created_at', '<', filter.to);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    // explicit ESCAPE: SQLite has no default escape character for LIKE
    const like = (column: 'order_no' | 'email' | 'transaction_id') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    q = q.where((eb) => eb.or([like('order_no'), like('email'), like('transaction_id')]));
  }
  return q;
}

/** The orders matching `filter`, newest first; `after` is the (created_at, id) of the last row of the previous page. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { after?: { at: string; id: string } | undefined; limit: number },
): Promise<OrderRow[]> {
  let q = matching(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit);
  const after = page.after;
  if (after)
    q = q.where((eb) =>
      eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]),
    );
  return q.execute();
}

/** How many orders match `filter` in all (the owner sees "N orders" above a page of them). */
export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The payment method (`card`, `pix`, ...) of each order's current attempt, by order id; absent before one. */
export async function currentMethodsOf(db: Db, orders: readonly OrderRow[]): Promise<Map<string, string>> {
  const ids = orders.map((o) => o.current_attempt_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('payment_attempts')
    .select(['order_id', 'method_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.method_id]));
}

/** Orders named by the shop's order_no or by the gateway's transaction_id. */
export async function findOrdersByKeys(
  db: Db,
  keys: { orderNos: readonly string[]; transactionIds: readonly string[] },
): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  const CHUNK = 500;
  for (let i = 0; i < keys.orderNos.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('orders')
        .selectAll()
        .where('order_no', 'in', keys.orderNos.slice(i, i + CHUNK))
        .execute()),
    );
  }
  for (let i = 0; i < keys.transactionIds.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('orders')
        .selectAll()
        .where('transaction_id', 'in', keys.transactionIds.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return rows;
}
