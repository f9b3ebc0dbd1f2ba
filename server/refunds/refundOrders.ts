import { API_ERROR } from '../../shared/contract/errors';
import { formatGatewayMessage, GATEWAY_ERRORS } from '../../shared/gateway/errors';
import { isAmount, toDecimal, toMinor } from '../../shared/gateway/money';
import type { OrderStatus } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import { disputesOf, lostDisputeMinor } from '../disputes';
import { hashRequest } from '../hashRequest';
import { newId } from '../ids';
import {
  BULK_ERROR,
  failed,
  inFlightCutoff,
  succeeded,
  type BulkTarget,
  type GatewayOperation,
  type OrderResult,
} from '../operations';
import { ordersById, writeAuditEvent, type OrderRow } from '../orders';
import { recordRefundEvent } from '../shopEvents';
import type { Db } from '../store';
import { lockOrders } from './lockOrders';
import { overRefundLimit, type RefundLimit, refundedUnderLimit } from './refundLimit';
import {
  claimPendingRefund,
  IN_FLIGHT,
  insertRefund,
  markRefundAnswered,
  moveRefund,
  REFUND_STATUS,
  refundsOf,
  RESERVING,
  type RefundRow,
} from './refunds';
import { settlePendingRefunds, type PendingRefunds } from './settlePendingRefunds';

/** The result code of a refund refused because the order has an open dispute (chargeback). */
const OPEN_DISPUTE = 'open_dispute';

interface RefundOptions {
  /** the request's Idempotency-Key; a row's own `idempotency_key` counts before it */
  key?: string | undefined;
  /** the caller's refund limit (the support role's); none: any amount */
  limit?: RefundLimit | undefined;
}

/** What earlier requests left on the orders of this one, settled (looked up at the gateway) first. */
interface EarlierRefunds {
  /** by order id: the refunds in flight the look-up settled, found never sent, or could not check */
  pending: ReadonlyMap<string, PendingRefunds>;
  /** the refunds journalled under a key, by order id and key */
  keyed: ReadonlyMap<string, RefundRow>;
}

/** A journalled refund on its way to the gateway, and the order of the request it answers. */
interface Sending {
  target: BulkTarget;
  refund: RefundRow;
  /** the request asked for another amount than this earlier, unfinished refund: answer refund_pending */
  otherAmount: boolean;
}

/** What was captured, hence refundable in total: a capture's amount, else (paid directly) the whole amount. */
function capturedMinor(order: OrderRow): number {
  return order.captured_minor ?? order.amount_minor;
}

/**
 * Refunds of any number of orders, in full (no amount: what is left) or in part: the richest description the
 * engine runs (runGatewayOperation). Each refund is journalled (`requested`, unique per order and sequence,
 * with a deterministic refund_reference) and its amount reserved in the same transaction that checks the
 * refundable total under a row lock, THEN sent in batches of 50. So two requests can never together refund
 * more than was captured, and a refund journalled before a crash or sent without an answer is first looked up
 * by its reference and, if the gateway never got it, sent again under the SAME reference: it is refunded once.
 * A request that finds such an unfinished refund on an order is taken as its retry and answered by it. Refunds
 * are asynchronous at the gateway: an answer says how far the refund is (received, accepted, succeeded).
 */
