import { API_ERROR } from '../../shared/contract/errors';
import { BATCH_LIMIT, formatGatewayMessage, GATEWAY_ERRORS } from '../../shared/gateway/errors';
import { isAmount, toDecimal, toMinor } from '../../shared/gateway/money';
import { canApply, isPaymentStatus, type OrderStatus } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { RefundItem } from '../gateway';
import { hashRequest } from '../hashRequest';
import { newId } from '../ids';
import { writeAuditEvent } from '../orders';
import type { Db } from '../store';
import { lostDisputeMinor } from '../disputes';
import { lockOrders } from './lockOrders';
import { ordersById, type OrderRow } from '../orders';
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
} from '../refunds';
import { runInTransaction } from '../store';
import { recordRefundEvent } from '../shopEvents';
import { overRefundLimit, type RefundLimit } from '../refunds';
import { runBatches } from './runBatches';
import { splitIntoBatches } from './splitIntoBatches';
import type { BulkItem } from './bulkBody';
import { callBatch, type ItemOutcome } from './callBatch';
import { findTargets, type Target } from './findTargets';
import { inFlightCutoff } from './inFlightCutoff';
import { refreshFromGateway } from './refreshFromGateway';
import { BULK_ERROR, failed, succeeded, type OrderResult, type ResultLabel } from './results';
import { wrongState } from './runGatewayOperation';
import { settlePendingRefunds, type PendingRefunds } from '../refunds';

interface RefundOptions {
  requestId?: string | undefined;
  key?: string | undefined;
  /** the caller's refund limit (the support role's); none: any amount */
  limit?: RefundLimit | undefined;
}

/** A journalled refund on its way to the gateway, and the order of the request it answers. */
interface Sending {
  target: Target<BulkItem>;
  refund: RefundRow;
  /** the request asked for another amount than this earlier, unfinished refund: answer refund_pending */
  otherAmount: boolean;
}

/** What was captured, hence refundable in total: a capture's amount, else (paid directly) the whole amount. */
function capturedMinor(order: OrderRow): number {
  return order.captured_minor ?? order.amount_minor;
}

/**
 * Refunds of any number of orders, in full (no amount: what is left) or in part. Each refund is journalled
 * (`pending`, unique per order and sequence, with a deterministic refund_reference) and its amount reserved in
 * the same transaction that checks the refundable total under a row lock, THEN sent in batches of 50. So two
 * requests can never together refund more than was captured, and a refund journalled before a crash or sent
 * without an answer is first looked up by its reference and, if the gateway never got it, sent again under the
 * SAME reference: it is refunded once. A request that finds such an unfinished refund on an order is taken as
 * its retry and answered by it.
 */
