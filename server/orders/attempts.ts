import type { Insertable, Selectable, Updateable } from 'kysely';
import type { OrderStatus } from '../../shared/gateway/status';
import type { Db } from '../store';
import { compiledOnce, isUniqueViolation } from '../store';
import type { PaymentAttemptTable } from '../store';

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
 * Hands out the card frame's form (JSON CheckoutForm) once per token: the token is claimed by a conditional
 * update, so of two concurrent requests for one token only one gets the page, on SQLite and PostgreSQL alike. The
 * form itself is kept while the attempt is pending, so a reloaded widget can reopen the same checkout under a new
 * token (renewFrameToken); it is served only while the attempt is pending.
 */
export async function takeFrameForm(
  db: Db,
  token: string,
  now: string,
): Promise<{ attempt: AttemptRow; form: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('frame_token', '=', token)
      .where('frame_served_at', 'is', null)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!attempt?.frame_form) return undefined;
    const claimed = await trx
      .updateTable('payment_attempts')
      .set({ frame_served_at: now, updated_at: now })
      .where('id', '=', attempt.id)
      .where('frame_token', '=', token)
      .where('frame_served_at', 'is', null)
      .executeTakeFirst();
    return claimed.numUpdatedRows === 1n ? { attempt, form: attempt.frame_form } : undefined;
  });
}

/** The session of the attempt a frame link belongs to (undefined: no such link). */
export async function sessionOfFrameToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_attempts')
    .select('session_id')
    .where('frame_token', '=', token)
    .executeTakeFirst();
  return row?.session_id;
}

/**
 * Gives a pending card attempt's kept checkout form a fresh one-time token; the previous token stops working
 * in the same update. False when the attempt is not (or no longer) a pending card attempt with its page kept.
 */
export async function renewFrameToken(db: Db, attemptId: string, token: string, now: string): Promise<boolean> {
  const renewed = await db
    .updateTable('payment_attempts')
    .set({ frame_token: token, frame_served_at: null, updated_at: now })
    .where('id', '=', attemptId)
    .where('kind', '=', 'card')
    .where('status', '=', 'pending')
    .where('frame_form', 'is not', null)
    .executeTakeFirst();
  return renewed.numUpdatedRows === 1n;
}

/**
 * Marks a pending attempt abandoned by the shopper (server/checkout/abandonPayment.ts) and drops its kept card page, so
 * the page can neither be served nor reopened; the attempt stays open for the reconcile loop. False when it is
 * no longer pending.
 */
