import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AdminPayout } from '../../shared/contract/adminPayouts';
import { API_ERROR } from '../../shared/contract/errors';
import { toMinor } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import {
  GatewayError,
  GatewayRejectedError,
  GatewayRequestError,
  type PayoutRequest,
  type PayoutResponse,
} from '../gateway';
import { maskFields } from '../gateway';
import { hashRequest } from '../hashRequest';
import { newId } from '../ids';
import { writeAuditEvent } from '../orders';
import { deleteUnsentPayout, findPayoutByKey, insertPayout, type PayoutRow } from './payouts';
import type { PayoutFields } from './payoutBody';
import { recordPayoutAnswer } from './recordPayoutAnswer';
import { requestIdFor } from './requestIdFor';
import { toPayoutView } from './toPayoutView';

/** What the owner is told when the gateway may have made the payout but its answer was lost. */
const NOT_KNOWN_YET = (id: string) =>
  'the gateway may have made this payout but its answer was lost: whether it was paid out is not known yet. ' +
  "Do not send it again under a new Idempotency-Key; it stays SENDING until the gateway's answer, its " +
  `notification or the reconcile loop settles it (GET /admin/api/payouts/${id}). The same key may be sent again safely.`;

export interface PayoutAnswer {
  status: ContentfulStatusCode;
  body: AdminPayout;
}

/**
 * `POST /admin/api/payouts`: the Idempotency-Key becomes the payout's request_id, so the same key returns the
 * same payout and the gateway (which dedupes by request_id) pays at most once. The payout is stored (SENDING)
 * before it is sent; an answer lost to a time-out leaves it SENDING, and the next request with the same key
 * sends it again under the same request_id to learn its status (the notification or the reconcile loop may
 * tell first); the owner is answered 202 "not known yet, do not send again" (status SENDING), or with the
 * state the notification brought meanwhile, as if the gateway had answered it. A payout the gateway refused, or
 * certainly never received (every attempt refused a connection), is removed again, so the owner can correct it
 * and resend; one that may have reached the gateway never is.
 */
export async function createPayout(
  deps: AppDeps,
  fields: PayoutFields,
  idempotencyKey: string,
  requestId?: string,
): Promise<PayoutAnswer> {
  const { db } = deps.store;
  const hash = hashRequest(fields);
  const now = deps.now().toISOString();
  const requestIdOfKey = requestIdFor(idempotencyKey);
  // exactly what goes to the gateway: kept (unmasked) while SENDING so reconcile can send the same request again
  const request = { ...fields, request_id: requestIdOfKey, notify_url: deps.config.notifyUrl };
  const row: PayoutRow = {
    id: newId('po'),
    request_id: requestIdOfKey,
    idempotency_key: idempotencyKey,
    amount_minor: toMinor(fields.payment_amount, fields.payment_currency),
    currency: fields.payment_currency,
    status: 'SENDING',
    transaction_id: null,
    request: JSON.stringify(maskFields(fields)),
    response: null,
    failure_reason: null,
    request_hash: hash,
    pending_request: JSON.stringify(request),
    created_at: now,
    updated_at: now,
  };
  let payout = row;
  if (!(await insertPayout(db, row))) {
    const earlier = await findPayoutByKey(db, idempotencyKey);
    if (!earlier)
      throw new ApiError(409, API_ERROR.conflict, 'this payout is being changed by another request; try again');
    if (earlier.request_hash !== hash) {
      throw new ApiError(
        422,
        API_ERROR.idempotency_key_reused,
        'this Idempotency-Key was used for another payout; use a new key for a new payout',
      );
    }
    if (earlier.status !== 'SENDING') return { status: 200, body: toPayoutView(earlier) };
    payout = earlier;
  }

  let answer: PayoutResponse;
  try {
    answer = await deps.gateway.payout(request as PayoutRequest);
  } catch (e) {
    if (e instanceof GatewayError && e.outcomeUnknown) {
      // the gateway may have paid: the row stays (never deleted) and only the gateway's own word settles it
      const kept = (await findPayoutByKey(db, idempotencyKey)) ?? payout;
      // its notification may have told the backend while the answer was being lost (#33: 202 "not known yet"
      // came with COMPLETED): what the backend knows is the answer, "not known yet" only while nothing is known
      if (kept.status !== 'SENDING') {
        const summary = `payout ${payout.request_id}: no answer from the gateway; ${kept.status} meanwhile`;
        await audit(deps, payout, summary, requestId);
        return { status: payout === row ? 201 : 200, body: toPayoutView(kept) };
      }
      await audit(deps, payout, `payout ${payout.request_id}: no answer from the gateway; kept as SENDING`, requestId);
      return { status: 202, body: { ...toPayoutView(kept), message: NOT_KNOWN_YET(kept.id) } };
    }
    // certainly not made (refused, or never sent): the owner may correct it and send it again
    if (payout === row) await deleteUnsentPayout(db, payout.id);
    if (e instanceof GatewayRejectedError || e instanceof GatewayRequestError) {
      const source = e.source;
      const message =
        e instanceof GatewayRejectedError ? `the gateway refused the payout: ${e.code} ${e.gatewayMessage}` : e.message;
      await audit(deps, payout, `payout ${payout.request_id}: ${message}`, requestId);
      throw new ApiError(
        source ? 400 : 502,
        source ? API_ERROR.invalid_request : API_ERROR.gateway_error,
        source ? `${source}: ${message}` : message,
        source ? [{ path: source, message }] : undefined,
      );
    }
    if (e instanceof GatewayError)
      throw new ApiError(
        503,
        API_ERROR.gateway_unavailable,
        'the gateway could not be reached; nothing was paid out, try again',
      );
    throw e;
  }
  await recordPayoutAnswer(db, payout, answer, deps.now().toISOString());
  await audit(deps, payout, `payout ${payout.request_id}: ${answer.status} (${answer.transaction_id})`, requestId);
  const stored = (await findPayoutByKey(db, idempotencyKey))!;
  return { status: payout === row ? 201 : 200, body: toPayoutView(stored) };
}

function audit(deps: AppDeps, payout: PayoutRow, summary: string, requestId: string | undefined): Promise<void> {
  return writeAuditEvent(
    deps.store.db,
    { kind: 'payout', summary, order_no: payout.request_id, request_id: requestId ?? null },
    deps.now().toISOString(),
  );
}
