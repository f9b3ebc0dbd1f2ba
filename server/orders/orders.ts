import { sql, type Selectable, type Updateable } from 'kysely';
import { compiledOnce, type Db } from '../store';
import type { OrderTable } from '../store';
import type { OrderStatus } from '../../shared/gateway/status';

export type OrderRow = Selectable<OrderTable>;

/** Statuses in which the order's money was captured (paid directly, or captured), then maybe refunded. */
export const CAPTURED_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

/**
 * `paid_at` as it is after an update moving the order to `status` at `at`: set once, when the money is first
 * captured, and never moved by what follows (a refund, a dispute), so the overview books it on that day.
 */
function paidAtAfter(status: OrderStatus | undefined, at: string) {
  return status !== undefined && CAPTURED_STATUSES.includes(status)
    ? { paid_at: sql<string>`coalesce(paid_at, ${at})` }
    : {};
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** Each of `ids` that exists, by id (in chunks, under every database's parameter limit). */
export async function ordersById(db: Db, ids: readonly string[]): Promise<Map<string, OrderRow>> {
  const map = new Map<string, OrderRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** What an order shows of its current payment attempt. */
type AttemptMirror = Pick<Updateable<OrderTable>, 'status' | 'payment_status' | 'transaction_id' | 'message'>;

/**
 * The order mirrors its current attempt: `mirror` is copied onto the order only while `attempt` is still the
 * order's current one, so an older attempt settling late never overwrites a newer attempt's state.
 * `onlyWithoutMessage`: fill in a reason the order does not have yet, never replace one.
 * Answers the order as updated (`update ... returning`, one statement where an update and a read were two), or
 * undefined when nothing was updated.
 */
export async function mirrorAttempt(
  trx: Db,
  attempt: { id: string; order_id: string },
  mirror: AttemptMirror,
  at: string,
  { onlyWithoutMessage = false } = {},
): Promise<OrderRow | undefined> {
  const paid = mirror.status !== undefined && CAPTURED_STATUSES.includes(mirror.status);
  const values = {
    ...mirror,
    updated_at: at,
    $order: attempt.order_id,
    $attempt: attempt.id,
    ...(paid ? { $paidAt: at } : {}),
  };
  return (await (onlyWithoutMessage ? mirrorWithoutMessage : mirrorAlways)(trx, values)).rows[0];
}

// the payment path's statements, compiled once (server/store/compiledOnce.ts)
/** `$paidAt` only when the order becomes paid (captured): its paid_at is then set once, to the first such time */
type MirrorValues = AttemptMirror & { updated_at: string; $order: string; $attempt: string; $paidAt?: string };
const mirrorUpdate = (db: Db, v: MirrorValues) => {
  const { $order, $attempt, $paidAt, ...set } = v;
  return db
    .updateTable('orders')
    .set({ ...set, ...($paidAt === undefined ? {} : { paid_at: sql<string>`coalesce(paid_at, ${$paidAt})` }) })
    .where('id', '=', $order)
    .where('current_attempt_id', '=', $attempt);
};
const mirrorAlways = compiledOnce((db: Db, v: MirrorValues) => mirrorUpdate(db, v).returningAll());
const mirrorWithoutMessage = compiledOnce((db: Db, v: MirrorValues) =>
  mirrorUpdate(db, v).where('message', 'is', null).returningAll(),
);
const makeCurrent = compiledOnce(
  (db: Db, v: { orderId: string; attemptId: string; email: string | null; at: string }) =>
    db
      .updateTable('orders')
      .set({
        current_attempt_id: v.attemptId,
        status: 'created',
        payment_status: null,
        transaction_id: null,
        message: null,
        email: v.email,
        event_mark: null,
        updated_at: v.at,
      })
      .where('id', '=', v.orderId)
      .returningAll(),
);

/**
 * Makes a just-started attempt the order's current one; the order shows it as `created` until it settles, and
 * answers the order as updated. Its event mark is cleared in the same update: the outcome of a new attempt is
 * news to the shop even where an earlier attempt ended the same way (recordOrderEvents' mark of a `created`
 * order, which writes no event; clearing it here saves the separate conditional update of moveEventMark).
 */
export async function makeAttemptCurrent(
  trx: Db,
  orderId: string,
  attemptId: string,
  email: string | null,
  at: string,
): Promise<OrderRow | undefined> {
  return (await makeCurrent(trx, { orderId, attemptId, email, at })).rows[0];
}

/** Records the amount a capture took (the order's amount unless it was a partial capture). */
export async function setCapturedAmount(trx: Db, orderId: string, capturedMinor: number): Promise<void> {
  await trx.updateTable('orders').set({ captured_minor: capturedMinor }).where('id', '=', orderId).execute();
}

/**
 * Of `orderIds`, those the gateway reports `refunded` count as refunded in full, also by refunds this backend
 * never sent (e.g. made in the gateway's portal).
 */
export async function markRefundedInFull(db: Db, orderIds: readonly string[]): Promise<void> {
  for (let i = 0; i < orderIds.length; i += 500) {
    await db
      .updateTable('orders')
      .set({ refunded_minor: sql<number>`coalesce(captured_minor, amount_minor)` })
      .where('id', 'in', orderIds.slice(i, i + 500))
      .where('status', '=', 'refunded')
      .where(sql<boolean>`refunded_minor < coalesce(captured_minor, amount_minor)`)
      .execute();
  }
}

/**
 * Makes a paid attempt that is not the order's current one its current attempt, with its state, unless the
 * current attempt changed meanwhile: a late payment is shown on the order rather than a later declined attempt.
 */
export async function adoptPaidAttempt(
  trx: Db,
  order: Pick<OrderRow, 'id' | 'current_attempt_id'>,
  attempt: {
    id: string;
    status: OrderTable['status'];
    payment_status: string | null;
    transaction_id: string | null;
    message: string | null;
  },
  at: string,
): Promise<void> {
  let update = trx
    .updateTable('orders')
    .set({
      current_attempt_id: attempt.id,
      status: attempt.status,
      payment_status: attempt.payment_status,
      transaction_id: attempt.transaction_id,
      message: attempt.message,
      ...paidAtAfter(attempt.status, at),
      updated_at: at,
    })
    .where('id', '=', order.id);
  update =
    order.current_attempt_id === null
      ? update.where('current_attempt_id', 'is', null)
      : update.where('current_attempt_id', '=', order.current_attempt_id);
  await update.execute();
}
