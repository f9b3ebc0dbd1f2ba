import type { AppDeps } from '../deps';
import type { AttemptRow } from '../store/attempts';
import { runInTransaction } from '../store/runInTransaction';
import type { PaymentAnswer } from './paymentAnswer';

export type AttemptOutcome = Partial<
  Pick<AttemptRow, 'status' | 'payment_status' | 'frame_token' | 'frame_html' | 'redirect_url' | 'message' | 'next_check_at'>
>;

/**
 * Stores the gateway call's result and the answer given, and moves the attempt out of `created`. A
 * notification can beat the gateway's HTTP answer (a fast APM): then the attempt has already moved and keeps
 * the notification's status, while the answer is still stored for replays.
 */
export async function settleAttempt(deps: Pick<AppDeps, 'store' | 'now'>, attempt: AttemptRow, outcome: AttemptOutcome, answer: PaymentAnswer): Promise<void> {
  const at = deps.now().toISOString();
  const { status, payment_status, message, next_check_at, ...artefacts } = outcome;
  await runInTransaction(deps.store.db, async (trx) => {
    await trx.updateTable('payment_attempts').set({ ...artefacts, response: JSON.stringify(answer), updated_at: at }).where('id', '=', attempt.id).execute();
    const moved = await trx
      .updateTable('payment_attempts')
      .set({ status, payment_status: payment_status ?? null, message: message ?? null, ...(next_check_at !== undefined ? { next_check_at } : {}) })
      .where('id', '=', attempt.id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    if (moved.numUpdatedRows === 1n) {
      await trx
        .updateTable('orders')
        .set({ status, payment_status: payment_status ?? null, message: message ?? null, updated_at: at })
        .where('id', '=', attempt.order_id)
        .where('current_attempt_id', '=', attempt.id)
        .execute();
    }
  });
}
