import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { PayoutTable } from '../store';

export type PayoutRow = Selectable<PayoutTable>;

/**
 * `SENDING`: stored, sent or about to be, no answer yet; then the gateway's own PROCESSING, COMPLETED or
 * FAILED. Only SENDING and PROCESSING may still change.
 */
const OPEN_PAYOUT_STATUSES: readonly string[] = ['SENDING', 'PROCESSING'];

/** Inserts the payout unless its Idempotency-Key is already taken; true when this call inserted it. */
export async function insertPayout(db: Db, row: Insertable<PayoutTable>): Promise<boolean> {
  const result = await db
    .insertInto('payouts')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function findPayoutByKey(db: Db, idempotencyKey: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function findPayout(db: Db, id: string): Promise<PayoutRow | undefined> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('request_id', '=', id)]))
    .executeTakeFirst();
}

export async function findPayoutByRequestId(db: Db, requestId: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Moves a payout only while it is open, so a late or replayed answer never overwrites a final status. Once it
 * has left SENDING the unmasked request kept for a resend is dropped.
 */
export async function updateOpenPayout(db: Db, id: string, patch: Updateable<PayoutTable>): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set(patch.status && patch.status !== 'SENDING' ? { ...patch, pending_request: null } : patch)
    .where('id', '=', id)
    .where('status', 'in', OPEN_PAYOUT_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Newest first; `after` is the (created_at, id) of the last payout of the previous page. */
export async function listPayouts(
  db: Db,
  page: { after?: { at: string; id: string }; limit: number },
): Promise<PayoutRow[]> {
  let q = db.selectFrom('payouts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit);
  const after = page.after;
  if (after)
    q = q.where((eb) =>
      eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]),
    );
  return q.execute();
}

/** Removes a payout the gateway never took (refused, or not reached), while it is still SENDING. */
export async function deleteUnsentPayout(db: Db, id: string): Promise<void> {
  await db.deleteFrom('payouts').where('id', '=', id).where('status', '=', 'SENDING').execute();
}

/** SENDING payouts last touched before `before` whose request can be sent again: reconcile's to settle. */
export async function sendingPayoutsDue(db: Db, before: string, limit: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('status', '=', 'SENDING')
    .where('pending_request', 'is not', null)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Marks a SENDING payout as looked at, so the next look waits its turn. */
export async function touchSendingPayout(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .execute();
}
