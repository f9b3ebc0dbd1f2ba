import { createHash } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERROR } from '../../shared/contract/errors';
import { toMinor } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { GatewayError, GatewayRejectedError, GatewayRequestError, type PayoutResponse } from '../gateway';
import { maskFields } from '../gateway/core/maskForLog';
import { newId } from '../ids';
import { writeAuditEvent } from '../store/auditEvents';
import { deleteUnsentPayout, findPayoutByKey, insertPayout, updateOpenPayout, type PayoutRow } from '../store/payouts';
import type { PayoutFields } from './payoutBody';
import { requestIdFor } from './requestIdFor';
import { toPayoutView } from './toPayoutView';

/** JSON with sorted keys: the same payout written in another key order is the same request. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export interface PayoutAnswer {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

/**
 * `POST /admin/api/payouts`: the Idempotency-Key becomes the payout's request_id, so the same key returns the
 * same payout and the gateway (which dedupes by request_id) pays at most once. The payout is stored (SENDING)
 * before it is sent; an answer lost to a time-out leaves it SENDING, and the next request with the same key
 * sends it again under the same request_id to learn its status (the notification may tell first). A payout
 * the gateway refused, or never received, is removed again, so the owner can correct it and resend.
 */
export async function createPayout(
  deps: AppDeps,
  fields: PayoutFields,
  idempotencyKey: string,
  requestId?: string,
): Promise<PayoutAnswer> {
  const { db } = deps.store;
  const hash = createHash('sha256').update(canonical(fields)).digest('hex');
  const now = deps.now().toISOString();
  const row: PayoutRow = {
    id: newId('po'),
    request_id: requestIdFor(idempotencyKey),
    idempotency_key: idempotencyKey,
    amount_minor: toMinor(fields.payment_amount, fields.payment_currency),
    currency: fields.payment_currency,
    status: 'SENDING',
    transaction_id: null,
    request: JSON.stringify(maskFields(fields)),
    response: null,
    failure_reason: null,
    request_hash: hash,
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
    answer = await deps.gateway.payout({
      ...fields,
      request_id: payout.request_id,
      notify_url: deps.config.notifyUrl,
    } as Parameters<AppDeps['gateway']['payout']>[0]);
  } catch (e) {
    if (e instanceof GatewayError && e.outcomeUnknown) {
      await audit(deps, payout, `payout ${payout.request_id}: no answer from the gateway; kept as SENDING`, requestId);
      return { status: 202, body: toPayoutView((await findPayoutByKey(db, idempotencyKey)) ?? payout) };
    }
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
  const at = deps.now().toISOString();
  await updateOpenPayout(db, payout.id, {
    status: answer.status,
    transaction_id: answer.transaction_id,
    response: JSON.stringify(maskFields(answer)),
    failure_reason:
      answer.status === 'FAILED'
        ? [answer.failure_type, answer.failure_reason].filter(Boolean).join(': ') || null
        : null,
    updated_at: at,
  });
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
