import { type GatewayProfile, toKnownStatus } from '../../shared/gateway/profile';
import { STATUS_NAME, isForward, isPaymentStatus, type OrderStatus } from '../../shared/gateway/status';
import { findAttempt, keepAttemptMessage, moveAttemptFrom, OPEN_STATUSES, type AttemptRow } from './attempts';
import { writeAuditEvent } from './auditEvents';
import type { Db } from '../store';
import { mirrorAttempt } from './orders';
import { ConcurrentUpdateError } from '../store';
import { markSavedCardUsed } from '../checkout';
import { HOLDS_MONEY, raisePaymentAlerts, type RaisedAlert } from './raisePaymentAlerts';
import { unknownStatusNote } from './unknownStatusNote';
import { recordOrderEvents } from '../shopEvents';

/** The statuses of a payment that went through (charged or held on the card; review is not yet either). */
const WENT_THROUGH: readonly OrderStatus[] = ['authorised', 'paid', 'partially_refunded', 'refunded'];

/** Where a gateway status came from; a query is trusted over a notification (docs/architecture.md 6). */
export type StatusSource = 'query' | 'notification';

/** What the gateway says about one payment. */
export interface GatewayState {
  payment_status: string;
  transaction_id?: string | undefined;
  /** `<code>:<text>` */
  message?: string | undefined;
}

export type ApplyOutcome = 'applied' | 'same_status' | 'backwards' | 'unknown_status';

/** What applying a status did; `alerts`: raised by this move, to be logged once the transaction commits. */
export interface Applied {
  outcome: ApplyOutcome;
  attempt: AttemptRow;
  alerts?: RaisedAlert[];
}

/**
 * A query that finds an attempt pending whose page the shopper never received (the checkout answer or the
 * issuer page was lost, so no card page and no redirect was stored) shows an attempt nobody can finish: it stops
 * blocking a new attempt (startAttempt) but stays open, so the reconcile loop keeps asking, and should it be paid
 * after all, raisePaymentAlerts catches the double payment. Only from `unknown`, an answer known to be lost: an
 * attempt still `created` may be in flight, its page about to be stored (settleAttempt also clears the mark if
 * a page is stored after all).
 */
function strandedByQuery(attempt: AttemptRow, source: StatusSource, status: OrderStatus): boolean {
  if (source !== 'query' || status !== 'pending' || attempt.status !== 'unknown') return false;
  return attempt.kind === 'card'
    ? attempt.frame_form === null && attempt.frame_token === null
    : attempt.redirect_url === null;
}

/**
 * Moves a payment attempt, and its order when it is the order's current attempt, to the gateway's status, if
 * the state machine (shared/gateway/status.ts) allows it. Run inside a transaction. Before the gateway has given
 * a status (attempt `created` or `unknown`) any status is accepted; after that only forward moves are, so a
 * late or replayed message never moves an order backwards. Ignored moves are written to the audit log.
 *
 * A code the gateway profile does not know is never ignored (docs/protocol-decisions.md 4): the attempt and its order
 * keep the raw code with the status `unknown`, which keeps them out of every automatic action and puts them in the
 * reconcile loop's queue, to be settled by query like any unknown outcome.
 */
