import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { PaymentAlertTable } from '../store';

export type PaymentAlertRow = Selectable<PaymentAlertTable>;
export type AlertKind = PaymentAlertTable['kind'];

/**
 * Raises an alert about `attempt_id`, once per attempt and kind (a replayed notification or a second query finds
 * it raised and changes nothing), and flags the order. True when this call raised it.
 */
export async function raiseAlert(
  trx: Db,
  alert: Pick<PaymentAlertRow, 'id' | 'order_id' | 'attempt_id' | 'kind' | 'other_attempt_id' | 'created_at'>,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_alerts')
    .values({
      ...alert,
      refund_status: null,
      refund_reference: null,
      refund_message: null,
      updated_at: alert.created_at,
    })
    .onConflict((oc) => oc.columns(['attempt_id', 'kind']).doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows !== 1n) return false;
  await trx.updateTable('orders').set({ alert: alert.kind }).where('id', '=', alert.order_id).execute();
  return true;
}

/** An order's alerts, oldest first. */
export async function alertsOfOrder(db: Db, orderId: string): Promise<PaymentAlertRow[]> {
  return db
    .selectFrom('payment_alerts')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findAlert(db: Db, id: string): Promise<PaymentAlertRow | undefined> {
  return db.selectFrom('payment_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Journals the refund of an alert's extra attempt under `reference`, if no refund is journalled yet or the last
 * one was refused: a conditional update, so of two owners pressing "refund" at once only one journals it. False
 * when another request got there first (or a refund is pending or done).
 */
export async function journalAlertRefund(
  db: Db,
  alert: PaymentAlertRow,
  reference: string,
  at: string,
  /** the limited role asking (support), whose refund limit this refund counts against */
  limitedRole: string | null = null,
): Promise<boolean> {
  let update = db
    .updateTable('payment_alerts')
    .set({
      refund_status: 'pending',
      refund_reference: reference,
      refund_limited_role: limitedRole,
      refund_requested_at: at,
      refund_message: null,
      // a new refund: the reconcile loop looks it up at its next pass, then less often
      refund_checks: 0,
      refund_next_check_at: null,
      updated_at: at,
    })
    .where('id', '=', alert.id);
  update =
    alert.refund_status === null
      ? update.where('refund_status', 'is', null)
      : update.where('refund_status', '=', alert.refund_status).where('refund_reference', '=', alert.refund_reference);
  const moved = await update.executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** Settles a pending refund of an alert's extra attempt, once (only while it is still pending). */
export async function settleAlertRefund(
  db: Db,
  alertId: string,
  patch: Pick<Updateable<PaymentAlertTable>, 'refund_status' | 'refund_message'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('payment_alerts')
    .set({ ...patch, updated_at: at })
    .where('id', '=', alertId)
    .where('refund_status', '=', 'pending')
    .execute();
}

/**
 * Alerts whose extra-payment refund was sent and is not known final yet, and whose next look-up is due at `now`
 * (at most `limit`, oldest first).
 */
/**
 * Double payments found at or before `foundBy` whose extra payment nobody asked to refund yet, and which is paid
 * (an authorised one is not refundable): what the owner's automatic refund takes up (server/refunds/doublePaymentRefund.ts).
 */
export async function unrefundedDoublePayments(db: Db, foundBy: string, limit = 100): Promise<PaymentAlertRow[]> {
  return db
    .selectFrom('payment_alerts')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_alerts.attempt_id')
    .selectAll('payment_alerts')
    .where('payment_alerts.kind', '=', 'double_payment')
    .where('payment_alerts.refund_status', 'is', null)
    .where('payment_alerts.created_at', '<=', foundBy)
    .where('payment_attempts.status', '=', 'paid')
    .orderBy('payment_alerts.created_at')
    .limit(limit)
    .execute();
}

export async function pendingAlertRefunds(db: Db, now: string, limit = 100): Promise<PaymentAlertRow[]> {
  return db
    .selectFrom('payment_alerts')
    .selectAll()
    .where('refund_status', '=', 'pending')
    .where('refund_reference', 'is not', null)
    .where((eb) => eb.or([eb('refund_next_check_at', 'is', null), eb('refund_next_check_at', '<=', now)]))
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * A look-up found the alert's refund still pending: one more check, the next at `nextCheckAt`, unless the refund
 * changed meanwhile (settled, or journalled anew).
 */
export async function backOffAlertRefund(
  db: Db,
  alert: Pick<PaymentAlertRow, 'id' | 'refund_reference' | 'refund_checks'>,
  nextCheckAt: string,
): Promise<void> {
  await db
    .updateTable('payment_alerts')
    .set({ refund_checks: alert.refund_checks + 1, refund_next_check_at: nextCheckAt })
    .where('id', '=', alert.id)
    .where('refund_status', '=', 'pending')
    .where('refund_reference', '=', alert.refund_reference)
    .where('refund_checks', '=', alert.refund_checks)
    .execute();
}
