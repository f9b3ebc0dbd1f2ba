import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { PayoutRecipientTable } from '../store';

export type PayoutRecipientRow = Selectable<PayoutRecipientTable>;

export async function insertRecipient(db: Db, row: Insertable<PayoutRecipientTable>): Promise<void> {
  await db.insertInto('payout_recipients').values(row).execute();
}

export function findRecipient(db: Db, id: string): Promise<PayoutRecipientRow | undefined> {
  return db.selectFrom('payout_recipients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By name; archived ones only when asked for. An owner keeps tens of recipients, not thousands: one page. */
export function listRecipients(db: Db, withArchived: boolean, limit: number): Promise<PayoutRecipientRow[]> {
  let q = db.selectFrom('payout_recipients').selectAll().orderBy('name').orderBy('id').limit(limit);
  if (!withArchived) q = q.where('archived_at', 'is', null);
  return q.execute();
}

/** Changes a recipient that is not archived; false when there is none to change. */
export async function updateRecipient(db: Db, id: string, patch: Updateable<PayoutRecipientTable>): Promise<boolean> {
  const result = await db
    .updateTable('payout_recipients')
    .set(patch)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
