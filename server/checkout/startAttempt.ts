import { API_ERROR } from '../../shared/contract/errors';
import type { OrderStatus } from '../../shared/gateway/status';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { newId } from '../ids';
import { AttemptTakenError, attemptStatusesOf, insertAttemptThen, type AttemptRow } from '../orders';
import { writeAuditEvent } from '../orders';
import type { Db } from '../store';
import { makeAttemptCurrent, type OrderRow } from '../orders';
import { recordOrderEvents } from '../shopEvents';
import type { PaymentMethod } from '../methods';
import { gatewayOrderNo } from './gatewayOrderNo';

/** A failed attempt (declined, cancelled, or refused before the gateway acted) leaves room for another. */
const RETRYABLE: readonly OrderStatus[] = ['declined', 'cancelled'];
/** An accepted payment: no other may start, and the shop's view of the session is `complete`. */
export const PAID: readonly OrderStatus[] = ['authorised', 'paid', 'partially_refunded', 'refunded', 'review'];

export interface AttemptRequest {
  sessionId: string;
  idempotencyKey: string;
  requestHash: string;
  /** the shop page's origin, already checked against ALLOWED_ORIGINS */
  origin: string | undefined;
  requestId?: string | undefined;
  /** the shopper's e-mail, kept on the order for the owner's search */
  email?: string | undefined;
}

/**
 * Records a new payment attempt for `order` (status `created`) and makes it the order's current one, in
 * transaction `trx`, before anything is sent. Refused while another attempt is open or paid: an order is never
 * paid twice. Two concurrent new attempts cannot both be stored: (order_id, seq) is unique, and the loser is a 409.
 */
export async function startAttempt(
  trx: Db,
  deps: Pick<AppDeps, 'config' | 'now'>,
  order: OrderRow,
  method: PaymentMethod,
  req: AttemptRequest,
): Promise<AttemptRow> {
  const earlier = await attemptStatusesOf(trx, order.id);
  // a stranded attempt (pending at the gateway, its page never reached the shopper) cannot be finished by them,
  // and an abandoned one (the shopper left it for another method, abandonPayment) will not be: either stays
  // watched, and raisePaymentAlerts catches it should it be paid after all
  const open = earlier.find(
    (a) => !RETRYABLE.includes(a.status) && !(a.status === 'pending' && (a.stranded_at || a.abandoned_at)),
  );
  if (open && PAID.includes(open.status))
    throw new ApiError(409, API_ERROR.session_completed, `this order is already ${open.status}`);
  if (open)
    throw new ApiError(
      409,
      API_ERROR.conflict,
      `a payment for this order is ${open.status}; wait for its outcome before paying again`,
    );
  const seq = Math.max(0, ...earlier.map((a) => a.seq)) + 1;
  const at = deps.now();
  const attempt: AttemptRow = {
    id: newId('pay'),
    order_id: order.id,
    session_id: req.sessionId,
    seq,
    gateway_order_no: gatewayOrderNo(order.order_no, seq, order.id),
    method_id: method.id,
    kind: method.kind,
    payment_method: method.paymentMethod,
    status: 'created',
    payment_status: null,
    transaction_id: null,
    idempotency_key: req.idempotencyKey,
    request_hash: req.requestHash,
    response: null,
    widget_origin: req.origin ?? null,
    frame_token: null,
    frame_form: null,
    frame_served_at: null,
    redirect_url: null,
    message: null,
    // if this process dies during the gateway call, the reconcile loop finds the attempt and asks
    next_check_at: new Date(at.getTime() + deps.config.reconcile.pendingAfterMs).toISOString(),
    checks: 0,
    stranded_at: null,
    abandoned_at: null,
    card_brand: null,
    card_last4: null,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
  let current: OrderRow | undefined;
  try {
    // the attempt, then made the order's current one (its email kept for the owner's search): on PostgreSQL one
    // round trip, the update answering the order as updated
    current = await insertAttemptThen(trx, attempt, () =>
      makeAttemptCurrent(trx, order.id, attempt.id, req.email ?? null, attempt.created_at),
    );
  } catch (e) {
    // a concurrent request stored its attempt between our read and this insert: the same answer as above
    if (e instanceof AttemptTakenError)
      throw new ApiError(
        409,
        API_ERROR.conflict,
        'another payment for this order has just started; wait for its outcome',
      );
    throw e;
  }
  // a new attempt: its outcome is news to the shop even where an earlier attempt ended the same way (the update
  // has cleared the mark already, so this writes nothing more for a `created` order)
  await recordOrderEvents(trx, [current ?? order.id], attempt.created_at);
  await writeAuditEvent(
    trx,
    {
      kind: 'payment',
      summary: `attempt ${seq} (${method.id}) started`,
      order_no: attempt.gateway_order_no,
      attempt_id: attempt.id,
      request_id: req.requestId ?? null,
    },
    attempt.created_at,
  );
  return attempt;
}