export async function refundOrders(
  deps: AppDeps,
  items: readonly BulkItem[],
  options: RefundOptions = {},
): Promise<OrderResult[]> {
  const { db } = deps.store;
  const { requestId } = options;
  const { targets, results } = await findTargets(db, items);
  const pending = await settlePendingRefunds(
    deps,
    targets.map((t) => t.order.id),
    { requestId },
  );
  const orders = await ordersById(
    db,
    targets.map((t) => t.order.id),
  );
  // the refunds journalled under a key, read after the settling above: a repeat finds its own, as it is now
  const keyed = new Map<string, RefundRow>();
  for (const r of await refundsOf(
    db,
    targets.map((t) => t.order.id),
  ))
    if (r.request_key !== null) keyed.set(`${r.order_id}\n${r.request_key}`, r);

  const sending: Sending[] = [];
  const fresh: Target<BulkItem>[] = [];
  for (const target of targets) {
    const order = orders.get(target.order.id) ?? target.order;
    const t = { ...target, order };
    const requested = target.input.amount;
    if (requested !== undefined && !isAmount(requested, order.currency)) {
      results.set(
        t.index,
        failed(t.label, 'I0020', `amount is invalid: ${requested} is not an amount in ${order.currency}`),
      );
      continue;
    }
    const requestedMinor = requested === undefined ? undefined : toMinor(requested, order.currency);
    const sameAmount = (r: RefundRow) => requestedMinor === undefined || r.amount_minor === requestedMinor;
    const earlier = pending.get(order.id);
    const key = keyOf(t.input, options.key);
    const journalled = key === undefined ? undefined : keyed.get(`${order.id}\n${key}`);
    if (journalled) {
      const answer = answerFromJournal(t, journalled, hashItem(t.input), earlier);
      if (answer) results.set(t.index, answer);
      else if (await claimPendingRefund(db, journalled, deps.now().toISOString()))
        sending.push({
          target: t,
          refund: { ...journalled, updated_at: deps.now().toISOString() },
          otherAmount: false,
        });
      else
        results.set(
          t.index,
          failed(
            t.label,
            BULK_ERROR.refund_pending,
            'this refund is being sent by another request; try again in a moment',
          ),
        );
      continue;
    }
    if (earlier?.unknown.length) {
      results.set(
        t.index,
        failed(
          t.label,
          BULK_ERROR.gateway_unavailable,
          'an earlier refund of this order could not be checked with the gateway; nothing was sent, try again later',
        ),
      );
      continue;
    }
    // an earlier request's refund the gateway never received is sent first, under its own reference (and answered
    // to its own key when that request is repeated); this request is then told to send again for its own
    const unsent = earlier?.unsent.find((r) => r.attempt_id === t.attempt.id);
    if (unsent) {
      const at = deps.now().toISOString();
      if (await claimPendingRefund(db, unsent, at))
        sending.push({
          target: t,
          refund: { ...unsent, updated_at: at },
          otherAmount: key !== undefined || !sameAmount(unsent),
        });
      else
        results.set(
          t.index,
          failed(
            t.label,
            BULK_ERROR.refund_pending,
            'an earlier refund of this order is being sent by another request; try again in a moment',
          ),
        );
      continue;
    }
    // without a key a refund of an earlier request whose answer was lost, found at the gateway (by the lookup
    // above, or by its notifications), is taken as what this request asked, once; a keyed request is a new
    // refund. One that failed moved no money: this request goes on as a new refund.
    const done =
      key === undefined ? await claimUnanswered(db, deps, order.id, earlier, deps.now().toISOString()) : undefined;
    if (done) {
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
      results.set(
        t.index,
        sameAmount(done)
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
      );
      continue;
    }
    if (
      !order.payment_status ||
      !isPaymentStatus(order.payment_status) ||
      !canApply(order.payment_status, 'refund_partial')
    ) {
      results.set(t.index, failed(t.label, 'E0009', wrongState(order)));
      continue;
    }
    if (requestedMinor === 0) {
      results.set(t.index, failed(t.label, 'I0021'));
      continue;
    }
    fresh.push(t);
  }

  const reserved = await runInTransaction(db, (trx) => reserveRefunds(trx, deps, fresh, options));
  for (const [index, result] of reserved.refused) results.set(index, result);
  sending.push(...reserved.journalled.map(({ target, refund }) => ({ target, refund, otherAmount: false })));

  const batches = splitIntoBatches(sending, BATCH_LIMIT.refund);
  const settled = await runBatches(batches, (batch) => sendRefunds(deps, batch, requestId));
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') {
      for (const [index, result] of s.value) results.set(index, result);
      return;
    }
    deps.log.error({ requestId, err: s.reason }, 'admin: refund batch failed');
    for (const { target } of batches[i]!) {
      results.set(
        target.index,
        failed(
          target.label,
          BULK_ERROR.outcome_unknown,
          'the request failed while this refund was being sent; it is journalled and checked by its reference on the next refund or sync of this order',
        ),
      );
    }
  });
  return items.map((_, i) => results.get(i)!);
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
 * succeeded refund, less lost disputes), then one pending journal row per order with the next sequence and its reference.
 */
