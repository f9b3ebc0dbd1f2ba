import { applyPayoutNotification } from '../payouts';
import type { AppDeps } from '../deps';
import { findAttemptByGatewayOrderNo, updateAttempt, type AttemptRow } from '../orders';
import { writeAuditEvent } from '../orders';
import { recordNotification, setNotificationOutcome } from './notifications';
import { findOrder } from '../orders';
import { runInTransaction, type Db } from '../store';
import { sentOrdersOf } from '../orders';
import { attemptHasSavedCard } from '../checkout';
import type { RefundRow } from '../refunds';
import { kindOfNotification, type NotificationKind } from '../../shared/gateway/profile';
import { applyDispute } from '../disputes';
import { applyGatewayStatus, type ApplyOutcome } from '../orders';
import { applyRefundNotification, isRefundNotification } from '../refunds';
import { confirmRefund } from '../refunds';
import { notifiedDisputeState, readDispute } from '../disputes';
import { logAlerts } from '../orders';
import type { RaisedAlert } from '../orders';
import { confirmPayment } from '../orders';
import { CARD_CHARGED } from '../orders';
import { matchesOrder } from '../orders';

export type NotificationOutcome = ApplyOutcome | 'duplicate' | 'mismatch' | 'unknown_type' | 'unknown_order';

/** Fields never stored as received: the signature, and a card token (which would charge the card). */
const MASKED_FIELDS = ['encryption_data', 'token_id'];
/** Fields and characters per field kept: unsigned fields can be added to a signed message, and must cost little. */
const KEPT_FIELDS = 40;
const KEPT_CHARS = 256;

/** A notification's fields, secrets masked and bounded, for the audit log and the notifications table. */
function masked(form: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .slice(0, KEPT_FIELDS)
      .map(([name, value]) => [name, MASKED_FIELDS.includes(name) && value ? '[masked]' : value.slice(0, KEPT_CHARS)]),
  );
}

/**
 * Applies a notification whose signature was already verified, of a kind the profile trusts
 * (`incoming.trusted`, docs/protocol-decisions.md 6), read in this project's names (readNotification). Recording its notify_id
 * and applying its status happen in one transaction, so a duplicate delivery, even to another process at the same
 * moment, is applied once. A status for another amount, currency or transaction is not applied: the gateway is
 * asked instead (the query is the more trusted source). So is a notify_type the gateway profile does not list:
 * what it means is not known, so nothing is read from it, as for an unknown status.
 */
