import type { Insertable, Selectable } from 'kysely';
import type { Db } from './openStore';
import type { DisputeTable } from './schema';

export type DisputeRow = Selectable<DisputeTable>;

export async function insertDispute(db: Db, row: Insertable<DisputeTable>): Promise<void> {
  await db.insertInto('disputes').values(row).execute();
}

export function getDispute(db: Db, disputeId: string): Promise<DisputeRow | undefined> {
  return db.selectFrom('disputes').selectAll().where('dispute_id', '=', disputeId).executeTakeFirst();
}

/** The disputes of one transaction, oldest first. */
export function disputesOf(db: Db, transactionId: string): Promise<DisputeRow[]> {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .orderBy('created_at')
    .orderBy('dispute_id')
    .execute();
}

export function listDisputes(
  db: Db,
  filter: { order_no?: string | undefined; transaction_id?: string | undefined },
  limit = 100,
): Promise<DisputeRow[]> {
  let q = db.selectFrom('disputes').selectAll();
  if (filter.order_no) q = q.where('order_no', '=', filter.order_no);
  if (filter.transaction_id) q = q.where('transaction_id', '=', filter.transaction_id);
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}

/** Open disputes whose planned outcome is due. */
export function disputesDue(db: Db, now: number, limit = 20): Promise<DisputeRow[]> {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('state', '=', 'open')
    .where('decide_at', 'is not', null)
    .where('decide_at', '<=', now)
    .orderBy('decide_at')
    .limit(limit)
    .execute();
}

/** Decides an open dispute, once: false when it was already decided. */
export async function decideIfOpen(db: Db, disputeId: string, state: 'won' | 'lost', now: number): Promise<boolean> {
  const r = await db
    .updateTable('disputes')
    .set({ state, decided_at: now, decide_at: null })
    .where('dispute_id', '=', disputeId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** What the lost disputes of a transaction took back, in minor units. */
export async function lostDisputeMinor(db: Db, transactionId: string): Promise<number> {
  const rows = await db
    .selectFrom('disputes')
    .select('amount_minor')
    .where('transaction_id', '=', transactionId)
    .where('state', '=', 'lost')
    .execute();
  return rows.reduce((sum, r) => sum + r.amount_minor, 0);
}
