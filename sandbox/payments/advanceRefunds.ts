import type { GatewayProfile } from '../../shared/gateway/profile';
import { REFUND_NOTIFY_TYPE, REFUND_STATE, type RefundState } from '../../shared/gateway/refundState';
import { PAYMENT_STATUS } from '../../shared/gateway/status';
import type { AccountLookup } from '../accounts';
import type { Db } from '../store/openStore';
import { dueRefunds, updateRefundIfState, type RefundRow } from '../store/refunds';
import { lostDisputeMinor } from '../store/disputes';
import { getTransaction } from '../store/transactions';
import { moveTransaction } from './moveTransaction';
import { notifyRefundStep, refundFields } from './notifyRefundStep';
import { REFUND_FAILED, REFUND_OK } from './refundOk';

/**
 * Takes the refunds whose time has come one step on (docs/gateway-evidence.md 8): received -> accepted, then accepted
 * -> succeeded (the payment becomes partially refunded or refunded) or failed (it stays as it was: no money moved),
 * each step with its notification, in one transaction with it. A refund planned `hold` waits in accepted until
 * `/sandbox/refunds/:id/result` decides. The times are stored, so a restart carries on. Returns the steps taken.
 */
export async function advanceRefunds(
  db: Db,
  findAccount: AccountLookup,
  now: number,
  profile: GatewayProfile,
  stepMs: number,
): Promise<number> {
  let steps = 0;
  for (const refund of await dueRefunds(db, now)) {
    const result = refund.plan === 'fail' ? REFUND_STATE.failed : REFUND_STATE.succeeded;
    const to = refund.state === REFUND_STATE.received ? REFUND_STATE.accepted : result;
    if (await stepRefund(db, findAccount, refund, to, now, profile, refund.plan === 'hold' ? null : now + stepMs))
      steps++;
  }
  return steps;
}

/**
 * One step of one refund, if it is still where it was read: `accepted` (next step at `nextAt`), or its result.
 * False when another pass (or the test control) moved it first.
 */
export async function stepRefund(
  db: Db,
  findAccount: AccountLookup,
  refund: RefundRow,
  to: RefundState,
  now: number,
  profile: GatewayProfile,
  nextAt: number | null = null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const tx = await getTransaction(trx, refund.transaction_id);
    const account = tx && findAccount(tx.account_id);
    if (!tx || !account) return false;
    const final = to === REFUND_STATE.succeeded || to === REFUND_STATE.failed;
    const message = to === REFUND_STATE.failed ? REFUND_FAILED : null;
    const moved = await updateRefundIfState(trx, refund.refund_reference_id, refund.state, {
      state: to,
      due_at: final ? null : nextAt,
      message,
      ...(final ? { processed_at: now } : {}),
    });
    if (!moved) return false;
    const step = { ...refund, state: to, message };
    if (to !== REFUND_STATE.succeeded) {
      const type = to === REFUND_STATE.accepted ? REFUND_NOTIFY_TYPE.accepted : REFUND_NOTIFY_TYPE.result;
      await notifyRefundStep(trx, account, tx, step, type, now, profile);
      return true;
    }
    // the money moves now: refunded in full once the refunds that succeeded, with what lost disputes took back,
    // add up to what was captured
    const refunded = tx.refunded_minor + refund.amount_minor;
    const full = refunded + (await lostDisputeMinor(trx, tx.transaction_id)) === tx.captured_minor;
    await moveTransaction(
      trx,
      account,
      tx,
      {
        event: full ? 'refund_full' : 'refund_partial',
        to: full ? PAYMENT_STATUS.REFUNDED : PAYMENT_STATUS.PARTIALLY_REFUNDED,
        message: REFUND_OK,
        notify: REFUND_NOTIFY_TYPE.result,
        patch: { refunded_minor: refunded },
        ...refundFields(profile, { ...refund, state: to }, refund.currency),
      },
      now,
      profile,
    );
    return true;
  });
}
