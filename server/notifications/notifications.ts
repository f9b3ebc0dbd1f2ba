import type { Insertable } from 'kysely';
import type { Db } from '../store';
import type { NotificationTable } from '../store';

/** Records a notify_id; false when it was already recorded (a duplicate delivery). */
export async function recordNotification(db: Db, row: Insertable<NotificationTable>): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('notify_id').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function setNotificationOutcome(
  db: Db,
  notifyId: string,
  outcome: string,
  attemptId: string | null,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ outcome, attempt_id: attemptId })
    .where('notify_id', '=', notifyId)
    .execute();
}