export async function applyGatewayStatus(
  trx: Db,
  attemptId: string,
  state: GatewayState,
  source: StatusSource,
  ctx: { now: Date; requestId?: string | undefined; profile: GatewayProfile },
): Promise<Applied> {
  const attempt = await findAttempt(trx, attemptId);
  if (!attempt) throw new Error(`payment attempt ${attemptId} not found`);
  const audit = (kind: string, summary: string) =>
    writeAuditEvent(
      trx,
      {
        kind,
        summary,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        request_id: ctx.requestId ?? null,
        detail: { source, ...state },
      },
      ctx.now.toISOString(),
    );

  const to = toKnownStatus(ctx.profile, state.payment_status);
  if (!to) return holdUnknownStatus(trx, attempt, state, source, ctx.now, audit);
  const from = attempt.payment_status;
  if (from !== null && isPaymentStatus(from)) {
    if (from === to && !isForward(from, to)) {
      // a query that finds the order unchanged is routine; a repeated event is worth a line in the log
      if (source === 'notification') await audit('ignored', `${source}: already ${STATUS_NAME[to]}`);
      // the status came first from a source without the reason (e.g. a query): keep the reason when it arrives
      if (state.message && !attempt.message)
        return { outcome: 'same_status', attempt: await keepMessage(trx, attempt, state.message, ctx.now) };
      return { outcome: 'same_status', attempt };
    }
    if (!isForward(from, to)) {
      await audit('ignored', `${source}: ${STATUS_NAME[from]} -> ${STATUS_NAME[to]} would move backwards`);
      return { outcome: 'backwards', attempt };
    }
  }

  const status: OrderStatus = STATUS_NAME[to];
  const at = ctx.now.toISOString();
  const patch = {
    status,
    payment_status: to,
    transaction_id: state.transaction_id || attempt.transaction_id,
    message: state.message || attempt.message,
    // still pending: the reconcile loop keeps its schedule, its back-off starting again; settled: nothing to ask
    next_check_at: OPEN_STATUSES.includes(status) ? attempt.next_check_at : null,
    ...(OPEN_STATUSES.includes(status) ? { checks: 0 } : {}),
    // the card page is kept only while it can still be reopened (resumePayment)
    frame_form: status === 'pending' ? attempt.frame_form : null,
    ...(strandedByQuery(attempt, source, status) ? { stranded_at: at } : {}),
    updated_at: at,
  };
  if (!(await moveAttemptFrom(trx, attempt.id, from, patch)))
    throw new ConcurrentUpdateError(`payment attempt ${attempt.id} changed during the update`);
  const order = await mirrorAttempt(
    trx,
    attempt,
    { status, payment_status: to, transaction_id: patch.transaction_id, message: patch.message },
    at,
  );
  await audit('transition', `${source}: ${attempt.status} -> ${status}`);
  if (patch.stranded_at)
    await audit(
      'stranded',
      `${source}: pending at the gateway, but the shopper never got its page; a new attempt may start`,
    );
  const moved = { ...attempt, ...patch };
  // paid with a saved card: the shopper's "last used" card, listed first and preselected next time
  if (WENT_THROUGH.includes(status) && !WENT_THROUGH.includes(attempt.status))
    await markSavedCardUsed(trx, attempt.id, at);
  const alerting = HOLDS_MONEY.includes(status) && !HOLDS_MONEY.includes(attempt.status);
  const alerts = alerting ? await raisePaymentAlerts(trx, moved, ctx.now) : [];
  // after the alerts: a late payment adopted by raisePaymentAlerts is the order's new state too, so the order is
  // read again after them; otherwise the mirror's update answered it as it now is
  await recordOrderEvents(trx, [(!alerting && order) || attempt.order_id], at);
  return { outcome: 'applied', attempt: moved, ...(alerts.length ? { alerts } : {}) };
}

async function holdUnknownStatus(
  trx: Db,
  attempt: AttemptRow,
  state: GatewayState,
  source: StatusSource,
  now: Date,
  audit: (kind: string, summary: string) => Promise<unknown>,
): Promise<Applied> {
  const code = state.payment_status;
  if (attempt.payment_status === code) return { outcome: 'same_status', attempt };
  const at = now.toISOString();
  const patch = {
    status: 'unknown' as const,
    payment_status: code,
    transaction_id: state.transaction_id || attempt.transaction_id,
    message: state.message || attempt.message,
    // a query settles it: the reconcile loop asks at its next pass, then less often
    next_check_at: at,
    checks: 0,
    frame_form: null,
    updated_at: at,
  };
  let update = trx.updateTable('payment_attempts').set(patch).where('id', '=', attempt.id);
  update =
    attempt.payment_status === null
      ? update.where('payment_status', 'is', null)
      : update.where('payment_status', '=', attempt.payment_status);
  const moved = await update.executeTakeFirst();
  if (moved.numUpdatedRows !== 1n)
    throw new ConcurrentUpdateError(`payment attempt ${attempt.id} changed during the update`);
  await trx
    .updateTable('orders')
    .set({
      status: 'unknown',
      payment_status: code,
      transaction_id: patch.transaction_id,
      message: patch.message,
      updated_at: at,
    })
    .where('id', '=', attempt.order_id)
    .where('current_attempt_id', '=', attempt.id)
    .execute();
  await audit(
    'unknown_status',
    `${source}: ${unknownStatusNote(JSON.stringify(code))}; kept out of automatic actions until a query settles it`,
  );
  return { outcome: 'unknown_status', attempt: { ...attempt, ...patch } };
}

/** Fills in the `<code>:<text>` reason of an attempt (and its order, if current) whose status did not change. */
async function keepMessage(trx: Db, attempt: AttemptRow, message: string, now: Date): Promise<AttemptRow> {
  const at = now.toISOString();
  await keepAttemptMessage(trx, attempt.id, message, at);
  await mirrorAttempt(trx, attempt, { message }, at, { onlyWithoutMessage: true });
  return { ...attempt, message, updated_at: at };
}
