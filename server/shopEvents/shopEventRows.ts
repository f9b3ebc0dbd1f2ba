import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../store';
import type { StoreDialect } from '../store';
import type { ShopEventTable } from '../store';

export type ShopEventRow = Selectable<ShopEventTable>;

/** Writes one event to the outbox; run in the transaction of the change it reports. */
export async function insertShopEvent(trx: Db, row: Omit<Insertable<ShopEventTable>, 'seq' | 'pos'>): Promise<void> {
  await trx.insertInto('shop_events').values(row).execute();
}

/**
 * Sets the order's event mark to `mark` unless it is that already; true when it changed. The conditional update
 * takes the order's row lock (PostgreSQL), so of two transactions reporting the same state only one writes the
 * event, and the second sees the first's mark once it may go on.
 */
export async function moveEventMark(trx: Db, orderId: string, mark: string | null): Promise<boolean> {
  let update = trx.updateTable('orders').set({ event_mark: mark }).where('id', '=', orderId);
  update =
    mark === null
      ? update.where('event_mark', 'is not', null)
      : update.where((eb) => eb.or([eb('event_mark', 'is', null), eb('event_mark', '<>', mark)]));
  const r = await update.executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export function findShopEvent(db: Db, id: string): Promise<ShopEventRow | undefined> {
  return db.selectFrom('shop_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The events after position `after` (0: from the start), oldest first; test events are never listed. */
export function shopEventsAfter(db: Db, after: number, limit: number): Promise<ShopEventRow[]> {
  return db.selectFrom('shop_events').selectAll().where('pos', '>', after).orderBy('pos').limit(limit).execute();
}

/** At most this many events are positioned (and fanned out) per transaction. */
const POSITION_BATCH = 200;

/**
 * Gives the committed events that have none a position, in `seq` order, and answers them. Run by the delivery
 * worker in a transaction that also creates their deliveries.
 *
 * Why not page by `seq` itself: on PostgreSQL a sequence value is taken when the row is inserted, not when its
 * transaction commits, so event 7 can become visible before event 6 does. A puller that had read up to 7 would
 * then never see 6. Positions are handed out here, only to rows already committed (visible), one transaction
 * at a time (a transaction-scoped advisory lock, held until commit), so a position is never lower than one
 * already visible: `pos > after` never skips an event. On SQLite writers are serialised anyway.
 */
export async function positionNewEvents(trx: Db, dialect: StoreDialect): Promise<ShopEventRow[]> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.shop_events_pos'))`.execute(trx);
  const fresh = await trx
    .selectFrom('shop_events')
    .selectAll()
    .where('pos', 'is', null)
    .where('endpoint_id', 'is', null)
    .orderBy('seq')
    .limit(POSITION_BATCH)
    .execute();
  if (fresh.length === 0) return [];
  const top = await trx
    .selectFrom('shop_events')
    .select((eb) => eb.fn.max('pos').as('top'))
    .executeTakeFirst();
  let pos = Number(top?.top ?? 0);
  const positioned: ShopEventRow[] = [];
  for (const e of fresh) {
    pos += 1;
    await trx.updateTable('shop_events').set({ pos }).where('id', '=', e.id).execute();
    positioned.push({ ...e, pos });
  }
  return positioned;
}
