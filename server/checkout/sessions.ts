import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../store';
import type { OrderTable, SessionTable } from '../store';

export type SessionRow = Selectable<SessionTable>;

/** A session and its one order are created together or not at all. */
export async function insertSessionWithOrder(
  db: Db,
  session: Insertable<SessionTable>,
  order: Insertable<OrderTable>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('orders').values(order).execute();
    await trx.insertInto('sessions').values(session).execute();
  });
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}