export async function markAbandoned(db: Db, attemptId: string, now: string): Promise<boolean> {
  const marked = await db
    .updateTable('payment_attempts')
    .set({ abandoned_at: now, frame_form: null, updated_at: now })
    .where('id', '=', attemptId)
    .where('status', '=', 'pending')
    .where('abandoned_at', 'is', null)
    .executeTakeFirst();
  return marked.numUpdatedRows === 1n;
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

/** Each of `ids` that exists, by id (in chunks, under every database's parameter limit). */
export async function attemptsById(db: Db, ids: readonly string[]): Promise<Map<string, AttemptRow>> {
  const map = new Map<string, AttemptRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** The status and sequence number of every attempt of an order: enough to decide whether another may start. */
export async function attemptStatusesOf(
  db: Db,
  orderId: string,
): Promise<Pick<AttemptRow, 'status' | 'seq' | 'stranded_at' | 'abandoned_at'>[]> {
  return (await selectAttemptStatuses(db, { orderId })).rows;
}

// the payment path's statements, compiled once (server/store/compiledOnce.ts)
const selectAttemptStatuses = compiledOnce((db: Db, v: { orderId: string }) =>
  db
    .selectFrom('payment_attempts')
    .select(['status', 'seq', 'stranded_at', 'abandoned_at'])
    .where('order_id', '=', v.orderId),
);
const insertAttemptRow = compiledOnce(
  (db: Db, attempt: Insertable<PaymentAttemptTable>) => db.insertInto('payment_attempts').values(attempt),
  { deferrable: true },
);
const moveCreated = compiledOnce((db: Db, v: Updateable<PaymentAttemptTable> & { $id: string }) => {
  const { $id, ...patch } = v;
  return db.updateTable('payment_attempts').set(patch).where('id', '=', $id).where('status', '=', 'created');
});

/** Another attempt took the place first: its (order, seq), gateway order number or idempotency key. */
export class AttemptTakenError extends Error {
  override name = 'AttemptTakenError';
}

/**
 * Stores a new attempt, then runs `next`, the transaction's next statement: on PostgreSQL the insert travels with
 * it (server/store/pipelineStatements.ts), so a refusal of the insert surfaces there. AttemptTakenError when a
 * unique key refuses the attempt, the database's own verdict on two concurrent payments (SQLite serialises them, so
 * there the later one usually sees the first and never gets here).
 */
export async function insertAttemptThen<T>(
  trx: Db,
  attempt: Insertable<PaymentAttemptTable>,
  next: () => Promise<T>,
): Promise<T> {
  try {
    await insertAttemptRow(trx, attempt);
    return await next();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AttemptTakenError('another payment attempt of this order was stored first');
    throw e;
  }
}

/**
 * Moves an attempt only if its gateway status is still `from` (null: the gateway has given none yet), so of two
 * transactions applying statuses to one attempt the second sees a change and is run again. False when it moved
 * under us.
 */
export async function moveAttemptFrom(
  trx: Db,
  id: string,
  from: string | null,
  patch: Updateable<PaymentAttemptTable>,
): Promise<boolean> {
  const update = trx.updateTable('payment_attempts').set(patch).where('id', '=', id);
  const moved = await (from === null
    ? update.where('payment_status', 'is', null)
    : update.where('payment_status', '=', from)
  ).executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** Moves an attempt still in `created` (no outcome stored yet); false when something moved it first. */
export async function moveCreatedAttempt(
  trx: Db,
  id: string,
  patch: Updateable<PaymentAttemptTable>,
): Promise<boolean> {
  const moved = await moveCreated(trx, { ...patch, $id: id });
  return moved.numAffectedRows === 1n;
}

/**
 * Closes an attempt the gateway never gave a status to, if it is still in `from`; false when it moved
 * meanwhile (a notification or another pass got there first).
 */
export async function closeAttemptWithoutStatus(
  trx: Db,
  id: string,
  from: OrderStatus,
  patch: Updateable<PaymentAttemptTable>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('payment_attempts')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('payment_status', 'is', null)
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** Fills in an attempt's `<code>:<text>` reason, unless it has one already. */
export async function keepAttemptMessage(trx: Db, id: string, message: string, at: string): Promise<void> {
  await trx
    .updateTable('payment_attempts')
    .set({ message, updated_at: at })
    .where('id', '=', id)
    .where('message', 'is', null)
    .execute();
}

/** Sets when an attempt is next checked, and counts the check, while its outcome is still open. */
export async function scheduleNextCheck(db: Db, id: string, checks: number, nextCheckAt: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ checks, next_check_at: nextCheckAt })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/** The attempts of the order with the shop's `orderNo`: their ids and the order numbers the gateway knows. */
export async function attemptsOfOrderNo(
  db: Db,
  orderNo: string,
): Promise<Pick<AttemptRow, 'id' | 'gateway_order_no'>[]> {
  return db
    .selectFrom('payment_attempts')
    .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
    .select(['payment_attempts.id', 'payment_attempts.gateway_order_no'])
    .where('orders.order_no', '=', orderNo)
    .execute();
}

/** The shop's order_no of the attempts named by id or by gateway order number (empty when none is named). */
export async function shopOrderNosOfAttempts(
  db: Db,
  attemptIds: readonly string[],
  gatewayOrderNos: readonly string[],
): Promise<{ attempt_id: string; gateway_order_no: string; order_no: string }[]> {
  if (attemptIds.length === 0 && gatewayOrderNos.length === 0) return [];
  return db
    .selectFrom('payment_attempts')
    .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
    .select(['payment_attempts.id as attempt_id', 'payment_attempts.gateway_order_no', 'orders.order_no'])
    .where((eb) =>
      eb.or([
        ...(attemptIds.length ? [eb('payment_attempts.id', 'in', [...attemptIds])] : []),
        ...(gatewayOrderNos.length ? [eb('payment_attempts.gateway_order_no', 'in', [...gatewayOrderNos])] : []),
      ]),
    )
    .execute();
}
