import type { OrderStatus } from '../../shared/gateway/status';
import { newId } from '../ids';
import { listAttempts, type AttemptRow } from './attempts';
import { writeAuditEvent } from './auditEvents';
import type { Db } from '../store';
import { adoptPaidAttempt, findOrder } from './orders';
import { raiseAlert, type AlertKind } from './paymentAlerts';
import { findSession } from '../checkout';
import { LATE_PAYMENT_GRACE_MS, pastExpiry } from '../checkout';

/** Statuses in which an attempt took (or holds) the shopper's money. */
export const HOLDS_MONEY: readonly OrderStatus[] = ['authorised', 'paid', 'partially_refunded', 'review'];

/** An alert this call raised, for the caller to log once its transaction has committed. */
export interface RaisedAlert {
  id: string;
  kind: AlertKind;
  order_no: string;
  attempt_id: string;
  gateway_order_no: string;
  summary: string;
}

/**
 * Run in the transaction that has just moved `attempt` to a status that holds money. Another attempt of the same
 * order holding money too is a double payment, whatever led to it (an attempt thought stranded, a boleto paid at
 * a bank days later): the order is flagged and the owner is offered the refund of this, the extra, attempt. An
 * order whose current attempt holds no money shows this one instead (a late payment is never hidden behind a
 * later declined attempt). A payment confirmed long after its session expired is flagged too.
 */
export async function raisePaymentAlerts(trx: Db, attempt: AttemptRow, now: Date): Promise<RaisedAlert[]> {
  const at = now.toISOString();
  const order = await findOrder(trx, attempt.order_id);
  if (!order) return [];
  const paid = (await listAttempts(trx, attempt.order_id)).find(
    (o) => o.id !== attempt.id && HOLDS_MONEY.includes(o.status),
  );
  const raised: RaisedAlert[] = [];
  const raise = async (kind: AlertKind, summary: string, otherAttemptId: string | null) => {
    const id = newId('alr');
    if (
      !(await raiseAlert(trx, {
        id,
        order_id: order.id,
        attempt_id: attempt.id,
        kind,
        other_attempt_id: otherAttemptId,
        created_at: at,
      }))
    )
      return;
    await writeAuditEvent(
      trx,
      {
        kind: 'alert',
        summary,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        detail: { alert_id: id, kind },
      },
      at,
    );
    raised.push({
      id,
      kind,
      order_no: order.order_no,
      attempt_id: attempt.id,
      gateway_order_no: attempt.gateway_order_no,
      summary,
    });
  };

  if (paid) {
    await raise(
      'double_payment',
      `order ${order.order_no} paid twice: attempt ${attempt.seq} (${attempt.gateway_order_no}) is ${attempt.status} while attempt ${paid.seq} (${paid.gateway_order_no}) is ${paid.status}; refund the extra one`,
      paid.id,
    );
  } else if (order.current_attempt_id !== attempt.id) {
    await adoptPaidAttempt(trx, order, attempt, at);
  }
  const session = await findSession(trx, attempt.session_id);
  if (session && pastExpiry(session.expires_at, now, LATE_PAYMENT_GRACE_MS)) {
    await raise(
      'paid_after_expiry',
      `order ${order.order_no}: attempt ${attempt.seq} (${attempt.gateway_order_no}) confirmed ${attempt.status} after its session expired at ${session.expires_at}`,
      null,
    );
  }
  return raised;
}
