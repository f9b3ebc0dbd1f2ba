import type { AppDeps } from '../deps';
import { queryAttempts } from '../orders';
import { settleSendingPayouts } from '../payouts';
import {
  attemptsById,
  attemptsDueForCheck,
  closeAttemptWithoutStatus,
  scheduleNextCheck,
  type AttemptRow,
} from '../orders';
import { writeAuditEvent } from '../orders';
import { mirrorAttempt } from '../orders';
import { recordOrderEvents } from '../shopEvents';
import { recheckOpenDisputes } from '../disputes';
import { withReconcileLock } from './withReconcileLock';
import { processDueCues } from '../notifications';
import { inFlightCutoff } from '../operations';
import { settlePendingRefunds } from '../refunds';
import { settlePendingExtraRefunds } from '../refunds';
import { refreshFromGateway } from '../operations';
import { backOffRefunds, refundsDueForCheck, REFUND_STATUS } from '../refunds';

export interface ReconcileResult {
  /** false when another process was running a pass */
  ran: boolean;
  checked: number;
  /** attempts whose status changed */
  applied: number;
  /** attempts the gateway never received, closed as declined */
  closed: number;
  errors: number;
}

/** The most attempts (and refunds) one pass looks at; the rest wait for the next pass. */
const MAX_PER_PASS = 1000;
/** The longest wait between two checks of one open attempt or refund. */
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * One reconcile pass: acts on the notification cues left waiting (processDueCues), then asks the gateway about the attempts whose outcome is open (`unknown` after a time-out,
 * `created` after a crash, `pending` past RECONCILE_PENDING_AFTER_MS), in queries of 100, and applies the
 * answers; then the refunds not final (searched by their payments' order numbers, `settlePendingRefunds`); then
 * the payouts left SENDING (settleSendingPayouts), the open disputes (recheckOpenDisputes) and the extra payments'
 * refunds (settlePendingExtraRefunds). At most one pass runs at a time across all processes sharing the store.
 *
 * Each attempt and refund is asked about only when its own next check is due: one the gateway keeps open (a
 * payment pending, a refund accepted) is asked RECONCILE_INTERVAL_MS later, then twice as long after each answer
 * that finds it unchanged, at most hourly (`nextCheckAt`); once it moves, by this pass or by a notification, the
 * next check is at the next pass again. At the default 30 s interval a refund held accepted for a day is searched
 * about 30 times that day and 24 a day after, not 2,880.
 */
export async function reconcileOnce(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
): Promise<ReconcileResult> {
  const result = await withReconcileLock(deps.store, () => pass(deps));
  return result ?? { ran: false, checked: 0, applied: 0, closed: 0, errors: 0 };
}

async function pass(deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>): Promise<ReconcileResult> {
  const { db } = deps.store;
  const result: ReconcileResult = { ran: true, checked: 0, applied: 0, closed: 0, errors: 0 };
  // the notifications' cues left waiting (a gateway that did not answer, a process that stopped): the payments they
  // name are asked about, as the receiver's worker would have
  try {
    const cues = await processDueCues(deps);
    result.checked += cues.checked;
    result.applied += cues.applied;
    result.errors += cues.errors;
  } catch (err) {
    result.errors += 1;
    deps.log.error({ err }, 'reconcile: could not act on the notification cues');
  }
  const due = await attemptsDueForCheck(db, deps.now().toISOString(), MAX_PER_PASS);
  await queryAttempts(deps, due, 'reconcile', {
    async unasked(attempt) {
      result.errors += 1;
      await reschedule(deps, attempt);
    },
    async answered(attempt, answer) {
      result.checked += 1;
      let moved = false;
      if ('error' in answer) {
        result.errors += 1;
        deps.log.error({ err: answer.error, attemptId: attempt.id }, 'reconcile: could not apply the query answer');
      } else if (answer.outcome === 'applied') {
        moved = true;
        result.applied += 1;
      } else if (answer.outcome === 'not_found') {
        try {
          if (await closeIfNeverReceived(deps, attempt)) result.closed += 1;
        } catch (err) {
          result.errors += 1;
          deps.log.error({ err, attemptId: attempt.id }, 'reconcile: could not apply the query answer');
        }
      }
      // still open after a move (unknown -> pending): the back-off starts again
      await reschedule(deps, moved ? { ...attempt, checks: 0 } : attempt);
    },
  });
  // refunds not final, each when its check is due: their result (or their arrival) is looked up, as a lost
  // notification's would be; those the gateway still has where they were are asked again later, less often
  try {
    const searchedAt = deps.now().toISOString();
    const due = await refundsDueForCheck(db, searchedAt, inFlightCutoff(deps), MAX_PER_PASS);
    const orderIds = [...new Set(due.map((r) => r.order_id))];
    const found = await settlePendingRefunds(deps, orderIds, { inFlight: true, only: due.map((r) => r.id) });
    await backOffRefunds(db, due, searchedAt, (checks) => nextCheckAt(deps, checks));
    const succeeded: string[] = [];
    for (const entry of found.values()) {
      result.checked += entry.settled.length + entry.unsent.length + entry.unknown.length;
      result.errors += entry.unknown.length;
      result.applied += entry.settled.length;
      for (const refund of entry.settled)
        if (refund.status === REFUND_STATUS.succeeded) succeeded.push(refund.attempt_id);
    }
    // a refund that succeeded moved the payment's status too (partially refunded, refunded): ask for it
    if (succeeded.length) await refreshFromGateway(deps, [...(await attemptsById(db, succeeded)).values()]);
  } catch (err) {
    result.errors += 1;
    deps.log.error({ err }, 'reconcile: could not look up the refunds in flight');
  }
  // payouts whose answer was lost: the same request again, which the gateway dedupes by request_id
  const payouts = await settleSendingPayouts(deps);
  result.checked += payouts.checked;
  result.applied += payouts.applied;
  result.errors += payouts.errors;
  const disputes = await recheckOpenDisputes(deps);
  result.checked += disputes.checked;
  result.applied += disputes.applied;
  result.errors += disputes.errors;
  // the refunds of double payments' extra payments (payment alerts) are asynchronous too
  const extra = await settlePendingExtraRefunds(deps, (checks) => nextCheckAt(deps, checks));
  result.checked += extra.checked;
  result.applied += extra.settled;
  return result;
}

/**
 * An attempt the gateway does not know, past the time its request could still be on its way, never reached it
 * (the request was lost before the gateway stored it): it is closed as declined, which lets the shopper pay
 * again under a new order_no without any risk of paying twice. An `unknown` attempt's call has ended (it timed
 * out or its answer was unusable): a payment call is never retried, so twice the gateway time-out after that,
 * plus slack, nothing of it is left in flight, and the shopper waits about a minute, not the pending threshold
 * (never longer than that threshold, which an operator may set shorter).
 * A `created` attempt was cut by a crash at an unknown point: it waits the pending threshold.
 */
async function closeIfNeverReceived(
  deps: Pick<AppDeps, 'store' | 'now' | 'config'>,
  attempt: AttemptRow,
): Promise<boolean> {
  const now = deps.now();
  if (attempt.status === 'pending') return false;
  const since =
    attempt.status === 'unknown'
      ? Date.parse(attempt.updated_at) +
        Math.min(2 * deps.config.gateway.timeoutMs + 5_000, deps.config.reconcile.pendingAfterMs)
      : Date.parse(attempt.created_at) + deps.config.reconcile.pendingAfterMs;
  if (now.getTime() < since) return false;
  const message = 'I0115:not received by the gateway';
  const at = now.toISOString();
  const closed = await deps.store.db.transaction().execute(async (trx) => {
    const moved = await closeAttemptWithoutStatus(trx, attempt.id, attempt.status, {
      status: 'declined',
      message,
      next_check_at: null,
      updated_at: at,
    });
    if (!moved) return false;
    const order = await mirrorAttempt(trx, attempt, { status: 'declined', message }, at);
    await recordOrderEvents(trx, [order ?? attempt.order_id], at);
    await writeAuditEvent(
      trx,
      {
        kind: 'transition',
        summary: `reconcile: ${attempt.status} -> declined (not received by the gateway)`,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
      },
      at,
    );
    return true;
  });
  return closed;
}

/**
 * When to ask again about something the gateway keeps open after `checks` answers that found it unchanged: the
 * reconcile interval, doubled with each such answer, at most an hour.
 */
function nextCheckAt(deps: Pick<AppDeps, 'now' | 'config'>, checks: number): string {
  const delay = Math.min(deps.config.reconcile.intervalMs * 2 ** Math.min(checks, 30), MAX_BACKOFF_MS);
  return new Date(deps.now().getTime() + delay).toISOString();
}

/** Still open after this pass: ask again later, less often each time. */
async function reschedule(
  deps: Pick<AppDeps, 'store' | 'now' | 'config'>,
  attempt: Pick<AttemptRow, 'id' | 'checks'>,
): Promise<void> {
  await scheduleNextCheck(deps.store.db, attempt.id, attempt.checks + 1, nextCheckAt(deps, attempt.checks));
}