async function reserveRefunds(
  trx: Db,
  deps: AppDeps,
  targets: readonly Target<BulkItem>[],
  options: RefundOptions,
): Promise<{ journalled: { target: Target<BulkItem>; refund: RefundRow }[]; refused: Map<number, OrderResult> }> {
  const journalled: { target: Target<BulkItem>; refund: RefundRow }[] = [];
  const refused = new Map<number, OrderResult>();
  if (targets.length === 0) return { journalled, refused };
  const ids = targets.map((t) => t.order.id);
  await lockOrders(trx, deps.store.dialect, ids);
  const orders = await ordersById(trx, ids);
  const existing = await refundsOf(trx, ids);
  // a lost dispute already gave that money back to the cardholder: it is not refundable any more
  const lostInDisputes = await lostDisputeMinor(trx, ids);
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
    // checked here, where a full refund's amount (what is left) is known under the lock
    const overLimit = overRefundLimit(options.limit, amount, order.currency);
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
        request_id: options.requestId ?? null,
      },
      at,
    );
    journalled.push({ target: { ...target, order }, refund });
  }
  return { journalled, refused };
}

/** The key a refund of this item is journalled under: its own, else the request's; none without either. */
function keyOf(item: BulkItem, requestKey: string | undefined): string | undefined {
  return item.idempotency_key ?? requestKey;
}

/** What a key asks of one order: the same key asking another amount or reason is another refund. */
function hashItem(item: BulkItem): string {
  return hashRequest({ amount: item.amount ?? null, reason: item.reason ?? null });
}

/**
 * The answer to a repeat of the request that journalled `refund` under its key, from the journal: done, refused,
 * or not known yet. Undefined when the gateway never received it: it is then sent again, under its reference.
 */
