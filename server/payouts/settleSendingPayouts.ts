import type { AppDeps } from '../deps';
import { GatewayRejectedError, type PayoutRequest } from '../gateway';
import { writeAuditEvent } from '../orders';
import { sendingPayoutsDue, touchSendingPayout } from './payouts';
import { recordPayoutAnswer } from './recordPayoutAnswer';

/** The most payouts one reconcile pass sends again; the rest wait for the next pass. */
const MAX_PER_PASS = 100;

/**
 * Settles payouts left SENDING (their answer lost, their notification not yet arrived) for the reconcile loop.
 * The gateway has no payout query, but it dedupes payouts by request_id: the very request that was sent, sent
 * again, can only return the payout already made (or make it, if the first never arrived). So each one past
 * its in-flight window is sent again as stored, and the answer recorded. Any failure leaves it SENDING for a
 * later pass; a refusal is written to the audit log for a person, never taken as "not paid".
 */
export async function settleSendingPayouts(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
): Promise<{ checked: number; applied: number; errors: number }> {
  const { db } = deps.store;
  const result = { checked: 0, applied: 0, errors: 0 };
  // three attempts of the call (the client's retries) plus slack: before that the first send may still be
  // running; sending again then would be harmless (same request_id), only wasted
  const before = new Date(deps.now().getTime() - (3 * deps.config.gateway.timeoutMs + 5_000)).toISOString();
  for (const payout of await sendingPayoutsDue(db, before, MAX_PER_PASS)) {
    result.checked += 1;
    const at = () => deps.now().toISOString();
    const audit = (summary: string) =>
      writeAuditEvent(db, { kind: 'payout', summary, order_no: payout.request_id }, at());
    try {
      const answer = await deps.gateway.payout(JSON.parse(payout.pending_request!) as PayoutRequest);
      if (await recordPayoutAnswer(db, payout, answer, at())) {
        result.applied += 1;
        await audit(`payout ${payout.request_id}: reconcile: ${answer.status} (${answer.transaction_id})`);
      }
    } catch (err) {
      result.errors += 1;
      await touchSendingPayout(db, payout.id, at());
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message }, payoutId: payout.id },
        'reconcile: payout not settled',
      );
      if (err instanceof GatewayRejectedError)
        await audit(
          `payout ${payout.request_id}: reconcile: the gateway refused the same request again (${err.code} ${err.gatewayMessage}); kept SENDING, check it with the gateway`,
        );
    }
  }
  return result;
}