export function refundOrders(
  options: RefundOptions = {},
): GatewayOperation<'refund', EarlierRefunds, BulkTarget, Sending, RefundRow[]> {
  return {
    kind: 'refund',
    async settleEarlier(deps, targets, requestId) {
      const { db } = deps.store;
      const ids = targets.map((t) => t.order.id);
      const pending = await settlePendingRefunds(deps, ids, { requestId });
      const orders = await ordersById(db, ids);
      // the refunds journalled under a key, read after the settling above: a repeat finds its own, as it is now
      const keyed = new Map<string, RefundRow>();
      for (const r of await refundsOf(db, ids))
        if (r.request_key !== null) keyed.set(`${r.order_id}\n${r.request_key}`, r);
      return { earlier: { pending, keyed }, orders };
    },
    checkEarlier: (deps, target, earlier, requestId) => checkEarlier(deps, target, earlier, options, requestId),
    // a full refund too: the state machine allows refund_partial from the same statuses as refund_full
    event: () => 'refund_partial',
    checkItem(target) {
      const requested = target.input.amount;
      if (requested !== undefined && toMinor(requested, target.order.currency) === 0)
        return { answer: failed(target.label, 'I0021') };
      return { journal: target };
    },
    journal: (trx, deps, targets, requestId) => reserveRefunds(trx, deps, targets, options, requestId),
    item: ({ target, refund }) => ({
      transaction_id: target.order.transaction_id ?? target.attempt.transaction_id ?? '',
      order_no: target.attempt.gateway_order_no,
      currency: target.order.currency,
      amount: toDecimal(target.order.amount_minor, target.order.currency),
      refund_amount: toDecimal(refund.amount_minor, refund.currency),
      ...(refund.reason ? { refund_reason: refund.reason } : {}),
      refund_reference: refund.refund_reference,
    }),
    async record(trx, { refund }, outcome, at) {
      if (outcome.kind === 'ok') {
        const referenceId =
          typeof outcome.item.refund_reference_id === 'string' ? outcome.item.refund_reference_id : null;
        // received, not done: the gateway reports the result later (notification, or the refund search)
        await moveRefund(trx, refund, REFUND_STATUS.received, { refundReferenceId: referenceId }, at);
        await markRefundAnswered(trx, refund.id, at);
        return `refund ${refundMoney(refund)} (${refund.refund_reference}): received by the gateway as ${referenceId ?? '?'}`;
      }
      if (outcome.kind === 'failed') {
        const message = formatGatewayMessage(outcome.code, outcome.message);
        if (await moveRefund(trx, refund, REFUND_STATUS.failed, { message }, at))
          await recordRefundEvent(trx, refund, REFUND_STATUS.failed, at);
        await markRefundAnswered(trx, refund.id, at);
        return `refund ${refundMoney(refund)} (${refund.refund_reference}): refused, ${message}`;
      }
      return `refund ${refundMoney(refund)} (${refund.refund_reference}): ${outcome.kind === 'unknown' ? 'outcome unknown' : 'the gateway has this reference already'}, kept pending`;
    },
    reference: {
      async confirm(deps, sent, requestId) {
        const confirmed = await settlePendingRefunds(
          deps,
          sent.map((s) => s.target.order.id),
          { requestId, only: sent.map((s) => s.refund.id) },
        );
        return new Set(
          sent.filter((s) =>
            confirmed
              .get(s.target.order.id)
              ?.settled.some((r) => r.id === s.refund.id && r.status !== REFUND_STATUS.failed),
          ),
        );
      },
      unconfirmed: 'the gateway has this refund already but it could not be confirmed yet; sync the order',
    },
    readAfter: (db, orderIds) => refundsOf(db, orderIds),
    answer: (s, order, refunds) =>
      s.otherAmount
        ? failed(
            s.target.label,
            BULK_ERROR.refund_pending,
            `an unfinished refund of ${refundMoney(s.refund)} from an earlier request was completed instead; this request was not sent, send it again for another refund`,
          )
        : answerSent(
            s.target.label,
            order?.status,
            refunds?.find((r) => r.id === s.refund.id),
          ),
    lostInFlight:
      'the request failed while this refund was being sent; it is journalled and checked by its reference on the next refund or sync of this order',
  };
}

/**
 * Before the state machine: a row's amount must be one in the order's currency; then what earlier requests left
 * on the order answers it or is sent first: the refund journalled under this row's key, an earlier refund that
 * could not be checked, one the gateway never received, one the gateway has whose answer was lost.
 */
