import type { Selectable, Updateable } from 'kysely';
import type { OrderStatus } from '../../shared/gateway/status';
import type { Db } from './db';
import type { PaymentAttemptTable } from './schema';

export type AttemptRow = Selectable<PaymentAttemptTable>;

/** Statuses whose outcome the gateway has not settled yet: the reconcile loop asks about these. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['created', 'unknown', 'pending'];

export async function findAttempt(db: Db, id: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAttemptByGatewayOrderNo(db: Db, gatewayOrderNo: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('gateway_order_no', '=', gatewayOrderNo)
    .executeTakeFirst();
}

export async function findAttemptByIdempotencyKey(
  db: Db,
  sessionId: string,
  key: string,
): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Every attempt of an order, first to last. */
export async function listAttempts(db: Db, orderId: string): Promise<AttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
}

export async function updateAttempt(db: Db, id: string, patch: Updateable<PaymentAttemptTable>): Promise<void> {
  await db.updateTable('payment_attempts').set(patch).where('id', '=', id).execute();
}

/**
 * Hands out the card frame's HTML once per token: the token is claimed by a conditional update, so of two
 * concurrent requests for one token only one gets the page, on SQLite and PostgreSQL alike. The HTML itself is
 * kept while the attempt is pending, so a reloaded widget can reopen the same checkout under a new token
 * (renewFrameToken); it is served only while the attempt is pending.
 */
export async function takeFrameHtml(
  db: Db,
  token: string,
  now: string,
): Promise<{ attempt: AttemptRow; html: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('frame_token', '=', token)
      .where('frame_served_at', 'is', null)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!attempt?.frame_html) return undefined;
    const claimed = await trx
      .updateTable('payment_attempts')
      .set({ frame_served_at: now, updated_at: now })
      .where('id', '=', attempt.id)
      .where('frame_token', '=', token)
      .where('frame_served_at', 'is', null)
      .executeTakeFirst();
    return claimed.numUpdatedRows === 1n ? { attempt, html: attempt.frame_html } : undefined;
  });
}

/**
 * Gives a pending card attempt's kept checkout HTML a fresh one-time token; the previous token stops working
 * in the same update. False when the attempt is not (or no longer) a pending card attempt with its page kept.
 */
export async function renewFrameToken(db: Db, attemptId: string, token: string, now: string): Promise<boolean> {
  const renewed = await db
    .updateTable('payment_attempts')
    .set({ frame_token: token, frame_served_at: null, updated_at: now })
    .where('id', '=', attemptId)
    .where('kind', '=', 'card')
    .where('status', '=', 'pending')
    .where('frame_html', 'is not', null)
    .executeTakeFirst();
  return renewed.numUpdatedRows === 1n;
}

/** Open attempts due for a check, oldest due first. */
export async function attemptsDueForCheck(db: Db, now: string, limit: number): Promise<AttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', 'in', OPEN_STATUSES)
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
}
