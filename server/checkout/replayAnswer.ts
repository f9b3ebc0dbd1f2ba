import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { findAttemptByIdempotencyKey, OPEN_STATUSES, type AttemptRow } from '../orders';
import type { PaymentAnswer } from './paymentAnswer';

/** How often a repeat polls for the first request's answer, while that one is still with the gateway. */
const POLL_MS = 100;

/**
 * The answer given to an earlier request with the same Idempotency-Key. A repeat that arrives while the first
 * is still with the gateway waits for its answer (the database has it, whichever process handles the first).
 * When there is no answer and no live request can still store one (the process died mid-call), the repeat is
 * answered from the attempt's current state; a repeat never calls the gateway itself.
 * A key reused with another body is refused: it would otherwise silently answer a different payment.
 */
export async function replayAnswer(
  deps: Pick<AppDeps, 'store' | 'config' | 'now'>,
  attempt: AttemptRow,
  requestHash: string,
): Promise<PaymentAnswer> {
  if (attempt.request_hash !== requestHash) {
    throw new ApiError(
      422,
      API_ERROR.idempotency_key_reused,
      'this Idempotency-Key was used with another request body; use a new key for a new payment',
    );
  }
  // the first request's call (a send and a retry, each up to the time-out) and storing its answer fit in here
  const inFlightMs = deps.config.gateway.timeoutMs * 2 + 5_000;
  const liveUntil = Date.parse(attempt.created_at) + inFlightMs;
  // bounded in real time too, whatever the app's clock says
  const deadline = Date.now() + inFlightMs;
  let current = attempt;
  while (
    current.response === null &&
    OPEN_STATUSES.includes(current.status) &&
    deps.now().getTime() < liveUntil &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    current =
      (await findAttemptByIdempotencyKey(deps.store.db, attempt.session_id, attempt.idempotency_key)) ?? current;
  }
  if (current.response !== null) return JSON.parse(current.response) as PaymentAnswer;
  return answerFromState(current);
}

/**
 * An attempt whose first request never stored its answer. Open (created, unknown, or pending with no page or
 * link to send the shopper to): the outcome comes from the reconcile loop, so the widget must not pay again.
 * Settled: the create-payment answer has no shape for an outcome, so the widget is told to re-read the session,
 * which shows it.
 */
function answerFromState(attempt: AttemptRow): never {
  if (OPEN_STATUSES.includes(attempt.status)) {
    throw new ApiError(
      503,
      API_ERROR.gateway_unavailable,
      'the payment outcome is not known yet; it is being checked with the gateway. Do not pay again.',
      undefined,
      { 'Retry-After': '5' },
    );
  }
  throw new ApiError(
    409,
    API_ERROR.session_completed,
    `this payment is ${attempt.status}; read the session for its outcome`,
  );
}