function answerFromJournal(
  target: Target<BulkItem>,
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
  if (refund.status === REFUND_STATUS.failed) {
    const [code, ...text] = (refund.message ?? '').split(':');
    return failed(label, code || BULK_ERROR.outcome_unknown, text.join(':') || refund.message || 'refused');
  }
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
function answerSent(label: ResultLabel, status: OrderStatus | undefined, refund: RefundRow | undefined): OrderResult {
  const state = refund?.status ?? REFUND_STATUS.received;
  if (state === REFUND_STATUS.failed) {
    const [code, ...text] = (refund?.message ?? '').split(':');
    return failed(label, code || BULK_ERROR.outcome_unknown, text.join(':') || refund?.message || 'refused');
  }
  return succeeded(label, {
    status,
    refund_state: state,
    ...(state === REFUND_STATUS.succeeded
      ? {}
      : { note: `the gateway has ${state} the refund; it succeeds or fails later (the order's refunds show which)` }),
  });
}

function refundMoney(refund: Pick<RefundRow, 'amount_minor' | 'currency'>): string {
  return `${toDecimal(refund.amount_minor, refund.currency)} ${refund.currency}`;
}

async function sendRefunds(
  deps: AppDeps,
  batch: readonly Sending[],
  requestId: string | undefined,
): Promise<Map<number, OrderResult>> {
  const item = ({ target, refund }: Sending): RefundItem => ({
    transaction_id: target.order.transaction_id ?? target.attempt.transaction_id ?? '',
    order_no: target.attempt.gateway_order_no,
    currency: target.order.currency,
    amount: toDecimal(target.order.amount_minor, target.order.currency),
    refund_amount: toDecimal(refund.amount_minor, refund.currency),
    ...(refund.reason ? { refund_reason: refund.reason } : {}),
    refund_reference: refund.refund_reference,
  });
  const outcomes = await callBatch(deps.gateway, 'refund', batch.map(item));
  const outcomeOf = (s: Sending): ItemOutcome =>
    outcomes.get(item(s).transaction_id) ?? { kind: 'unknown', message: 'no answer for this order' };

  const at = deps.now().toISOString();
  // E0008: the reference was already used, so an earlier send did arrive; confirmed by lookup below
  const alreadySent = batch.filter((s) => {
    const o = outcomeOf(s);
    return o.kind === 'failed' && o.code === 'E0008';
  });
  await runInTransaction(deps.store.db, async (trx) => {
    for (const s of batch) {
      const outcome = outcomeOf(s);
      let summary: string;
      if (outcome.kind === 'ok') {
        const referenceId =
          typeof outcome.item.refund_reference_id === 'string' ? outcome.item.refund_reference_id : null;
        // received, not done: the gateway reports the result later (notification, or the refund search)
        await moveRefund(trx, s.refund, REFUND_STATUS.received, { refundReferenceId: referenceId }, at);
        await markRefundAnswered(trx, s.refund.id, at);
        summary = `refund ${refundMoney(s.refund)} (${s.refund.refund_reference}): received by the gateway as ${referenceId ?? '?'}`;
      } else if (outcome.kind === 'failed' && outcome.code !== 'E0008') {
        const message = formatGatewayMessage(outcome.code, outcome.message);
        if (await moveRefund(trx, s.refund, REFUND_STATUS.failed, { message }, at))
          await recordRefundEvent(trx, s.refund, REFUND_STATUS.failed, at);
        await markRefundAnswered(trx, s.refund.id, at);
        summary = `refund ${refundMoney(s.refund)} (${s.refund.refund_reference}): refused, ${message}`;
      } else {
        summary = `refund ${refundMoney(s.refund)} (${s.refund.refund_reference}): ${outcome.kind === 'unknown' ? 'outcome unknown' : 'the gateway has this reference already'}, kept pending`;
      }
      await writeAuditEvent(
        trx,
        {
          kind: 'refund',
          summary,
          order_no: s.target.attempt.gateway_order_no,
          attempt_id: s.target.attempt.id,
          request_id: requestId ?? null,
        },
        at,
      );
    }
  });
  const confirmed = alreadySent.length
    ? await settlePendingRefunds(
        deps,
        alreadySent.map((s) => s.target.order.id),
        { requestId, only: alreadySent.map((s) => s.refund.id) },
      )
    : new Map<string, PendingRefunds>();

  const accepted = batch.filter(
    (s) =>
      outcomeOf(s).kind === 'ok' ||
      confirmed.get(s.target.order.id)?.settled.some((r) => r.id === s.refund.id && r.status !== REFUND_STATUS.failed),
  );
  await refreshFromGateway(
    deps,
    accepted.map((s) => s.target.attempt),
    requestId,
  );
  const orders = await ordersById(
    deps.store.db,
    accepted.map((s) => s.target.order.id),
  );
  const now = await refundsOf(
    deps.store.db,
    accepted.map((s) => s.target.order.id),
  );

  const results = new Map<number, OrderResult>();
  for (const s of batch) {
    const outcome = outcomeOf(s);
    const { label } = s.target;
    if (accepted.includes(s)) {
      results.set(
        s.target.index,
        s.otherAmount
          ? failed(
              label,
              BULK_ERROR.refund_pending,
              `an unfinished refund of ${refundMoney(s.refund)} from an earlier request was completed instead; this request was not sent, send it again for another refund`,
            )
          : answerSent(
              label,
              orders.get(s.target.order.id)?.status,
              now.find((r) => r.id === s.refund.id),
            ),
      );
    } else if (outcome.kind === 'failed' && outcome.code !== 'E0008') {
      results.set(s.target.index, failed(label, outcome.code, outcome.message));
    } else {
      results.set(
        s.target.index,
        failed(
          label,
          BULK_ERROR.outcome_unknown,
          outcome.kind === 'unknown'
            ? outcome.message
            : 'the gateway has this refund already but it could not be confirmed yet; sync the order',
        ),
      );
    }
  }
  return results;
}