export async function applyNotification(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  form: Readonly<Record<string, string>>,
  requestId?: string,
  /**
   * its id where it has none of its own (a hash of its fields), and what it is about; `askLater`: how a payment is
   * asked about after it, for what only the query's record brings (the receiver stores a cue, so that the cue worker
   * asks about many payments in one query); without it (a test of the rules alone) nothing is asked
   */
  read: { id?: string; kind?: NotificationKind; askLater?: (attempt: AttemptRow) => Promise<void> } = {},
): Promise<NotificationOutcome> {
  const { db } = deps.store;
  const notifyId = read.id ?? form.notify_id ?? '';
  const kind = read.kind ?? kindOfNotification(deps.gateway.profile, form.notify_type);
  const orderNo = form.order_no ?? '';
  const result = await runInTransaction(
    db,
    async (
      trx,
    ): Promise<{
      outcome: NotificationOutcome;
      attempt?: AttemptRow;
      alerts?: RaisedAlert[];
      confirmRefund?: RefundRow;
    }> => {
      const now = deps.now();
      const audit = (kind: string, summary: string, attemptId: string | null = null) =>
        writeAuditEvent(
          trx,
          {
            kind,
            summary,
            order_no: orderNo || null,
            attempt_id: attemptId,
            request_id: requestId ?? null,
            detail: masked(form),
          },
          now.toISOString(),
        );
      const fresh = await recordNotification(trx, {
        notify_id: notifyId,
        notify_type: form.notify_type ?? '',
        order_no: orderNo,
        transaction_id: form.transaction_id ?? '',
        payment_status: form.payment_status ?? '',
        attempt_id: null,
        outcome: 'received',
        payload: JSON.stringify(masked(form)),
        received_at: now.toISOString(),
      });
      if (!fresh) {
        await audit('ignored', `notification ${notifyId}: duplicate delivery`);
        return { outcome: 'duplicate' };
      }
      const attempt = orderNo ? await findAttemptByGatewayOrderNo(trx, orderNo) : undefined;
      const finish = async (outcome: NotificationOutcome, summary: string) => {
        await setNotificationOutcome(trx, notifyId, outcome, attempt?.id ?? null);
        await audit(
          'notification',
          `notification ${notifyId} (${form.notify_type ?? ''} ${form.payment_status ?? ''}): ${summary}`,
          attempt?.id ?? null,
        );
        return { outcome, ...(attempt ? { attempt } : {}) };
      };
      if (!Object.hasOwn(deps.gateway.profile.notificationTypes, form.notify_type ?? '')) {
        return finish(
          'unknown_type',
          `notify_type ${JSON.stringify(form.notify_type ?? '')} is not in the gateway profile; querying the gateway`,
        );
      }
      if (kind === 'payout') {
        const outcome = await applyPayoutNotification(trx, form, now);
        return finish(outcome, `payout ${outcome}`);
      }
      if (!attempt) return finish('unknown_order', 'no payment with this order_no');
      const order = await findOrder(trx, attempt.order_id);
      const sameTransaction = !attempt.transaction_id || attempt.transaction_id === form.transaction_id;
      if (!order || !matchesOrder(order, form.amount, form.currency) || !sameTransaction) {
        return finish(
          'mismatch',
          `${form.currency} ${form.amount} (${form.transaction_id}) does not match the order; querying the gateway`,
        );
      }
      if (kind === 'dispute') {
        const dispute = readDispute(form, notifiedDisputeState(form), order);
        if (typeof dispute === 'string') return finish('mismatch', `${dispute}; querying the gateway`);
        const outcome = await applyDispute(trx, attempt, order, dispute, 'notification', { now, requestId });
        return finish(outcome, `dispute ${dispute.dispute_id} ${outcome}`);
      }
      // a refund's own step (received, accepted, result), besides the payment status the notification carries
      const refund =
        kind === 'refund' && isRefundNotification(form.notify_type)
          ? await applyRefundNotification(trx, order, form, now.toISOString())
          : undefined;
      const applied = await applyGatewayStatus(
        trx,
        attempt.id,
        { payment_status: form.payment_status ?? '', transaction_id: form.transaction_id, message: form.message },
        'notification',
        { now, requestId, profile: deps.gateway.profile },
      );
      return {
        ...(await finish(applied.outcome, refund ? `${applied.outcome}; ${refund.summary}` : applied.outcome)),
        alerts: applied.alerts ?? [],
        ...(refund?.confirm ? { confirmRefund: refund.confirm } : {}),
      };
    },
  );
  logAlerts(deps.log, result.alerts, requestId);

  // What a card payment's query answer adds is kept from that answer only (keepRecordExtras): the card's brand and
  // last four (the order page's "Visa •••• 4242") and the card the shopper asked to save, whose token fields a
  // notification does not sign. The shopper's return asks, but only while the payment is open: a notification that
  // settles the payment first is followed by the query instead.
  if (
    read.askLater &&
    result.attempt &&
    kind === 'payment' &&
    CARD_CHARGED.includes(form.payment_status ?? '') &&
    (result.outcome === 'applied' || result.outcome === 'same_status') &&
    (await lacksQueryExtras(db, result.attempt))
  ) {
    await read.askLater(result.attempt);
  }
  if (result.confirmRefund) await confirmRefund(deps, result.confirmRefund, orderNo, requestId);
  if ((result.outcome === 'mismatch' || result.outcome === 'unknown_type') && result.attempt) {
    const confirmed = await confirmPayment(deps, result.attempt, requestId);
    // no answer now: let the reconcile loop ask at its next pass
    if (confirmed === 'unavailable')
      await updateAttempt(db, result.attempt.id, { next_check_at: deps.now().toISOString() });
  }
  return result.outcome;
}

/** A card payment whose brand and last four, or whose card to save, only a query's answer can still bring. */
async function lacksQueryExtras(db: Db, attempt: AttemptRow): Promise<boolean> {
  if (attempt.kind !== 'card') return false;
  if (!attempt.card_brand || !attempt.card_last4) return true;
  return (
    (await sentOrdersOf(db, [attempt.id])).get(attempt.id)?.token_flag === 'YES' &&
    !(await attemptHasSavedCard(db, attempt.id))
  );
}
