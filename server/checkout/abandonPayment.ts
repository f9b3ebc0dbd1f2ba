import { API_ERROR } from '../../shared/contract/errors';
import type { AbandonPaymentResponse } from '../../shared/contract/payment';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { authorizeSession } from './authorizeSession';
import { findAttempt, markAbandoned } from '../orders';
import { writeAuditEvent } from '../orders';
import type { PaymentActionRequest } from './paymentActionRequest';

/**
 * `POST /api/sessions/:id/payments/:paymentId/abandon`: the shopper leaves a pending attempt for another one
 * ("Choose another method" under the card page or a pending APM, or the shop's `beforeRedirect` said no). The
 * gateway cannot cancel a pending payment (docs/protocol-decisions.md 4: /v1/cancel takes authorised orders only; only
 * the shopper gives up at the gateway), so the attempt is marked abandoned: it stops blocking a new attempt (as a
 * stranded one does, startAttempt), its card page can no longer be opened, and it stays in the reconcile loop.
 * Should it be paid after all, raisePaymentAlerts raises the double-payment alert for the owner to refund.
 * A paid (or authorised, under review) attempt is a 409; one already failed is answered as abandoned.
 */
export async function abandonPayment(
  deps: Pick<AppDeps, 'store' | 'now'>,
  req: PaymentActionRequest,
): Promise<AbandonPaymentResponse> {
  const { db } = deps.store;
  const { session } = await authorizeSession(db, req.sessionId, req.clientSecret);
  const attempt = await findAttempt(db, req.paymentId);
  // another session's payment is answered like a missing one: ids of other sessions are not confirmed
  if (!attempt || attempt.session_id !== session.id)
    throw new ApiError(404, API_ERROR.not_found, 'no payment with this id in this session');
  if (attempt.status === 'declined' || attempt.status === 'cancelled')
    return { payment_id: attempt.id, status: attempt.status };
  if (attempt.status === 'created' || attempt.status === 'unknown')
    throw new ApiError(
      409,
      API_ERROR.conflict,
      `this payment's outcome is not known yet (${attempt.status}); wait for it before paying another way`,
    );
  if (attempt.status !== 'pending')
    throw new ApiError(409, API_ERROR.session_completed, `this payment is ${attempt.status}; it cannot be abandoned`);
  const now = deps.now().toISOString();
  if (!attempt.abandoned_at && (await markAbandoned(db, attempt.id, now)))
    await writeAuditEvent(
      db,
      {
        kind: 'abandoned',
        summary: `attempt ${attempt.seq} left by the shopper while pending; a new attempt may start, the gateway is still asked about this one`,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        request_id: req.requestId ?? null,
      },
      now,
    );
  return { payment_id: attempt.id, status: 'pending' };
}
