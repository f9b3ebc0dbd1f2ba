import { Hono } from 'hono';
import { lostDisputeMinor } from '../store/disputes';
import { PAYMENT_STATUS, canApply } from '../../shared/gateway/status';
import { toMinor } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { REFUND_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { moveTransaction } from '../payments/moveTransaction';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { findRefundByReference, insertRefund } from '../store/refunds';
import { checkOrderAmount, runBatch, type BatchOp } from './runBatch';

/** refund_message of a refund that went through (GATEWAY-DOCS.md 3). */
export const REFUND_OK = 'V0000:OK';

/** `<transaction_id>-01`, `-02`, ...: the sequence has two digits (GATEWAY-DOCS.md 3). */
function refundReferenceId(transactionId: string, sequence: number): string {
  return `${transactionId}-${String(sequence).padStart(2, '0')}`;
}

/**
 * Full or partial refunds of a paid order, never more than was captured minus what was refunded (B0002), each
 * with a refund_reason. Each refund gets `<transaction_id>-<two-digit sequence>`; a merchant `refund_reference`
 * already used on the order is a repeated submission (E0008), so a retried call cannot refund twice. A refund
 * of what is left leaves the order refunded, a smaller one partially refunded (the shared status table's codes).
 */
const REFUND: BatchOp = {
  name: 'refund',
  listField: 'refund_orders',
  statusField: 'refund_status',
  itemRules: REFUND_ITEM_RULES,
  echo: ['amount', 'currency', 'order_no', 'refund_amount', 'refund_reason', 'refund_reference', 'transaction_id'],
  async apply(db, account, tx, item, now, profile) {
    if (!canApply(tx.status, 'refund_partial')) throw new GatewayError('E0009', 'transaction_id');
    checkOrderAmount(tx, item);
    const amount = toMinor(String(item.refund_amount), tx.currency);
    // a lost dispute already gave that money back to the cardholder: it cannot be refunded as well
    const refundable = tx.captured_minor - tx.refunded_minor - (await lostDisputeMinor(db, tx.transaction_id));
    if (amount > refundable) throw new GatewayError('B0002', 'refund_amount');
    const reference = typeof item.refund_reference === 'string' ? item.refund_reference : '';
    if (reference && (await findRefundByReference(db, tx.transaction_id, reference)))
      throw new GatewayError('E0008', 'refund_reference');
    const sequence = tx.refund_seq + 1;
    const referenceId = refundReferenceId(tx.transaction_id, sequence);
    await insertRefund(db, {
      refund_reference_id: referenceId,
      transaction_id: tx.transaction_id,
      sequence,
      refund_reference: reference,
      amount_minor: amount,
      currency: tx.currency,
      reason: String(item.refund_reason),
      state: 'succeeded',
      created_at: now,
      processed_at: now,
    });
    const full = amount === refundable;
    await moveTransaction(
      db,
      account,
      tx,
      {
        event: full ? 'refund_full' : 'refund_partial',
        to: full ? PAYMENT_STATUS.REFUNDED : PAYMENT_STATUS.PARTIALLY_REFUNDED,
        message: REFUND_OK,
        notify: NOTIFY_TYPE.refund,
        patch: { refunded_minor: tx.refunded_minor + amount, refund_seq: sequence },
        extra: { refund_amount: String(item.refund_amount), refund_reference_id: referenceId },
      },
      now,
      profile,
    );
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

export function refundRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, REFUND));
}