async function checkEarlier(
  deps: AppDeps,
  t: BulkTarget,
  { pending, keyed }: EarlierRefunds,
  options: RefundOptions,
  requestId: string | undefined,
): Promise<{ answer: OrderResult } | { send: Sending } | undefined> {
  const { db } = deps.store;
  const { order } = t;
  const requested = t.input.amount;
  if (requested !== undefined && !isAmount(requested, order.currency))
    return {
      answer: failed(t.label, 'I0020', `amount is invalid: ${requested} is not an amount in ${order.currency}`),
    };
  const requestedMinor = requested === undefined ? undefined : toMinor(requested, order.currency);
  const sameAmount = (r: RefundRow) => requestedMinor === undefined || r.amount_minor === requestedMinor;
  const earlier = pending.get(order.id);
  const key = keyOf(t.input, options.key);
  const journalled = key === undefined ? undefined : keyed.get(`${order.id}\n${key}`);
  if (journalled) {
    const answer = answerFromJournal(t, journalled, hashItem(t.input), earlier);
    if (answer) return { answer };
    return claimToSend(
      deps,
      t,
      journalled,
      false,
      'this refund is being sent by another request; try again in a moment',
    );
  }
  if (earlier?.unknown.length)
    return {
      answer: failed(
        t.label,
        BULK_ERROR.gateway_unavailable,
        'an earlier refund of this order could not be checked with the gateway; nothing was sent, try again later',
      ),
    };
  // an earlier request's refund the gateway never received is sent first, under its own reference (and answered
  // to its own key when that request is repeated); this request is then told to send again for its own
  const unsent = earlier?.unsent.find((r) => r.attempt_id === t.attempt.id);
  if (unsent)
    return claimToSend(
      deps,
      t,
      unsent,
      key !== undefined || !sameAmount(unsent),
      'an earlier refund of this order is being sent by another request; try again in a moment',
    );
  // without a key a refund of an earlier request whose answer was lost, found at the gateway (by the lookup
  // above, or by its notifications), is taken as what this request asked, once; a keyed request is a new
  // refund. One that failed moved no money: this request goes on as a new refund.
  const done =
    key === undefined ? await claimUnanswered(db, deps, order.id, earlier, deps.now().toISOString()) : undefined;
  if (!done) return undefined;
  await writeAuditEvent(
    db,
    {
      kind: 'refund',
      summary: `refund ${refundMoney(done)} (${done.refund_reference}) from an earlier request: found at the gateway, ${done.status}; answers this request`,
      order_no: t.attempt.gateway_order_no,
      attempt_id: t.attempt.id,
      request_id: requestId ?? null,
    },
    deps.now().toISOString(),
  );
  return {
    answer: sameAmount(done)
      ? succeeded(t.label, {
          status: order.status,
          refund_state: done.status,
          note: `done by an earlier request (found at the gateway, ${done.status})`,
        })
      : failed(
          t.label,
          BULK_ERROR.refund_pending,
          `an unfinished refund of ${toDecimal(done.amount_minor, done.currency)} from an earlier request was found at the gateway (${done.status}); this request was not sent, send it again for another refund`,
        ),
  };
}

/**
 * Claims a journalled, unsent refund for this request to send (a conditional update: of two requests that found
 * it only one sends it); the other is answered `busy`.
 */
async function claimToSend(
  deps: AppDeps,
  target: BulkTarget,
  refund: RefundRow,
  otherAmount: boolean,
  busy: string,
): Promise<{ answer: OrderResult } | { send: Sending }> {
  const at = deps.now().toISOString();
  if (await claimPendingRefund(deps.store.db, refund, at))
    return { send: { target, refund: { ...refund, updated_at: at }, otherAmount } };
  return { answer: failed(target.label, BULK_ERROR.refund_pending, busy) };
}

/**
 * The refund of an earlier request on this order whose answer the owner never got but that the gateway has
 * (received or further), claimed so that only one request is answered with it. Refunds younger than the
 * in-flight window may belong to a request still running and are left to it.
 */
async function claimUnanswered(
  db: Db,
  deps: AppDeps,
  orderId: string,
  earlier: PendingRefunds | undefined,
  at: string,
): Promise<RefundRow | undefined> {
  const cutoff = inFlightCutoff(deps);
  const found = (await refundsOf(db, [orderId])).filter(
    (r) =>
      r.answered_at === null &&
      r.status !== REFUND_STATUS.requested &&
      r.status !== REFUND_STATUS.failed &&
      (r.created_at < cutoff || earlier?.settled.some((s) => s.id === r.id)),
  );
  for (const refund of found) if (await markRefundAnswered(db, refund.id, at)) return refund;
  return undefined;
}

