import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { findAttemptByIdempotencyKey, type AttemptRow } from '../store/attempts';
import type { PaymentAnswer } from './paymentAnswer';

/** How often a repeat polls for the first request's answer, while that one is still with the gateway. */
const POLL_MS = 100;

/**
 * The answer given to an earlier request with the same Idempotency-Key. A repeat that arrives while the first
 * is still with the gateway waits for its answer (the database has it, whichever process handles the first).
 * A key reused with another body is refused: it would otherwise silently answer a different payment.
 */
export async function replayAnswer(deps: Pick<AppDeps, 'store' | 'config'>, attempt: AttemptRow, requestHash: string): Promise<PaymentAnswer> {
  if (attempt.request_hash !== requestHash) {
    throw new ApiError(422, API_ERROR.idempotency_key_reused, 'this Idempotency-Key was used with another request body; use a new key for a new payment');
  }
  const deadline = Date.now() + deps.config.gateway.timeoutMs * 2 + 5_000;
  let current: AttemptRow | undefined = attempt;
  while (current && current.response === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    current = await findAttemptByIdempotencyKey(deps.store.db, attempt.session_id, attempt.idempotency_key);
  }
  if (!current?.response) throw new ApiError(409, API_ERROR.conflict, 'a request with this Idempotency-Key is still being processed; try again shortly');
  return JSON.parse(current.response) as PaymentAnswer;
}
