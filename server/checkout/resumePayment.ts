import { API_ERROR } from '../../shared/contract/errors';
import type { CreatePaymentResponse } from '../../shared/contract/payment';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { authorizeSession } from './authorizeSession';
import { findAttempt, renewFrameToken } from '../orders';
import { writeAuditEvent } from '../orders';
import { newFrameLink } from './newFrameLink';
import { pastExpiry } from './sessionExpiry';
import { frameOriginOf } from './frameOriginOf';
import type { PaymentActionRequest } from './paymentActionRequest';

/**
 * `POST /api/sessions/:id/payments/:paymentId/resume`: reopens the card page of a pending card attempt (the
 * shopper reloaded before submitting the card) under a fresh one-time frame link. Nothing is sent to the
 * gateway: the kept checkout page posts the same order again, and the gateway shows that order's page, so this
 * can never start a second payment. Any other attempt (an APM, one that is settled, or not yet sent) is a 409.
 */
export async function resumePayment(
  deps: Pick<AppDeps, 'store' | 'config' | 'now'>,
  req: PaymentActionRequest,
): Promise<CreatePaymentResponse> {
  const { db } = deps.store;
  const { session } = await authorizeSession(db, req.sessionId, req.clientSecret);
  const attempt = await findAttempt(db, req.paymentId);
  // another session's payment is answered like a missing one: ids of other sessions are not confirmed
  if (!attempt || attempt.session_id !== session.id)
    throw new ApiError(404, API_ERROR.not_found, 'no payment with this id in this session');
  if (attempt.kind !== 'card') {
    throw new ApiError(
      409,
      API_ERROR.conflict,
      "only a card payment page can be reopened; this payment continues on its payment method's own page",
    );
  }
  // after the expiry no page reaches the shopper again (sessionExpiry.ts)
  if (pastExpiry(session.expires_at, deps.now()))
    throw new ApiError(
      410,
      API_ERROR.session_expired,
      'this checkout session has expired; its payment page cannot be reopened',
    );
  const now = deps.now().toISOString();
  const link = newFrameLink(deps.config.publicUrl);
  if (!(await renewFrameToken(db, attempt.id, link.token, now))) {
    throw new ApiError(
      409,
      API_ERROR.conflict,
      `this card payment is ${attempt.status} and its page cannot be reopened; wait for its outcome`,
    );
  }
  await writeAuditEvent(
    db,
    {
      kind: 'payment',
      summary: `attempt ${attempt.seq} card page reopened`,
      order_no: attempt.gateway_order_no,
      attempt_id: attempt.id,
      request_id: req.requestId ?? null,
    },
    now,
  );
  const frameOrigin = frameOriginOf(attempt.frame_form);
  return {
    payment_id: attempt.id,
    action: { type: 'iframe', url: link.url, ...(frameOrigin ? { frame_origin: frameOrigin } : {}) },
  };
}