/**
 * In one transaction, under a lock on the orders: what is left to refund (captured less every pending or
 * succeeded refund, less lost disputes), then one pending journal row per order with the next sequence and its
 * reference.
 */
async function reserveRefunds(
  trx: Db,
  deps: AppDeps,
  targets: readonly BulkTarget[],
  options: RefundOptions,
  requestId: string | undefined,
): Promise<{ entries: Sending[]; refused: Map<number, OrderResult> }> {
  const entries: Sending[] = [];
  const refused = new Map<number, OrderResult>();
  if (targets.length === 0) return { entries, refused };
  const ids = targets.map((t) => t.order.id);
  await lockOrders(trx, deps.store.dialect, ids);
  const orders = await ordersById(trx, ids);
  const existing = await refundsOf(trx, ids);
  // a lost dispute already gave that money back to the cardholder: it is not refundable any more
  const lostInDisputes = await lostDisputeMinor(trx, ids);
  const open = (await disputesOf(trx, ids)).filter((d) => d.state === 'open');
  const at = deps.now().toISOString();
  for (const target of targets) {
    const order = orders.get(target.order.id) ?? target.order;
    const mine = existing.filter((r) => r.order_id === order.id);
    const key = keyOf(target.input, options.key);
    if (key !== undefined && mine.some((r) => r.request_key === key)) {
      refused.set(
        target.index,
        failed(
          target.label,
          BULK_ERROR.refund_pending,
          'another request with this Idempotency-Key is sending this refund; send it again in a moment',
        ),
      );
      continue;
    }
    const taken = mine.filter((r) => RESERVING.includes(r.status)).reduce((sum, r) => sum + r.amount_minor, 0);
    const inFlight = mine.filter((r) => IN_FLIGHT.includes(r.status)).reduce((sum, r) => sum + r.amount_minor, 0);
    const left = capturedMinor(order) - taken - (lostInDisputes.get(order.id) ?? 0);
    const amount = target.input.amount === undefined ? left : toMinor(target.input.amount, order.currency);
    if (left <= 0 || amount > left) {
      const money = (minor: number) => `${toDecimal(Math.max(0, minor), order.currency)} ${order.currency}`;
      refused.set(
        target.index,
        failed(
          target.label,
          'B0002',
          `${GATEWAY_ERRORS.B0002}: ${left <= 0 ? 'nothing is left to refund' : `${money(amount)} asked, ${money(left)} left`} of ${money(capturedMinor(order))} captured${inFlight ? ` (${money(inFlight)} of it in refunds not yet succeeded)` : ''}`,
        ),
      );
      continue;
    }
    // a chargeback open on the order: the card network may give the cardholder this money back as well, so a
    // refund now is refused unless the request names the dispute (the owner saw it and confirmed)
    const disputed = open.find((d) => d.order_id === order.id && d.dispute_id !== target.input.despite_dispute);
    if (disputed) {
      refused.set(
        target.index,
        failed(
          target.label,
          OPEN_DISPUTE,
          `${toDecimal(disputed.amount_minor, disputed.currency)} ${disputed.currency} of this order is under an open chargeback (dispute ${disputed.dispute_id}, to answer by ${disputed.respond_by}): if the dispute is lost the cardholder gets that money back too. Answer the dispute instead, or confirm the refund with despite_dispute "${disputed.dispute_id}"`,
        ),
      );
      continue;
    }
    // checked here, where a full refund's amount (what is left) is known under the lock: this refund with what
    // the same role refunded of this order and, today, of every order in the currency
    const overLimit =
      options.limit &&
      overRefundLimit(
        options.limit,
        amount,
        order.currency,
        await refundedUnderLimit(trx, deps.store.dialect, options.limit.role, order, at),
      );
    if (overLimit) {
      refused.set(target.index, failed(target.label, BULK_ERROR.over_refund_limit, overLimit));
      continue;
    }
    const seq = Math.max(0, ...mine.map((r) => r.seq ?? 0)) + 1;
    const refund: RefundRow = {
      id: newId('rf'),
      order_id: order.id,
      attempt_id: target.attempt.id,
      amount_minor: amount,
      currency: order.currency,
      reason: target.input.reason ?? null,
      // deterministic and stored before the call: a retry sends this same reference, which the gateway dedupes
      refund_reference: `${order.id}.${seq}`,
      refund_reference_id: null,
      seq,
      status: REFUND_STATUS.requested,
      message: null,
      request_key: key ?? null,
      request_hash: key === undefined ? null : hashItem(target.input),
      answered_at: null,
      next_check_at: null,
      checks: 0,
      limited_role: options.limit?.role ?? null,
      created_at: at,
      updated_at: at,
    };
    await insertRefund(trx, refund);
    await writeAuditEvent(
      trx,
      {
        kind: 'refund',
        summary: `refund ${refundMoney(refund)} journalled as ${refund.refund_reference}`,
        order_no: target.attempt.gateway_order_no,
        attempt_id: target.attempt.id,
        request_id: requestId ?? null,
      },
      at,
    );
    entries.push({ target: { ...target, order }, refund, otherAmount: false });
  }
  return { entries, refused };
}

