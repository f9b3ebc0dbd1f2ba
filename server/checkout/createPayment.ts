import { API_ERROR } from '../../shared/contract/errors';
import type { CreatePaymentBody } from '../../shared/contract/payment';
import { PAYMENT_STATUS, QUERY_RESULT } from '../../shared/gateway/status';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { gatewayCallEvent } from '../createGateway';
import {
  GatewayError,
  GatewayRejectedError,
  GatewayUnavailableError,
  type GatewayCallRecord,
  type TransactionRecord,
} from '../gateway';
import { hashSecret } from '../ids';
import { methodFits } from '../methods';
import { authorizeSessionRows } from './authorizeSession';
import { recordSentOrder } from '../orders';
import { findAttempt, findAttemptByIdempotencyKey, type AttemptRow } from '../orders';
import { findPaymentContext } from './paymentContext';
import type { PaymentMethod } from '../methods';
import type { AuditEvent } from '../orders';
import { runInTransaction } from '../store';
import type { SessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';
import { guestShopperId } from './guestShopperId';
import { actionOrigin } from './frameOriginOf';
import { maskFrameForm } from './maskFrameForm';
import { maskSentOrder } from './maskSentOrder';
import { applyQueryRecord } from '../orders';
import { bodyPathOf, buildAuthoriseOrder, buildCheckoutOrder, type OrderSources } from './buildPaymentOrder';
import type { PaymentAnswer } from './paymentAnswer';
import { replayAnswer } from './replayAnswer';
import { missingMethodFields } from '../methods';
import { newFrameLink } from './newFrameLink';
import { resolvePaymentChoices, type PaymentChoices } from './resolvePaymentChoices';
import { FRAME_LINK_GRACE_MS, pastExpiry } from './sessionExpiry';
import { settleAttempt, type AttemptOutcome } from '../orders';
import { startAttempt } from './startAttempt';

export interface PaymentRequest {
  sessionId: string;
  body: CreatePaymentBody;
  /** the body as received: a repeated Idempotency-Key must come with the same bytes */
  rawBody: string;
  idempotencyKey: string;
  ip: string;
  accept: string | undefined;
  /** the shop page's origin, already checked against ALLOWED_ORIGINS */
  origin: string | undefined;
  requestId?: string | undefined;
}

/**
 * `POST /api/sessions/:id/payments`: one payment attempt for the session's order, at the session's amount.
 * The attempt is stored before the gateway is called, so a crash or a time-out leaves a record the reconcile
 * loop resolves by query; an attempt whose outcome is open blocks any new one, so an order is never paid twice.
 */
export async function createPayment(deps: AppDeps, req: PaymentRequest): Promise<PaymentAnswer> {
  const { db } = deps.store;
  // one statement for the five reads a payment starts with (server/checkout/paymentContext.ts), checked in the order they
  // were read before: the client secret, a repeated Idempotency-Key, the expiry, the method
  const found = await findPaymentContext(db, req.sessionId, req.idempotencyKey, req.body.method);
  const { session, order } = authorizeSessionRows(found.session, found.order, req.body.client_secret);
  const requestHash = hashSecret(req.rawBody);
  const { earlier, method, extras } = found;
  if (earlier) {
    // a repeat after the expiry hands out no page again (sessionExpiry.ts); an unknown outcome is still told as such
    if (earlier.status === 'pending' && pastExpiry(session.expires_at, deps.now(), FRAME_LINK_GRACE_MS))
      throw new ApiError(
        410,
        API_ERROR.session_expired,
        'this checkout session has expired; the shop must create a new one',
      );
    return replayAnswer(deps, earlier, requestHash);
  }

  if (deps.now().toISOString() >= session.expires_at) {
    throw new ApiError(
      410,
      API_ERROR.session_expired,
      'this checkout session has expired; the shop must create a new one',
    );
  }
  if (
    !method ||
    !methodFits(method, { country: session.country, currency: session.currency, amountMinor: session.amount_minor })
  ) {
    throw new ApiError(400, API_ERROR.invalid_request, 'method: is not offered for this session', [
      { path: 'method', message: 'is not offered for this session' },
    ]);
  }
  const missing = missingMethodFields(method, req.body, session.country);
  if (missing.length)
    throw new ApiError(400, API_ERROR.invalid_request, `${missing[0]!.path}: ${missing[0]!.message}`, missing);
  const choices = await resolvePaymentChoices(db, session, extras, method, req.body, deps.config.tokenKey);

  const context: PaymentContext = { session, extras, method, choices };
  let started: { attempt: AttemptRow; order: BuiltOrder };
  try {
    started = await runInTransaction(db, async (trx) => {
      const attempt = await startAttempt(trx, deps, order, method, {
        ...req,
        sessionId: session.id,
        requestHash,
        email: req.body.shopper.email,
      });
      // built and kept in the same transaction, before anything is sent: the owner sees what was sent even when
      // the outcome is unknown, and an order that cannot be built leaves no attempt (nothing was sent)
      const built = buildOrder(deps, context, attempt, req);
      await recordSentOrder(
        trx,
        attempt.id,
        maskSentOrder(built.fields),
        attempt.created_at,
        choices.savedCard?.id ?? null,
      );
      return { attempt, order: built };
    });
  } catch (e) {
    // lost a race with a concurrent request carrying the same key: answer as it does
    const sameKey = await findAttemptByIdempotencyKey(db, session.id, req.idempotencyKey);
    if (sameKey) return replayAnswer(deps, sameKey, requestHash);
    throw e;
  }
  return sendToGateway(deps, started.attempt, started.order, req);
}

interface PaymentContext {
  session: SessionRow;
  extras: SessionExtras;
  method: PaymentMethod;
  choices: PaymentChoices;
}

type BuiltOrder =
  | { kind: 'checkout'; fields: ReturnType<typeof buildCheckoutOrder> }
  | { kind: 'authorise'; fields: ReturnType<typeof buildAuthoriseOrder> };

function buildOrder(
  deps: AppDeps,
  { session, extras, method, choices }: PaymentContext,
  attempt: AttemptRow,
  req: PaymentRequest,
): BuiltOrder {
  const sources: OrderSources = {
    session,
    extras,
    ...choices,
    gatewayOrderNo: attempt.gateway_order_no,
    body: req.body,
    method,
    request: { ip: req.ip, accept: req.accept, origin: req.origin },
    returnUrl: `${deps.config.publicUrl}/pay/return/${attempt.id}`,
    notifyUrl: deps.config.notifyUrl,
    website: deps.config.website,
    guestShopperId: guestShopperId(session.id, deps.config.gateway.signKey),
    now: deps.now(),
  };
  return method.kind === 'card'
    ? { kind: 'checkout', fields: buildCheckoutOrder(sources) }
    : { kind: 'authorise', fields: buildAuthoriseOrder(sources) };
}

/** Sends the stored attempt's order and stores the outcome with the record of the call (settleAttempt). */
async function sendToGateway(
  deps: AppDeps,
  attempt: AttemptRow,
  order: BuiltOrder,
  req: PaymentRequest,
): Promise<PaymentAnswer> {
  const paymentId = attempt.id;
  // the records of the gateway calls are stored with the outcome, in one transaction, under this attempt (the
  // issuer page's GET names no order of its own)
  const calls: AuditEvent[] = [];
  const collect = {
    collect: (record: GatewayCallRecord) => {
      const event = gatewayCallEvent(record);
      calls.push({
        ...event,
        order_no: event.order_no ?? attempt.gateway_order_no,
        attempt_id: paymentId,
        request_id: req.requestId ?? null,
      });
    },
  };
  const settle = (outcome: AttemptOutcome, answer: PaymentAnswer) =>
    settleAttempt(deps, attempt, outcome, answer, calls, req.requestId);
  try {
    if (order.kind === 'checkout') {
      const { form } = await deps.gateway.checkout(order.fields, collect);
      const link = newFrameLink(deps.config.publicUrl);
      const masked = maskFrameForm(form);
      const frameForm = JSON.stringify(masked);
      const frameOrigin = actionOrigin(masked.action);
      const answer: PaymentAnswer = {
        status: 200,
        body: {
          payment_id: paymentId,
          action: { type: 'iframe', url: link.url, ...(frameOrigin ? { frame_origin: frameOrigin } : {}) },
        },
      };
      await settle(
        {
          status: 'pending',
          payment_status: PAYMENT_STATUS.PENDING,
          frame_token: link.token,
          frame_form: frameForm,
        },
        answer,
      );
      return answer;
    }
    const { redirectUrl, result } = await deps.gateway.authorise(order.fields, collect);
    const answer: PaymentAnswer = {
      status: 200,
      body: { payment_id: paymentId, action: { type: 'redirect', url: redirectUrl } },
    };
    await settle(
      {
        status: 'pending',
        payment_status: PAYMENT_STATUS.PENDING,
        redirect_url: redirectUrl,
        transaction_id: result.transaction_id ?? null,
      },
      answer,
    );
    return answer;
  } catch (e) {
    // anything after the call that created the payment (the issuer page) is unknown, never declined
    if (e instanceof GatewayRejectedError && e.operation !== 'issuerPage') {
      // refused, nothing created: a field the shopper sent is named as theirs, anything else is ours
      const path = bodyPathOf(e.source);
      const answer: PaymentAnswer = path
        ? {
            status: 400,
            body: {
              error: {
                code: API_ERROR.invalid_request,
                message: `${path}: ${e.gatewayMessage}`,
                fields: [{ path, message: e.gatewayMessage }],
              },
            },
          }
        : {
            status: 502,
            body: {
              error: {
                code: API_ERROR.gateway_error,
                message: `the gateway refused the payment: ${e.code} ${e.gatewayMessage}`.trim(),
              },
            },
          };
      await settle({ status: 'declined', message: `${e.code}:${e.gatewayMessage}` }, answer);
      return answer;
    }
    if (e instanceof GatewayError && !e.outcomeUnknown && e.operation !== 'issuerPage') {
      const answer: PaymentAnswer = {
        status: 503,
        body: {
          error: {
            code: API_ERROR.gateway_unavailable,
            message: 'the payment gateway could not be reached; nothing was charged, please try again',
          },
        },
      };
      await settle({ status: 'declined', message: `not sent: ${e.message}` }, answer);
      return answer;
    }
    // a time-out, a 5xx or anything unexpected after sending: the gateway may have taken the payment. After a 5xx
    // the gateway has answered, so the call is over at its end: it is asked at once (issue #19: the shopper must
    // not wait for the reconcile loop to learn that nothing happened). After a time-out or a lost answer the call
    // may still be on its way, so only the reconcile loop asks, once it is surely over.
    const answered = e instanceof GatewayUnavailableError && (e.httpStatus ?? 0) >= 500;
    const found = answered ? await queryAtOnce(deps, attempt) : undefined;
    if (found === 'absent') {
      const answer: PaymentAnswer = {
        status: 503,
        body: {
          error: {
            code: API_ERROR.gateway_unavailable,
            message: 'the payment gateway could not be reached; nothing was charged, please try again',
          },
        },
      };
      calls.push({
        kind: 'transition',
        summary: 'query: created -> declined (not received by the gateway)',
        order_no: attempt.gateway_order_no,
        attempt_id: paymentId,
        request_id: req.requestId ?? null,
      });
      await settle({ status: 'declined', message: 'I0115:not received by the gateway' }, answer);
      return answer;
    }
    if (found?.payment_status === PAYMENT_STATUS.PENDING) {
      // the gateway holds it pending, but its page never reached the shopper: nobody can pay it (stranded, see
      // applyGatewayStatus), so the shopper is told the truth: nothing was charged, and may pay again
      const answer: PaymentAnswer = {
        status: 503,
        body: {
          error: {
            code: API_ERROR.gateway_unavailable,
            message: 'the payment could not be started at the gateway; nothing was charged, please try again',
          },
        },
      };
      await settle({ status: 'unknown', next_check_at: deps.now().toISOString() }, answer);
      await applyFound(deps, attempt, found, req.requestId);
      return answer;
    }
    deps.log.warn(
      { requestId: req.requestId, paymentId, err: { name: (e as Error).name, message: (e as Error).message } },
      'payment outcome unknown',
    );
    const answer: PaymentAnswer = {
      status: 503,
      body: {
        error: {
          code: API_ERROR.gateway_unavailable,
          message: 'the payment outcome is not known yet; it is being checked with the gateway. Do not pay again.',
        },
      },
    };
    await settle({ status: 'unknown', next_check_at: deps.now().toISOString() }, answer);
    // found paid (or any other status): the widget reads the session and shows it
    if (found) await applyFound(deps, attempt, found, req.requestId);
    return answer;
  }
}

/** Applies the record found at once to the attempt just stored as unknown; a failure leaves it to reconcile. */
async function applyFound(deps: AppDeps, attempt: AttemptRow, found: TransactionRecord, requestId?: string) {
  const stored = await findAttempt(deps.store.db, attempt.id);
  if (stored) await applyQueryRecord(deps, stored, found, requestId).catch(() => undefined);
}

/**
 * One query for an attempt whose outcome is unknown: its record, `absent` when the gateway has no such order, or
 * undefined when the query failed too (the reconcile loop asks again, from now on, less often each time).
 */
async function queryAtOnce(deps: AppDeps, attempt: AttemptRow): Promise<TransactionRecord | 'absent' | undefined> {
  try {
    const records = await deps.gateway.query({ orders: [attempt.gateway_order_no] });
    const mine = records.filter((r) => r.order_no === attempt.gateway_order_no);
    const record = mine.find((r) => r.query_result === QUERY_RESULT.FOUND && r.payment_status);
    if (record) return record;
    return mine.length ? 'absent' : undefined;
  } catch {
    return undefined;
  }
}
