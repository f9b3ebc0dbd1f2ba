import { Hono } from 'hono';
import { lostDisputeMinor } from '../store/disputes';
import { REFUND_NOTIFY_TYPE, REFUND_STATE } from '../../shared/gateway/refundState';
import { canApply } from '../../shared/gateway/status';
import { toMinor } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { REFUND_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { notifyRefundStep } from '../payments/notifyRefundStep';
import { REFUND_OK } from '../payments/refundOk';
import { findRefundByReference, inFlightMinor, insertRefund } from '../store/refunds';
import { updateIfStatus } from '../store/transactions';
import { checkOrderAmount, runBatch, type BatchOp } from './runBatch';

/** `<transaction_id>-01`, `-02`, ...: the sequence has two digits (docs/gateway-evidence.md 3). */
function refundReferenceId(transactionId: string, sequence: number): string {
  return `${transactionId}-${String(sequence).padStart(2, '0')}`;
}

/**
 * Full or partial refunds of a paid order, never more than was captured minus what was refunded or is being
 * refunded (B0002), each with a refund_reason. Each refund gets `<transaction_id>-<two-digit sequence>`; a
 * merchant `refund_reference` already used on the order is a repeated submission (E0008), so a retried call
 * cannot refund twice. An answered refund is only received (docs/gateway-evidence.md 8): `advanceRefunds` takes it to
 * accepted, then to its result, each step `stepMs` later with its notification; the order becomes partially
 * refunded or refunded when the refund succeeds, not before.
 */
function refundOp(stepMs: number): BatchOp {
  return {
    name: 'refund',
    listField: 'refund_orders',
    statusField: 'refund_status',
    itemRules: REFUND_ITEM_RULES,
    echo: ['amount', 'currency', 'order_no', 'refund_amount', 'refund_reason', 'refund_reference', 'transaction_id'],
    async apply(db, account, tx, item, now, profile) {
      if (!canApply(tx.status, 'refund_partial')) throw new GatewayError('E0009', 'transaction_id');
      checkOrderAmount(tx, item);
      const amount = toMinor(String(item.refund_amount), tx.currency);
      // in-flight refunds hold their amount, and a lost dispute already gave that money back to the cardholder
      const refundable =
        tx.captured_minor -
        tx.refunded_minor -
        (await inFlightMinor(db, tx.transaction_id)) -
        (await lostDisputeMinor(db, tx.transaction_id));
      if (amount > refundable) throw new GatewayError('B0002', 'refund_amount');
      const reference = typeof item.refund_reference === 'string' ? item.refund_reference : '';
      if (reference && (await findRefundByReference(db, tx.transaction_id, reference)))
        throw new GatewayError('E0008', 'refund_reference');
      const sequence = tx.refund_seq + 1;
      const referenceId = refundReferenceId(tx.transaction_id, sequence);
      const refund = {
        refund_reference_id: referenceId,
        transaction_id: tx.transaction_id,
        sequence,
        refund_reference: reference,
        amount_minor: amount,
        currency: tx.currency,
        reason: String(item.refund_reason),
        state: REFUND_STATE.received,
        plan: tx.refund_plan ?? 'succeed',
        due_at: now + stepMs,
        message: null,
        created_at: now,
        processed_at: null,
      } as const;
      await insertRefund(db, refund);
      // the test control's plan is for one refund; the sequence is taken under the row's status, as a move would
      if (!(await updateIfStatus(db, tx.transaction_id, tx.status, { refund_seq: sequence, refund_plan: null })))
        throw new GatewayError('E0009', 'transaction_id');
      await notifyRefundStep(db, account, tx, refund, REFUND_NOTIFY_TYPE.received, now, profile);
      return {
        refund_message: REFUND_OK,
        refund_reference_id: referenceId,
        error_message: '',
      };
    },
    failed: (message) => ({
      refund_message: message,
      refund_reference_id: '',
      error_message: message,
    }),
  };
}

export function refundRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, refundOp(deps.refundStepMs)));
}