/** The key a refund of this item is journalled under: its own, else the request's; none without either. */
function keyOf(item: BulkTarget['input'], requestKey: string | undefined): string | undefined {
  return item.idempotency_key ?? requestKey;
}

/** What a key asks of one order: the same key asking another amount or reason is another refund. */
function hashItem(item: BulkTarget['input']): string {
  return hashRequest({ amount: item.amount ?? null, reason: item.reason ?? null });
}

/**
 * The answer to a repeat of the request that journalled `refund` under its key, from the journal: done, refused,
 * or not known yet. Undefined when the gateway never received it: it is then sent again, under its reference.
 */
function answerFromJournal(
  target: BulkTarget,
  refund: RefundRow,
  hash: string,
  earlier: PendingRefunds | undefined,
): OrderResult | undefined {
  const { label } = target;
  if (refund.request_hash !== hash)
    return failed(
      label,
      API_ERROR.idempotency_key_reused,
      'this Idempotency-Key was used for another refund of this order (another amount or reason); use a new key for a new refund',
    );
  if (refund.status === REFUND_STATUS.succeeded)
    return succeeded(label, {
      status: target.order.status,
      refund_state: refund.status,
      note: `refunded once, by the first request with this key (${refund.refund_reference})`,
    });
  if (refund.status === REFUND_STATUS.received || refund.status === REFUND_STATUS.accepted)
    return succeeded(label, {
      status: target.order.status,
      refund_state: refund.status,
      note: `sent once, by the first request with this key (${refund.refund_reference}); the gateway has ${refund.status} it and it succeeds or fails later`,
    });
  if (refund.status === REFUND_STATUS.failed) return answerFailed(label, refund);
  if (earlier?.unsent.some((r) => r.id === refund.id)) return undefined;
  return failed(
    label,
    BULK_ERROR.outcome_unknown,
    'the refund this key journalled may have reached the gateway and is not settled yet: do not send it under a new key; send this same request again later, or sync the order',
  );
}

/**
 * The answer to a refund the gateway took: ok, with the refund's state as it stands. A refund only received (or
 * accepted) has not moved money yet and says so: it succeeds or fails later, and the order's refunds show which.
 */
function answerSent(
  label: BulkTarget['label'],
  status: OrderStatus | undefined,
  refund: RefundRow | undefined,
): OrderResult {
  const state = refund?.status ?? REFUND_STATUS.received;
  if (refund && state === REFUND_STATUS.failed) return answerFailed(label, refund);
  return succeeded(label, {
    status,
    refund_state: state,
    ...(state === REFUND_STATUS.succeeded
      ? {}
      : { note: `the gateway has ${state} the refund; it succeeds or fails later (the order's refunds show which)` }),
  });
}

/** A failed refund's answer: the gateway's code and text as journalled (`code: text`). */
function answerFailed(label: BulkTarget['label'], refund: RefundRow): OrderResult {
  const [code, ...text] = (refund.message ?? '').split(':');
  return failed(label, code || BULK_ERROR.outcome_unknown, text.join(':') || refund.message || 'refused');
}

function refundMoney(refund: Pick<RefundRow, 'amount_minor' | 'currency'>): string {
  return `${toDecimal(refund.amount_minor, refund.currency)} ${refund.currency}`;
}
