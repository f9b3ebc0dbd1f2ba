import type { Selectable } from 'kysely';
import type { Db } from './db';
import type { OrderTable } from './schema';

export type OrderRow = Selectable<OrderTable>;

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}
