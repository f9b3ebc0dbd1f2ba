import type { Selectable } from 'kysely';
import type { Db } from './openStore';
import type { NotificationAttemptTable, NotificationTable } from './schema';

export type NotificationRow = Selectable<NotificationTable>;
export type AttemptRow = Selectable<NotificationAttemptTable>;

/** Undelivered notifications whose time has come, oldest first, except the `held` ones (notify_ids). */
export function dueNotifications(
  db: Db,
  now: number,
  limit: number,
  held: readonly string[] = [],
): Promise<NotificationRow[]> {
  let q = db
    .selectFrom('notifications')
    .selectAll()
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('next_attempt_at', '<=', now);
  if (held.length) q = q.where('notify_id', 'not in', held);
  return q.orderBy('next_attempt_at').orderBy('created_at').limit(limit).execute();
}

/** Moves a notification's next attempt to `at` without recording an attempt (the `delay` fault). */
export async function postponeNotification(db: Db, notifyId: string, at: number): Promise<void> {
  await db.updateTable('notifications').set({ next_attempt_at: at }).where('notify_id', '=', notifyId).execute();
}

export interface AttemptResult {
  http_status: number | null;
  response_body: string | null;
  error: string | null;
}

/** Records one delivery attempt and what follows from it, atomically. */
export async function recordAttempt(
  db: Db,
  row: NotificationRow,
  attempt: AttemptResult & { attempted_at: number },
  next: { delivered_at?: number; gave_up_at?: number; next_attempt_at?: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_attempts')
      .values({ notify_id: row.notify_id, ...attempt })
      .execute();
    await trx
      .updateTable('notifications')
      .set({ attempts: row.attempts + 1, ...next })
      .where('notify_id', '=', row.notify_id)
      .execute();
  });
}

export async function listNotifications(
  db: Db,
  filter: { order_no?: string; transaction_id?: string; notify_type?: string; account_id?: string },
): Promise<(NotificationRow & { attempt_list: AttemptRow[] })[]> {
  let q = db.selectFrom('notifications').selectAll();
  if (filter.order_no) q = q.where('order_no', '=', filter.order_no);
  if (filter.transaction_id) q = q.where('transaction_id', '=', filter.transaction_id);
  if (filter.notify_type) q = q.where('notify_type', '=', filter.notify_type);
  if (filter.account_id) q = q.where('account_id', '=', filter.account_id);
  const rows = await q.orderBy('created_at').limit(500).execute();
  const ids = rows.map((r) => r.notify_id);
  const attempts = ids.length
    ? await db.selectFrom('notification_attempts').selectAll().where('notify_id', 'in', ids).orderBy('id').execute()
    : [];
  return rows.map((r) => ({ ...r, attempt_list: attempts.filter((a) => a.notify_id === r.notify_id) }));
}
