import type { AppDeps } from '../deps';
import { moveCreatedAttempt, updateAttempt, type AttemptRow } from './attempts';
import { writeAuditEvent, type AuditEvent } from './auditEvents';
import { mirrorAttempt } from './orders';
import { recordOrderEvents } from '../shopEvents';
import { runInTransaction } from '../store';
import type { PaymentAnswer } from '../checkout';

export type AttemptOutcome = Partial<
  Pick<
    AttemptRow,
    | 'status'
    | 'payment_status'
    | 'transaction_id'
    | 'frame_token'
    | 'frame_form'
    | 'redirect_url'
    | 'message'
    | 'next_check_at'
  >
>;

/**
 * Stores the gateway call's result, the answer given and the audit lines of the call (`audit`), in one
 * transaction, and moves the attempt out of `created`. A notification can beat the gateway's HTTP answer (a fast
 * APM): then the attempt has already moved and keeps the notification's status, while the answer is still stored
 * for replays.
 */
export async function settleAttempt(
  deps: Pick<AppDeps, 'store' | 'now' | 'log'>,
  attempt: AttemptRow,
  outcome: AttemptOutcome,
  answer: PaymentAnswer,
  audit: readonly AuditEvent[] = [],
  requestId?: string,
): Promise<void> {
  const at = deps.now().toISOString();
  const { status, payment_status, transaction_id, message, next_check_at, ...artefacts } = outcome;
  const kept = { ...artefacts, response: JSON.stringify(answer), updated_at: at };
  const moves = {
    status,
    payment_status: payment_status ?? null,
    message: message ?? null,
    ...(next_check_at !== undefined ? { next_check_at } : {}),
  };
  // the gateway's id of a pending APM payment: kept on the attempt and its order, where the owner searches by it;
  // a notification that came first has stored its own already
  const tx = transaction_id ? { transaction_id } : {};
  try {
    await runInTransaction(deps.store.db, async (trx) => {
      if (await moveCreatedAttempt(trx, attempt.id, { ...kept, ...moves, ...tx })) {
        const mirror = { status, payment_status: moves.payment_status, message: moves.message, ...tx };
        const order = await mirrorAttempt(trx, attempt, mirror, at);
        // no longer the order's current attempt: the order is read as it is
        await recordOrderEvents(trx, [order ?? attempt.order_id], at);
      } else {
        // a page stored after a query found the attempt without one: the shopper has it, so it blocks again
        const page = artefacts.frame_form || artefacts.redirect_url;
        await updateAttempt(trx, attempt.id, { ...kept, ...(page ? { stranded_at: null } : {}) });
      }
      for (const event of audit) await writeAuditEvent(trx, event, at);
    });
  } catch (e) {
    // the outcome could not be stored (the reconcile loop will ask the gateway); the record of the call is kept
    for (const event of audit)
      await writeAuditEvent(deps.store.db, event, at).catch((err: unknown) =>
        deps.log.error({ requestId, attemptId: attempt.id, err }, 'audit: could not record a gateway call'),
      );
    throw e;
  }
}
