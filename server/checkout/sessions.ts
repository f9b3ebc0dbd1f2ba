import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../store';
import type { OrderTable, SessionRequestTable, SessionTable } from '../store';

export type SessionRow = Selectable<SessionTable>;

/**
 * A session and its one order are created together or not at all, with the keyed request that asked for them
 * when there is one: of two requests with one Idempotency-Key, the key's unique row lets one through.
 */
export async function insertSessionWithOrder(
  db: Db,
  session: Insertable<SessionTable>,
  order: Insertable<OrderTable>,
  request?: Insertable<SessionRequestTable>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (request) await trx.insertInto('session_requests').values(request).execute();
    await trx.insertInto('orders').values(order).execute();
    await trx.insertInto('sessions').values(session).execute();
  });
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}
